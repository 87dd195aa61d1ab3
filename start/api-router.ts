import { swaggerUI } from "@hono/swagger-ui";
import type { DatabaseHandle } from "#server/db/client";
import type { Env } from "#server/env";
import { sendError } from "#server/http/error-response";
import { type PagePolicyOptions, withPagePolicy } from "#server/http/security-headers";
import type { ConversationHub } from "#modules/conversations/server/start";
import type { FileStorage } from "#server/storage/file-storage";
import { actRoutes } from "#modules/acts/server/start";
import { searchRoutes } from "#modules/discovery/server/start";
import { availabilityRoutes } from "#modules/availability/server/start";
import { actEditRoutes } from "#modules/acts/server/start";
import { allowedMethods } from "#server/http/allowed-methods";
import { contentRoutes } from "#modules/content/server/start";
import { conversationRoutes } from "#modules/conversations/server/start";
import { documentRoutes } from "#modules/files/server/start";
import { eventRoutes } from "#modules/bookings/server/start";
import { bookingRoutes } from "#modules/bookings/server/start";
import { quoteTemplateRoutes } from "#modules/bookings/server/start";
import { type ActivityCounter, insightsRoutes } from "#modules/insights/server/start";
import { jobRoutes } from "#server/api/jobs";
import { meRoutes } from "#modules/accounts/server/start";
import { mediaRoutes } from "#modules/files/server/start";
import { videoRoutes } from "#modules/files/server/start";
import { moderationRoutes } from "#modules/moderation/server/start";
import { notificationRoutes } from "#modules/notifications/server/start";
import { withOperationIds } from "#server/api/operation-ids";
import { placeRoutes } from "#modules/discovery/server/start";
import { reviewRoutes } from "#modules/content/server/start";
import { API_TAGS } from "#server/api/route-docs";
import { createRouter } from "#server/api/router";
import { seoRoutes } from "#modules/seo/server/start";
import { shortlistRoutes } from "#modules/discovery/server/start";
import { tagRoutes } from "#modules/acts/server/start";
import { userRoutes } from "#modules/accounts/server/start";

/**
 * Every /api route (mounted at /api, after the gate of server/http/api-gate.ts), the OpenAPI
 * document they make, its reference page, and the answer for a path or method no route has.
 */
export function apiRouter(deps: {
  env: Env;
  database: DatabaseHandle;
  storage: FileStorage;
  conversationHub?: ConversationHub | undefined;
  pagePolicy: PagePolicyOptions;
  activity: ActivityCounter;
}) {
  const { env, database, storage } = deps;
  const api = createRouter();
  for (const routes of [
    meRoutes,
    notificationRoutes,
    tagRoutes,
    placeRoutes,
    searchRoutes,
    actRoutes,
    actEditRoutes,
    moderationRoutes,
    reviewRoutes,
    userRoutes,
    eventRoutes,
    bookingRoutes,
    quoteTemplateRoutes,
  ])
    api.route("/", routes);
  api.route("/", conversationRoutes(deps.conversationHub));
  api.route("/", insightsRoutes(deps.activity));
  api.route(
    "/",
    availabilityRoutes({
      publicUrl: env.publicUrl,
      reading: { allowPrivate: env.calendarAllowPrivateUrls, refreshMinutes: env.calendarRefreshMinutes },
    }),
  );
  for (const routes of [shortlistRoutes, contentRoutes, seoRoutes, jobRoutes]) api.route("/", routes);
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
    c.res = await withPagePolicy(c.res, { ...deps.pagePolicy, assetHosts: ["https://cdn.jsdelivr.net"] });
  });
  api.get("/docs", swaggerUI({ url: "/api/openapi.json" }));
  // A path the API has, asked with a method it does not answer there, is 405 with Allow.
  api.all("*", (c) => {
    const allowed = allowedMethods(api.routes, c.req.path.replace(/^\/api/, ""));
    if (allowed.length === 0) return sendError(c, "not_found", `No such endpoint: ${c.req.method} ${c.req.path}`);
    c.header("allow", allowed.join(", "));
    return sendError(c, "method_not_allowed", `${c.req.path} answers ${allowed.join(", ")}, not ${c.req.method}`);
  });
  return api;
}
