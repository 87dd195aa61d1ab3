import "../scripts/require-node.mjs";
import { createActivityCounter } from "#modules/insights/server/start";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { serveEventStreams } from "#server/http/event-stream";
import { createApp, type SsrHandler } from "./app";
import { createGuestPageCache } from "#server/cache/guest-cache";
import { createTaggedStore } from "#server/cache/tagged-store";
import { createViewerCache } from "#server/cache/viewer-cache";
import { createConversationHub } from "#modules/conversations/server/start";
import { bootServices } from "./boot";
import { type Env, EnvError, loadEnv } from "#server/env";
import { createStoredPages } from "#server/cache/stored-pages";
import { makePagesAhead } from "#modules/seo/server/start";
import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import { createLogger } from "#server/logger";
import { CLIENT_BUILD_DIR, ENHANCE_MANIFEST_FILE, SERVER_BUILD_FILE } from "#server/paths";
import type { EnhanceScripts } from "#server/render/load-context";
import { readFileSync } from "node:fs";
import { createProductionSsr, createDevelopmentSsr } from "#server/render/ssr";
import { removeStaleUploads } from "#modules/files/server/start";
import { removeStaleVideoUploads } from "#modules/files/server/start";
import { compactFacetCounts } from "#modules/discovery/server/start";
import { refreshAllResponseFacts } from "#modules/conversations/server/start";
import { refreshDueCalendars } from "#modules/availability/server/start";
import { openJobQueue } from "#server/jobs/job-queue";
import { processJobHandlers } from "#modules/bookings/server/start";
import { openCardGateway } from "#server/payments/card-gateway";
import { startMailWorker } from "#server/mail/outbox";
import { notificationMailer } from "#modules/notifications/server/start";
import { createMailTransport } from "#server/mail/transport";

/**
 * How long one `pages_ahead` round renders for, a page at a time: it runs every minute, and a
 * round must end before the next. Past a start or a deploy the rounds fill the store; after that
 * a round makes only pages gone stale, each at most every ten minutes (the demo's 779 pages take
 * about 8 s on PostgreSQL).
 */
const PAGES_AHEAD_BUDGET_MS = 45_000;

/**
 * What a guest's stored page was made with (decision 0067): the pages' bundle and the server's,
 * the scripts a page names, and the settings a page shows. Servers that agree on these serve each other's pages.
 */
function pageBuild(env: Env, enhanceManifest: string): string {
  return (
    createHash("sha256")
      .update(readFileSync(SERVER_BUILD_FILE))
      // This process's own bundle: the answer's headers and policy are made here.
      .update(readFileSync(fileURLToPath(import.meta.url)))
      .update(
        JSON.stringify([
          enhanceManifest,
          env.appName,
          env.publicUrl,
          env.chatWidgetSrc ?? null,
          env.mapStyleUrl ?? null,
        ]),
      )
      .digest("base64url")
  );
}

async function main() {
  const env = loadEnv();
  const logger = createLogger(env.logLevel);
  const { database, auth, storage } = await bootServices(env, logger);
  const dev = env.nodeEnv === "development";

  let ssr: SsrHandler;
  let pageQueryParams: readonly string[] = [];
  let viteMiddleware: ((req: IncomingMessage, res: ServerResponse, next: () => void) => void) | undefined;
  let closeVite = async () => {};
  if (dev) {
    const development = await createDevelopmentSsr();
    ssr = development.ssr;
    viteMiddleware = development.middlewares;
    closeVite = development.close;
  } else {
    ({ ssr, pageQueryParams } = await createProductionSsr(SERVER_BUILD_FILE, { guestDocument: env.guestDocument }));
  }

  // One store of what is kept between requests, one listening connection (docs/architecture.md).
  const store = await createTaggedStore(database, logger);
  const enhanceManifest = dev ? undefined : readFileSync(ENHANCE_MANIFEST_FILE, "utf8");
  // Guests' pages stored in the database for every server (decision 0067), with the guest cache.
  const stored =
    dev || !env.guestPageCache ? undefined : createStoredPages(database.db, pageBuild(env, enhanceManifest ?? ""));
  const guestCache =
    dev || !env.guestPageCache
      ? undefined
      : createGuestPageCache(store, {
          queryParams: pageQueryParams,
          stored,
          onStoreError: (error) =>
            logger.warn({ err: error }, "the database's store of guests' pages failed; the page is rendered as before"),
        });
  const viewerCache = createViewerCache(store);
  const conversationHub = await createConversationHub(database, logger, { perAccount: env.streamsPerAccount });
  const jobs = await openJobQueue(database, logger, { work: true });
  const cards = openCardGateway(env.stripe, env.publicUrl);
  const activity = createActivityCounter(database.db, {
    enabled: env.viewCounting,
    onError: (error) => logger.warn({ err: error }, "insights' counts could not be written"),
  });
  const app = createApp({
    activity,
    env,
    database,
    jobs,
    cards,
    auth,
    logger,
    storage,
    ssr,
    staticDir: dev ? undefined : CLIENT_BUILD_DIR,
    store,
    guestCache,
    viewerCache,
    readCache: store,
    conversationHub,
    // Off with the guest cache, so that GUEST_PAGE_CACHE=0 measures renders.
    keepPages: !dev && env.guestPageCache,
    enhanceScripts: enhanceManifest === undefined ? undefined : (JSON.parse(enhanceManifest) as EnhanceScripts),
  });
  // Event streams are written to their sockets, not through a web stream (server/http/event-stream.ts).
  const honoListener = getRequestListener(serveEventStreams(app.fetch));
  const server = createServer((req, res) => {
    if (viteMiddleware) viteMiddleware(req, res, () => void honoListener(req, res));
    else void honoListener(req, res);
  });
  const transport = createMailTransport(env);
  const mailWorker = await startMailWorker(database, {
    transport,
    logger,
    notificationMail: notificationMailer({
      appName: env.appName,
      publicUrl: env.publicUrl,
      secret: auth.options.secret as string,
    }),
  });
  logger.info({ via: transport.describe }, "mail worker started");

  // Everything that happens on time is a job of the queue (server/jobs/), claimed by one server.
  const reading = { allowPrivate: env.calendarAllowPrivateUrls, refreshMinutes: env.calendarRefreshMinutes };
  await jobs.work({
    ...processJobHandlers(database.db, jobs, cards),
    ...(guestCache && stored && env.pagesAhead
      ? {
          pages_ahead: async () => {
            const made = await makePagesAhead({
              db: database.db,
              stored,
              guestCache,
              fetchAhead: async (path) => app.fetch(guestCache.requestAhead(new URL(path, env.publicUrl).href)),
              budgetMs: PAGES_AHEAD_BUDGET_MS,
            });
            if (made.made + made.failed > 0) logger.info(made, "guests' pages stored ahead of their first asking");
          },
        }
      : {}),
    mail_retry: () => mailWorker.pass(),
    calendar_read: () => refreshDueCalendars(database.db, reading, { rest: true }),
    facet_compact: () => compactFacetCounts(database.db),
    response_facts: () => refreshAllResponseFacts(database.db),
    upload_sweep: async () => {
      const [removed, unfinished] = await Promise.all([
        removeStaleUploads(database.db, storage),
        removeStaleVideoUploads(database.db, storage),
      ]);
      if (removed + unfinished > 0)
        logger.info({ removed, unfinished }, "removed uploads nothing used and videos left unfinished");
    },
  });

  server.listen(env.port, env.host, () => logger.info({ url: `http://${env.host}:${env.port}` }, "listening"));

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "stopping: finishing requests in flight");
    // Open conversation streams end now (their browsers reconnect to another server); they would hold close() open.
    const streams = conversationHub.stop();
    server.close(async () => {
      await streams;
      await closeVite();
      await jobs.stop();
      // What was counted since the last batch is written before the database closes.
      await activity.stop();
      await store.stop();
      await mailWorker.stop();
      await database.close();
      logger.info("stopped");
      process.exit(0);
    });
    // Idle keep-alive sockets would hold close() open; requests in flight still finish.
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((error: unknown) => {
  if (error instanceof EnvError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
