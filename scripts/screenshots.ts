// npm run screenshots: the main pages of every role at a phone's width (390 px) and a laptop's
// (1366 px), saved to docs/screenshots/{width}/{role}-{page}.jpg, so that a reviewer can look at
// the product without starting anything. Builds the app, starts it on a fresh DATA_DIR (a first
// start's demo data), and drives the Chromium the browser tests use.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, findChromium } from "#tests/setup/chromium";
import { DEMO, type DemoRole } from "#tests/e2e/demo-sessions";
// @ts-expect-error: a plain .mjs module without types, shared with the benches.
import { buildApp, freePort, waitFor } from "./bench-support.mjs";

const WIDTHS = [390, 1366] as const;
const OUT = "docs/screenshots";

/** Each role's main pages; a function of the page answers a path only found by looking. */
const PAGES: [DemoRole, string, string][] = [
  ["guest", "home", "/"],
  ["guest", "search", "/search?searchTerms=band"],
  ["guest", "listing", "/hire/wedding/chicago-il"],
  ["guest", "profile", "/entertainment/the-velvet-tones"],
  ["guest", "guides", "/guides"],
  ["guest", "guide", "/guides/choosing-a-wedding-band"],
  ["guest", "signup", "/signup"],
  ["guest", "not-found", "/no-such-page"],
  ["planner", "events", "/events"],
  ["planner", "messages", "/messages"],
  ["planner", "shortlist", "/shortlist"],
  ["planner", "profile", "/entertainment/the-velvet-tones"],
  ["planner", "notifications", "/notifications"],
  ["owner", "my-acts", "/my-acts"],
  ["owner", "invites", "/invites"],
  ["owner", "update-profile", "/entertainment/update/the-velvet-tones"],
  ["owner", "calendar", "/entertainment/the-velvet-tones/calendar"],
  ["admin", "acts", "/admin/acts"],
  ["admin", "tag-requests", "/admin/tag-requests"],
  ["admin", "seo", "/admin/seo"],
];

async function startServer(): Promise<{ base: string; child: ChildProcess; dataDir: string }> {
  const port = (await freePort()) as number;
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), "eva-screenshots-"));
  const child = spawn(process.execPath, ["dist/server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  await waitFor(`${base}/readyz`);
  return { base, child, dataDir };
}

async function main() {
  buildApp();
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: (await findChromium()).executablePath, args: CHROMIUM_ARGS });
  try {
    for (const width of WIDTHS) mkdirSync(join(OUT, String(width)), { recursive: true });
    const roles = [...new Set(PAGES.map(([role]) => role))];
    for (const role of roles) {
      for (const width of WIDTHS) {
        const context = await browser.newContext({
          viewport: { width, height: width < 600 ? 844 : 900 },
          deviceScaleFactor: 1,
        });
        if (role !== "guest") {
          const page = await context.newPage();
          await page.goto(`${server.base}/login`);
          await page.getByLabel("Email").fill(DEMO[role as keyof typeof DEMO]);
          await page.getByLabel("Password").fill("demo-password");
          await page.getByRole("button", { name: "Log in" }).click();
          await page.getByTestId("signed-in-as").waitFor({ state: "attached" });
          await page.close();
        }
        for (const [, name, path] of PAGES.filter(([pageRole]) => pageRole === role)) {
          const page = await context.newPage();
          await page.goto(`${server.base}${path}`, { waitUntil: "networkidle" });
          const file = join(OUT, String(width), `${role}-${name}.jpg`);
          await page.screenshot({ path: file, fullPage: true, type: "jpeg", quality: 60 });
          console.log(file);
          await page.close();
        }
        await context.close();
      }
    }
  } finally {
    await browser.close();
    server.child.kill("SIGTERM");
    await new Promise((resolve) => server.child.once("exit", resolve));
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}

await main();
