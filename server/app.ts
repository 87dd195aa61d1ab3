import { randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import { serveStatic } from "@hono/node-server/serve-static";
import { swaggerUI } from "@hono/swagger-ui";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import type { Logger } from "pino";
import { LIMITS } from "../domain/limits";
import { actRoutes } from "./api/acts/index";
import { actEditRoutes } from "./api/acts/edit";
import { authRoutes } from "./api/auth/index";
import { meRoutes } from "./api/me/index";
import { notificationRoutes } from "./api/notifications/index";
import { unsubscribeRoutes } from "./unsubscribe";
import { API_TAGS } from "./api/route-docs";
import { type AppEnv, createRouter } from "./api/router";
import { tagRoutes } from "./api/tags/index";
import { placeRoutes } from "./api/places/index";
import { moderationRoutes } from "./api/moderation/index";
import { reviewRoutes } from "./api/reviews/index";
import { userRoutes } from "./api/users/index";
import { eventRoutes } from "./api/events/index";
import { conversationRoutes } from "./api/conversations/index";
import { shortlistRoutes } from "./api/shortlist/index";
import { contentRoutes } from "./api/content/index";
import { mediaRoutes } from "./api/media/index";
import { documentRoutes } from "./api/documents/index";
import { seoRoutes } from "./api/seo/index";
import { API_METHODS, allowedMethods } from "./api/allowed-methods";
import { withOperationIds } from "./api/operation-ids";
import { videoRoutes } from "./api/media/videos";
import { type Auth, SESSION_COOKIE } from "./auth";
import { socketAddress, withClientIp } from "./http/client-ip";
import type { DatabaseHandle } from "./db/client";
import type { Env } from "./env";
import { ApiError, unauthenticated } from "./errors";
import { sendError, toErrorResponse } from "./http/error-response";
import { drainBody, payloadTooLarge } from "./http/drain-body";
import { fileRoutes } from "./files";
import { comesFromOurPages, hasUnsafePath, pageWriteGuard } from "./http/page-writes";
import { clientConcurrency } from "./http/client-concurrency";
import { sitemapRoutes } from "./sitemap";
import { sessionViewer } from "./http/session-viewer";
import { securityHeaders, withPagePolicy } from "./http/security-headers";
import { acceptsGzip, finishPage } from "./http/page-response";
import { setResponseHeader } from "./http/set-response-header";
import type { GuestPageCache } from "./cache/guest-cache";
import type { ViewerCache } from "./cache/viewer-cache";
import type { ConversationHub } from "./live/conversation-hub";
import { unreadCount } from "./services/notifications";
import { unreadMessageCount } from "./services/conversations";
import { unreviewedBookings } from "./services/planner-reviews";
import { shortlistedActUrls } from "./services/shortlists";
import type { ActRowCache } from "./cache/act-row-cache";
import type { FileStorage } from "./storage/file-storage";
import type { EnhanceScripts, LoadContext } from "./load-context";

/** In development Vite serves the scripts straight from their sources. */
export const DEV_ENHANCE_SCRIPTS: EnhanceScripts = { profile: "/app/enhance/profile.ts", searchForm: "/app/enhance/search-form.ts" };

export type SsrHandler = (request: Request, context: LoadContext) => Promise<Response>;

export interface AppDeps {
  env: Env;
  database: DatabaseHandle;
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
  /** Acts' rows kept in memory for pages and GETs. */
  actRows?: ActRowCache;
  /** Whole pages kept by the data they were rendered from (production; decision 0022). */
  keepPages?: boolean;
  /** URLs per sitemap file before /sitemap.xml becomes an index (tests set it low). */
  sitemapMaxUrls?: number;
}

function isJsonContentType(value: string | undefined): boolean {
  return !value || /^application\/([\w.-]+\+)?json\b/i.test(value.split(";")[0]?.trim() ?? "");
}

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const { env, database, auth, logger, storage } = deps;
  const app = new Hono<AppEnv>();
  const publicOrigin = new URL(env.publicUrl).origin;

  const logError = (c: Context<AppEnv>) => (err: unknown) => (c.get("log") ?? logger).error({ err, requestId: c.get("requestId") }, "request failed");

  app.onError(async (err, c) => {
    // A write refused before its body was read: read it first, so the client hears the answer.
    if (!c.req.raw.bodyUsed) await drainBody(c.req.raw);
    if (c.req.path.startsWith("/api/") || !deps.ssr) return toErrorResponse(c, err, logError(c));
    logError(c)(err);
    return c.html("<!doctype html><title>Error</title><h1>Something went wrong</h1>", 500);
  });

  // One JSON log line per request, with an id the client also sees.
  app.use("*", async (c, next) => {
    const requestId = c.req.header("x-request-id")?.slice(0, 64) || randomUUID();
    const log = logger.child({ requestId });
    c.set("requestId", requestId);
    c.set("log", log);
    c.set("db", database.db);
    c.set("actRows", deps.actRows);
    const started = performance.now();
    await next();
    setResponseHeader(c, "x-request-id", requestId);
    log.info({ method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) }, "request");
  });

  // Text responses go out compressed; files and images are sent as stored.
  app.use("*", compress());

  const pagePolicyOptions = { chatWidgetSrc: env.chatWidgetSrc ?? null, development: env.nodeEnv === "development" };
  app.use("*", securityHeaders({ https: publicOrigin.startsWith("https:"), ...pagePolicyOptions }));

  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/readyz", async (c) => ((await database.ping()) ? c.json({ status: "ok" }) : c.json({ status: "unavailable" }, 503)));

  app.use("*", sessionViewer(auth, deps.viewerCache));
  const concurrency = clientConcurrency(env.clientConcurrency);
  app.on("GET", "/api/acts", concurrency.api);
  // A write here is seen by the next read here without waiting for the database's announcement.
  app.use("*", async (c, next) => {
    await next();
    if (c.req.method !== "GET" && c.req.method !== "HEAD" && c.req.method !== "OPTIONS") deps.actRows?.forgetAll();
  });

  // A cookie-authenticated write must show it comes from one of our pages: its Origin, or
  // failing that its Referer, must be ours; a write that shows neither is refused too.
  app.use("/api/*", async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD" && c.req.method !== "OPTIONS" && SESSION_COOKIE.test(c.req.header("cookie") ?? "") && !comesFromOurPages(c, publicOrigin)) {
      throw new ApiError("forbidden", "Requests from another site are not allowed");
    }
    await next();
  });

  // The API router; its routes are declared below, and the middleware reads them per request.
  const api = createRouter();
  // A method the API answers nowhere (TRACE, CONNECT, …) is refused before anything else is
  // judged, for guests too; Allow names what the path does answer.
  app.use("/api/*", async (c, next) => {
    if (API_METHODS.has(c.req.method)) return next();
    const allowed = allowedMethods(api.routes, c.req.path.replace(/^\/api/, ""));
    c.header("allow", (allowed.length ? allowed : ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]).join(", "));
    return sendError(c, "method_not_allowed", `The API does not answer ${c.req.method}`);
  });

  // Every write outside /api/auth needs a session: a guest is told so before anything of
  // the request's body is judged.
  app.use("/api/*", async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD" && c.req.method !== "OPTIONS" && !c.req.path.startsWith("/api/auth/") && !c.get("viewer")) {
      throw unauthenticated();
    }
    await next();
  });

  const jsonLimit = bodyLimit({
    maxSize: LIMITS.jsonBodyBytes,
    onError: payloadTooLarge("The request body is too large"),
  });
  app.use("/api/*", async (c, next) => {
    if (c.req.path.startsWith("/api/uploads") || c.req.path.startsWith("/api/videos/upload/")) return next();
    if ((c.req.method === "POST" || c.req.method === "PUT" || c.req.method === "PATCH") && !isJsonContentType(c.req.header("content-type"))) {
      throw new ApiError("bad_request", "The request body must be JSON");
    }
    return jsonLimit(c, next);
  });

  app.route("/api/auth", authRoutes(auth, database.db));
  app.route("/", unsubscribeRoutes(env.appName, auth.options.secret as string));

  api.route("/", meRoutes);
  api.route("/", notificationRoutes);
  api.route("/", tagRoutes);
  api.route("/", placeRoutes);
  api.route("/", actRoutes);
  api.route("/", actEditRoutes);
  api.route("/", moderationRoutes);
  api.route("/", reviewRoutes);
  api.route("/", userRoutes);
  api.route("/", eventRoutes);
  api.route("/", conversationRoutes(deps.conversationHub));
  api.route("/", shortlistRoutes);
  api.route("/", contentRoutes);
  api.route("/", seoRoutes);
  api.route("/", mediaRoutes(storage));
  api.route("/", documentRoutes(storage));
  api.route("/", videoRoutes(database.db, storage));
  // The session cookie better-auth sets at sign-in; operations that need one say so (issue 16 adds it to each).
  api.openAPIRegistry.registerComponent("securitySchemes", "sessionCookie", {
    type: "apiKey",
    in: "cookie",
    name: `${env.publicUrl.startsWith("https://") ? "__Secure-" : ""}eva.session_token`,
    description: "Sign in with POST /api/auth/sign-in/email; the answer sets this cookie.",
  });
  const documentConfig = {
    openapi: "3.1.0",
    info: {
      title: `${env.appName} marketplace API`,
      version: "1.0.0",
      description:
        "Every answer is `{data: …}` (lists with `meta` where paged); every failure is `{message, code, errors?}` with the code its status names. Writes are POSTs with a JSON body (PUT and DELETE for search-engine copy), refused from a foreign Origin when authenticated by the session cookie. Sign in with POST /api/auth/sign-in/email.",
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
    },
    // The reference groups operations by resource, in this order.
    tags: API_TAGS,
    // Paths are relative to /api, so a client built from the document calls /api/tags, not /tags.
    servers: [{ url: `${env.publicUrl}/api` }],
  };
  api.get("/openapi.json", (c) => c.json(withOperationIds(api.getOpenAPI31Document(documentConfig))));
  // The reference page loads Swagger UI from its CDN.
  api.use("/docs", async (c, next) => {
    await next();
    c.res = await withPagePolicy(c.res, { ...pagePolicyOptions, assetHosts: ["https://cdn.jsdelivr.net"] });
  });
  api.get("/docs", swaggerUI({ url: "/api/openapi.json" }));
  // A path the API has, asked with a method it does not answer there, is 405 with Allow.
  api.all("*", (c) => {
    const allowed = allowedMethods(api.routes, c.req.path.replace(/^\/api/, ""));
    if (allowed.length === 0) return sendError(c, "not_found", `No such endpoint: ${c.req.method} ${c.req.path}`);
    c.header("allow", allowed.join(", "));
    return sendError(c, "method_not_allowed", `${c.req.path} answers ${allowed.join(", ")}, not ${c.req.method}`);
  });
  app.route("/api", api);

  app.route("/files", fileRoutes(storage));
  app.route("/", sitemapRoutes({ db: database.db, publicUrl: env.publicUrl, guestCache: deps.guestCache, maxUrls: deps.sitemapMaxUrls }));

  if (deps.staticDir) {
    // Vite fingerprints everything under /assets, and esbuild everything under /enhance (the
    // guest scripts, scripts/build-enhance.mjs), so they can be cached for good.
    for (const folder of ["/assets/*", "/enhance/*"]) {
      app.use(folder, async (c, next) => {
        await next();
        if (c.res.ok) setResponseHeader(c, "cache-control", "public, max-age=31536000, immutable");
      });
    }
    // Only paths under what the build put there look on disk: a page's path costs no file lookup.
    const serveBuilt = serveStatic({ root: deps.staticDir });
    for (const entry of readdirSync(deps.staticDir, { withFileTypes: true })) {
      if (!entry.name.startsWith(".")) app.use(entry.isDirectory() ? `/${entry.name}/*` : `/${entry.name}`, serveBuilt);
    }
  }

  if (deps.ssr) {
    const ssr = deps.ssr;
    app.use("*", pageWriteGuard(publicOrigin));
    if (deps.guestCache) app.use("*", deps.guestCache.middleware);
    // A page that reaches here is rendered (the guest cache answered the others).
    app.use("*", concurrency.page);
    app.all("*", async (c) => {
      const context: LoadContext = {
        viewer: c.get("viewer"),
        db: database.db,
        unreadCount: () => {
          const viewer = c.get("viewer");
          if (!viewer) return Promise.resolve(null);
          const load = () => unreadCount(database.db, viewer.id);
          return deps.viewerCache ? deps.viewerCache.unread(viewer.id, load) : load();
        },
        unreadMessages: () => {
          const viewer = c.get("viewer");
          if (!viewer) return Promise.resolve(null);
          const load = () => unreadMessageCount(database.db, viewer.id);
          return deps.viewerCache ? deps.viewerCache.unreadMessages(viewer.id, load) : load();
        },
        shortlisted: () => {
          const viewer = c.get("viewer");
          if (viewer?.role !== "PLANNER") return Promise.resolve([]);
          const load = () => shortlistedActUrls(database.db, viewer);
          return deps.viewerCache ? deps.viewerCache.shortlisted(viewer.id, load) : load();
        },
        unreviewedBookings: () => {
          const viewer = c.get("viewer");
          if (viewer?.role !== "PLANNER") return Promise.resolve([]);
          const load = () => unreviewedBookings(database.db, viewer.id);
          return deps.viewerCache ? deps.viewerCache.unreviewedBookings(viewer.id, load) : load();
        },
        actRows: deps.actRows,
        keepPages: deps.keepPages ?? false,
        requestId: c.get("requestId"),
        config: {
          appName: env.appName,
          publicUrl: env.publicUrl,
          chatWidgetSrc: env.chatWidgetSrc ?? null,
          enhanceScripts: deps.enhanceScripts ?? DEV_ENHANCE_SCRIPTS,
        },
        apiFetch: (path, init = {}) => {
          const headers = new Headers(init.headers);
          const cookie = c.req.header("cookie");
          if (cookie) headers.set("cookie", cookie);
          headers.set("origin", publicOrigin);
          const request = withClientIp(new Request(new URL(path, publicOrigin), { ...init, headers }), socketAddress(c));
          concurrency.markInternal(request);
          return Promise.resolve(app.fetch(request, c.env));
        },
      };
      // The policy is made here, from the page's own bytes, so that the guest cache keeps it.
      const renderUrl = c.get("renderUrl");
      // A path no route could name (NUL, broken Unicode, bad escapes) is the not-found page.
      const request = hasUnsafePath(c.req.path)
        ? new Request(new URL("/not-found", c.req.url), { headers: c.req.raw.headers })
        : renderUrl && renderUrl !== c.req.url
          ? new Request(renderUrl, c.req.raw)
          : c.req.raw;
      const response = finishPage(await ssr(request, context), { ...pagePolicyOptions, acceptsGzip: acceptsGzip(c) });
      return withPagePolicy(response, pagePolicyOptions);
    });
  }
  return app;
}
