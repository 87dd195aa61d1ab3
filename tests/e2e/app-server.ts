import type { ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser } from "playwright-core";
import { inject } from "vitest";
import { CHROMIUM_ARGS } from "../setup/chromium";
import { waitForHydration } from "./hydrated-pages";
import { freePort } from "../setup/free-port";
import { RUN_MARKER, spawnTracked } from "../setup/spawned-processes";

/** Variables that change what a first start puts in DATA_DIR: with any of them, the server seeds for itself. */
const SEEDING_VARIABLES = ["DATA_DIR", "DATABASE_URL", "SEED_DEMO", "S3_BUCKET"];

function newDataDir(extraEnv: Record<string, string>): string {
  const dataDir = mkdtempSync(join(tmpdir(), "eva-e2e-"));
  if (!SEEDING_VARIABLES.some((name) => name in extraEnv))
    cpSync(inject("seededDataDir"), dataDir, { recursive: true });
  return dataDir;
}

/**
 * The built app, started as users start it, on its own temporary DATA_DIR (or on the one a
 * killed server left, to start again where it stopped). A new DATA_DIR is a copy of the run's
 * seeded one (tests/setup/seeded-template.ts): the same database and files a first start
 * makes, without seeding again.
 */
export async function startAppServer(extraEnv: Record<string, string> = {}, options: { dataDir?: string } = {}) {
  const dataDir = options.dataDir ?? newDataDir(extraEnv);
  // The port was free when asked for; another process may bind it before the server does.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOn(await freePort(), dataDir, extraEnv);
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt >= 5) throw error;
    }
  }
}

class PortTaken extends Error {}

async function startOn(port: number, dataDir: string, extraEnv: Record<string, string>) {
  const baseUrl = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  const child: ChildProcess = spawnTracked(process.execPath, ["dist/server.js"], inject("runMarker"), {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      // A test asks for the pages it shows: a round storing the whole sitemap at start would cost
      // each server seconds and answer a first look from the store. Its own test turns it on.
      PAGES_AHEAD: "0",
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));

  async function stop(): Promise<number | null> {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
      child.kill("SIGTERM");
      const code = await exited;
      rmSync(dataDir, { recursive: true, force: true });
      return code;
    }
    rmSync(dataDir, { recursive: true, force: true });
    return child.exitCode;
  }

  /** Ends the process at once, as a crash or a lost machine would, and leaves DATA_DIR behind. */
  async function kill(): Promise<void> {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGKILL");
    await exited;
  }

  // Generous: a loaded machine starts a server several times slower than an idle one.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) {
      if (output.join("").includes("EADDRINUSE")) throw new PortTaken(`port ${port} was taken`);
      await stop();
      throw new Error(`server exited:\n${output.join("")}`);
    }
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server did not start:\n${output.join("")}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return { baseUrl, dataDir, output, stop, kill };
}

/** Chromium as the run's global setup found it (tests/setup/chromium.ts). */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: inject("chromiumPath"),
    args: CHROMIUM_ARGS,
    env: { ...process.env, [RUN_MARKER]: inject("runMarker") },
  });
  return waitForHydration(browser);
}

type AppServer = Awaited<ReturnType<typeof startAppServer>>;

/**
 * Starts a server and a browser together; when either fails, the other is stopped before
 * the error is raised, so a failed start leaves nothing running.
 */
export async function startServerAndBrowser(extraEnv: Record<string, string> = {}): Promise<[AppServer, Browser]> {
  const [app, browser] = await Promise.allSettled([startAppServer(extraEnv), launchBrowser()]);
  if (app.status === "fulfilled" && browser.status === "fulfilled") return [app.value, browser.value];
  if (app.status === "fulfilled") await app.value.stop();
  if (browser.status === "fulfilled") await browser.value.close();
  throw app.status === "rejected" ? app.reason : (browser as PromiseRejectedResult).reason;
}
