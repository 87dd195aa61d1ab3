// Bundles the Node server (our code only; packages stay in node_modules) into dist/server.js, and its calendar worker into dist/calendar-worker.js.
import { build } from "esbuild";

// The calendar worker is a thread of its own, so it is an entry of its own (modules/availability/server/calendar-thread.ts finds it beside the server).
await build({
  entryPoints: { server: "server/main.ts", "calendar-worker": "modules/availability/server/calendar-worker.ts" },
  outdir: "dist",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
