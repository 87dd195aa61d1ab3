import { Hono } from "hono";
import { compress } from "hono/compress";
import type { Logger } from "pino";
import { apiRouter } from "./api-router";
import { authRoutes } from "#modules/accounts/server/start";
import type { Auth } from "#modules/accounts/server/start";
import type { ReadCache } from "#server/cache/cached-read";
import type { GuestPageCache } from "#server/cache/guest-cache";
import type { TaggedStore } from "#server/cache/tagged-store";
import type { ViewerCache } from "#server/cache/viewer-cache";
import type { JobQueue } from "#server/jobs/job-queue";
import { type CardGateway, openCardGateway } from "#server/payments/card-gateway";
import type { DatabaseHandle } from "#server/db/client";
import type { Env } from "#server/env";
import { fileRoutes } from "#modules/files/server/start";
import { jsonBodies, knownMethodsOnly, sameOriginWrites, signedInWrites } from "#server/http/api-gate";
import type { AppEnv } from "#server/http/app-env";
import { serveBuiltAssets } from "#server/http/built-assets";
import { clientConcurrency } from "#server/http/client-concurrency";
import { errorAnswer } from "#server/http/error-answer";
import { healthRoutes } from "#server/http/health";
import { pageWriteGuard } from "#server/http/page-writes";
import { requestContext } from "#server/http/request-context";
import { securityHeaders } from "#server/http/security-headers";
import { wholeJsonCompression } from "#server/http/whole-json-compression";
import { sessionViewer } from "#server/http/session-viewer";
import { invalidateAfterWrites } from "#server/http/writes";
import type { ConversationHub } from "#modules/conversations/server/start";
import type { EnhanceScripts, SsrHandler as PlatformSsrHandler } from "#server/render/load-context";
import { type ViewerFacts, viewerFacts } from "#app/lib/viewer-facts.server";
import { DEV_ENHANCE_SCRIPTS, pageHandler } from "#server/render/page-handler";
import { sitemapRoutes } from "#modules/seo/server/start";
import { calendarRoutes } from "#modules/availability/server/start";
import { mapRoutes } from "#modules/discovery/server/start";
import { PDF_PATHS, bookingPdfRoutes } from "#modules/bookings/server/start";
import { privateAnswersToSignedIn } from "#server/http/private-answers";
import type { FileStorage } from "#server/storage/file-storage";
import { unsubscribeRoutes } from "#modules/notifications/server/start";
import {
  type ActivityCounter,
  INSIGHTS_CSV_PATH,
  createActivityCounter,
  insightsCsvRoutes,
} from "#modules/insights/server/start";

/** React Router's handler as the product runs it: the platform's context and the pages' viewer facts. */
export type SsrHandler = PlatformSsrHandler<ViewerFacts>;
export { DEV_ENHANCE_SCRIPTS } from "#server/render/page-handler";

export interface AppDeps {
  env: Env;
  database: DatabaseHandle;
  /** This server's job queue: changes schedule their later work in it. */
  jobs: JobQueue;
  /** Stripe, when STRIPE_SECRET_KEY is set: made from the environment unless given (one per process). */
  cards?: CardGateway | undefined;
  auth: Auth;
  logger: Logger;
  /** Where uploaded files live (server/storage/create-storage.ts). */
  storage: FileStorage;
  /** React Router's request handler; absent in API-only tests. */
  ssr?: SsrHandler;
  /** Built browser assets to serve; absent in development (Vite serves them) and tests. */
  staticDir?: string;
  enhanceScripts?: EnhanceScripts;
  /** Guests' server-rendered pages kept in memory (production). */
  guestCache?: GuestPageCache;
  /** Who holds each session token, their unread count and unreviewed bookings, kept in memory. */
  viewerCache?: ViewerCache;
  /** Wakes this server's open conversation streams when any server writes in them. */
  conversationHub?: ConversationHub;
  /** Everything kept between requests that the database notifies changes to (server/cache/tagged-store.ts). */
  store?: TaggedStore;
  /** Acts' rows kept in memory for pages and GETs (in the store). */
  readCache?: ReadCache;
  /** Whole pages kept by the data they were rendered from (production; decision 0022). */
  keepPages?: boolean;
  /** Counts profile views and search appearances for acts' insights (made here unless given). */
  activity?: ActivityCounter;
  /** URLs per sitemap file before /sitemap.xml becomes an index (tests set it low). */
  sitemapMaxUrls?: number;
}

/**
 * The app: a request passes the edge's middleware in the order written here (docs/architecture.md
 * follows it), then one of the route groups: health, /api (behind its gate), /files, the
 * sitemaps, the built browser files, and last the pages.
 */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const { env, database, auth, logger, storage } = deps;
  const app = new Hono<AppEnv>();
  const publicOrigin = new URL(env.publicUrl).origin;
  const pagePolicy = {
    chatWidgetSrc: env.chatWidgetSrc ?? null,
    development: env.nodeEnv === "development",
    // The map's style names its tiles, glyphs and sprites, which the browser fetches from its host.
    mapHosts: env.mapStyleUrl ? [new URL(env.mapStyleUrl).origin] : [],
    // A card payment's form answers with a redirect to Stripe Checkout, which form-action governs.
    formTargets: env.stripe
      ? [env.stripe.apiBase ? new URL(env.stripe.apiBase).origin : "https://checkout.stripe.com"]
      : [],
  };
  const concurrency = clientConcurrency(env.clientConcurrency);
  const activity =
    deps.activity ??
    createActivityCounter(database.db, {
      enabled: env.viewCounting,
      onError: (error) => logger.warn({ err: error }, "insights' counts could not be written"),
    });
  const api = apiRouter({ env, database, storage, conversationHub: deps.conversationHub, pagePolicy, activity });

  app.onError(errorAnswer(logger, { pages: Boolean(deps.ssr) }));
  const cards = deps.cards ?? openCardGateway(env.stripe, env.publicUrl);
  app.use("*", requestContext({ logger, db: database.db, jobs: deps.jobs, cards, readCache: deps.readCache }));
  // Text responses go out compressed; files and images are sent as stored. JSON answers are
  // compressed whole, after everything else has written them (server/http/whole-json-compression.ts).
  app.use("*", compress());
  app.use("*", wholeJsonCompression());
  app.use("*", securityHeaders({ https: publicOrigin.startsWith("https:"), ...pagePolicy }));
  app.route("/", healthRoutes(database, { statementCount: env.statementCount }));
  app.use(
    "*",
    sessionViewer((headers) => auth.api.getSession({ headers }), deps.viewerCache),
  );
  app.use("*", privateAnswersToSignedIn());
  app.on("GET", "/api/acts", concurrency.api);
  app.use("*", invalidateAfterWrites(deps.store));

  app.use("/api/*", sameOriginWrites(publicOrigin));
  app.use(
    "/api/*",
    knownMethodsOnly(() => api.routes),
  );
  app.use("/api/*", signedInWrites());
  app.use("/api/*", jsonBodies());
  app.route("/api/auth", authRoutes(auth, database.db));
  app.route("/", unsubscribeRoutes(env.appName, auth.options.secret as string));
  app.route("/api", api);

  app.route("/files", fileRoutes(storage));
  app.route(
    "/",
    sitemapRoutes({
      db: database.db,
      publicUrl: env.publicUrl,
      guestCache: deps.guestCache,
      maxUrls: deps.sitemapMaxUrls,
    }),
  );
  app.route("/", calendarRoutes({ db: database.db, publicUrl: env.publicUrl }));
  app.route("/", mapRoutes());
  // Drawing a PDF is a render: it counts toward the client's renders in progress.
  for (const path of [...PDF_PATHS, INSIGHTS_CSV_PATH]) app.on("GET", path, concurrency.page);
  app.route("/", bookingPdfRoutes());
  app.route("/", insightsCsvRoutes(activity));
  if (deps.staticDir) serveBuiltAssets(app, deps.staticDir);

  if (deps.ssr) {
    app.use("*", pageWriteGuard(publicOrigin));
    // Around the guest cache, so that a page served from it is counted as one rendered.
    app.use("*", activity.middleware);
    if (deps.guestCache) app.use("*", deps.guestCache.middleware);
    // A page that reaches here is rendered (the guest cache answered the others).
    app.use("*", concurrency.page);
    const config = {
      appName: env.appName,
      publicUrl: env.publicUrl,
      chatWidgetSrc: env.chatWidgetSrc ?? null,
      enhanceScripts: deps.enhanceScripts ?? DEV_ENHANCE_SCRIPTS,
      mapStyleUrl: env.mapStyleUrl ?? null,
    };
    app.all(
      "*",
      pageHandler({
        ssr: deps.ssr,
        viewerFacts,
        database,
        jobs: deps.jobs,
        cards,
        publicOrigin,
        config,
        pagePolicy,
        viewerCache: deps.viewerCache,
        readCache: deps.readCache,
        keepPages: deps.keepPages ?? false,
        fetchInternal: (request, c) => {
          concurrency.markInternal(request);
          return Promise.resolve(app.fetch(request, c.env));
        },
      }),
    );
  }
  return app;
}
