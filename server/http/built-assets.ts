import { readdirSync } from "node:fs";
import { serveStatic } from "@hono/node-server/serve-static";
import type { Hono } from "hono";
import type { AppEnv } from "./app-env";
import { setResponseHeader } from "./set-response-header";

/**
 * The build's browser files. Vite fingerprints everything under /assets, and esbuild
 * everything under /enhance (the guest scripts, scripts/build-enhance.mjs), so they are cached
 * for good; only paths under what the build put there look on disk, so a page costs no lookup.
 */
export function serveBuiltAssets(app: Hono<AppEnv>, staticDir: string): void {
  for (const folder of ["/assets/*", "/enhance/*"]) {
    app.use(folder, async (c, next) => {
      await next();
      if (c.res.ok) setResponseHeader(c, "cache-control", "public, max-age=31536000, immutable");
    });
  }
  const serveBuilt = serveStatic({ root: staticDir });
  for (const entry of readdirSync(staticDir, { withFileTypes: true })) {
    if (!entry.name.startsWith(".")) app.use(entry.isDirectory() ? `/${entry.name}/*` : `/${entry.name}`, serveBuilt);
  }
}
