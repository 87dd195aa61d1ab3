// Bundles the Node server (our code only; packages stay in node_modules) into dist/server.js, and its worker threads (calendars, PDFs) beside it.
import { build } from "esbuild";

// Each worker is a thread of its own, so an entry of its own (server/workers/worker-entry.ts finds it beside the server).
await build({
  entryPoints: {
    server: "start/main.ts",
    "calendar-worker": "modules/availability/server/calendar-worker.ts",
    "pdf-worker": "modules/bookings/server/pdf/pdf-worker.ts",
  },
  outdir: "dist",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
