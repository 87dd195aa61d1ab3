import GUEST_SCRIPTS from "./guest-scripts.json";
import type { Context, Handler } from "hono";
import type { ViewerCache } from "../cache/viewer-cache";
import type { ReadCache } from "../cache/cached-read";
import { PageReads } from "../cache/read-tracking";
import type { DatabaseHandle } from "../db/client";
import type { JobQueue } from "../jobs/job-queue";
import type { CardGateway } from "../payments/card-gateway";
import type { AppEnv } from "../http/app-env";
import { socketAddress, withClientIp } from "../http/client-ip";
import { hasUnsafePath } from "../http/page-writes";
import { acceptsGzip, finishPage } from "../http/page-response";
import { type PagePolicyOptions, withPagePolicy } from "../http/security-headers";
import type { EnhanceScripts, LoadContext, PublicConfig, SsrHandler, ViewerFactsOf } from "./load-context";

/** In development Vite serves the scripts straight from their sources. */
export const DEV_ENHANCE_SCRIPTS = {
  ...Object.fromEntries(Object.entries(GUEST_SCRIPTS).map(([name, source]) => [name, `/${source}`])),
  // MapLibre's worker is a classic script, served as the package ships it (scripts/build-enhance.mjs).
  mapLibreWorker: "/node_modules/maplibre-gl/dist/maplibre-gl-csp-worker.js",
} as EnhanceScripts;

export interface PageDeps<Facts extends object> {
  ssr: SsrHandler<Facts>;
  /** What the pages add to the context (the viewer's facts), built per request. */
  viewerFacts: ViewerFactsOf<Facts>;
  database: DatabaseHandle;
  jobs: JobQueue;
  cards: CardGateway | undefined;
  publicOrigin: string;
  config: PublicConfig;
  pagePolicy: PagePolicyOptions;
  viewerCache?: ViewerCache | undefined;
  readCache?: ReadCache;
  keepPages: boolean;
  /** How a loader's call of our own API is answered: the app itself, marked as an internal call. */
  fetchInternal(request: Request, c: Context<AppEnv>): Promise<Response>;
}

/**
 * A page: its load context (who asks, and what of theirs is kept between changes), React
 * Router's render, and the answer's bytes with a policy made from them (so that the guest
 * cache keeps the policy with the page).
 */
export function pageHandler<Facts extends object>(deps: PageDeps<Facts>): Handler<AppEnv> {
  const { database, viewerCache } = deps;
  return async (c) => {
    const viewer = c.get("viewer");
    // What of the viewer's the header and pages show, kept per viewer when there is a viewer cache.
    // Which declared reads the page makes, and whether it read anything else (server/cache/read-tracking.ts).
    const reads = new PageReads();
    const memo: Record<string, unknown> = {};
    const context: LoadContext & Facts = {
      // The viewer's facts read the database itself, not the page's watched reads: they are kept per viewer, never in a guest's page.
      ...deps.viewerFacts({ viewer, db: database.db, viewerCache }),
      viewer,
      db: reads.watch(database.db),
      jobs: deps.jobs,
      cards: deps.cards,
      // A page made ahead keeps nothing here: nobody asked for it on this server (decision 0067).
      readCache: c.get("madeAhead") ? undefined : deps.readCache,
      keepPages: deps.keepPages,
      keepParts: !c.get("madeAhead"),
      requestId: c.get("requestId"),
      config: deps.config,
      remember: (key, value) => {
        memo[key] = value;
      },
      apiFetch: (path, init = {}) => {
        const headers = new Headers(init.headers);
        const cookie = c.req.header("cookie");
        if (cookie) headers.set("cookie", cookie);
        headers.set("origin", deps.publicOrigin);
        return deps.fetchInternal(
          withClientIp(new Request(new URL(path, deps.publicOrigin), { ...init, headers }), socketAddress(c)),
          c,
        );
      },
    };
    const renderUrl = c.get("renderUrl");
    // A path no route could name (NUL, broken Unicode, bad escapes) is the not-found page.
    const request = hasUnsafePath(c.req.path)
      ? new Request(new URL("/not-found", c.req.url), { headers: c.req.raw.headers })
      : renderUrl && renderUrl !== c.req.url
        ? new Request(renderUrl, c.req.raw)
        : c.req.raw;
    const response = finishPage(await deps.ssr(request, context), { ...deps.pagePolicy, acceptsGzip: acceptsGzip(c) });
    c.set("pageTags", reads.tags());
    if (Object.keys(memo).length) c.set("pageMemo", memo);
    return withPagePolicy(response, deps.pagePolicy);
  };
}
