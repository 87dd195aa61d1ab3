import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./app-env";
import { setResponseHeader } from "./set-response-header";

/**
 * What a signed-in caller reads is theirs: no shared cache (a proxy, a CDN) may keep it and no
 * browser may show it from its store after sign-out. Every page and every /api answer to a
 * signed-in caller says so; stored files keep their own rules (a public photo is the same for
 * everyone), and so do built assets.
 */
export function privateAnswersToSignedIn(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (!c.get("viewer")) return;
    const api = c.req.path.startsWith("/api/");
    const page = (c.res.headers.get("content-type") ?? "").startsWith("text/html");
    if (api || page) setResponseHeader(c, "cache-control", "private, no-store");
  };
}
