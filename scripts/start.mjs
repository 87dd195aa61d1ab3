// `npm start`: build what is missing, then run the production server.
import "./require-node.mjs";
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const needed = ["build/server/index.js", "build/client", "dist/server.js"];
if (needed.some((path) => !existsSync(path))) {
  console.log("Building the app (first start)…");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
process.env.NODE_ENV ??= "production";
await import("../dist/server.js");
