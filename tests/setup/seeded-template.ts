import { spawn } from "node:child_process";
import { freePort } from "./free-port";

/**
 * Starts the built server once on an empty DATA_DIR, so that it migrates the embedded
 * database and loads the demo data and catalogue as on a first start, then stops it cleanly
 * (SIGTERM closes the database): what is left is a first start's DATA_DIR, ready to copy.
 */
export async function startSeededTemplate(dataDir: string): Promise<void> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  const child = spawn(process.execPath, ["dist/server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the seeding server exited:\n${output.join("")}`);
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`the seeding server did not start:\n${output.join("")}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill("SIGTERM");
  const code = await exited;
  if (code !== 0) throw new Error(`the seeding server stopped with ${code}:\n${output.join("")}`);
}
