import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { LIMITS } from "#domain/limits";
import { API_METHODS, allowedMethods } from "./allowed-methods";
import { SESSION_COOKIE } from "./session-cookie";
import { ApiError, unauthenticated } from "../errors";
import type { AppEnv } from "./app-env";
import { payloadTooLarge } from "./drain-body";
import { sendError } from "./error-response";
import { comesFromOurPages } from "./page-writes";
import { isWriteMethod } from "./writes";

/*
 * What every /api request passes before a route sees it, in this order: the cheap refusals
 * first, so that a stranger learns nothing of our rules from the body they sent.
 */

/**
 * A cookie-authenticated write must show it comes from one of our pages: its Origin, or
 * failing that its Referer, must be ours; a write that shows neither is refused too.
 */
export function sameOriginWrites(publicOrigin: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (
      isWriteMethod(c.req.method) &&
      SESSION_COOKIE.test(c.req.header("cookie") ?? "") &&
      !comesFromOurPages(c, publicOrigin)
    ) {
      throw new ApiError("forbidden", "Requests from another site are not allowed");
    }
    await next();
  };
}

/**
 * A method the API answers nowhere (TRACE, CONNECT, …) is refused before anything else is
 * judged, for guests too; Allow names what the path does answer.
 */
export function knownMethodsOnly(routesOf: () => Parameters<typeof allowedMethods>[0]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (API_METHODS.has(c.req.method)) return next();
    const allowed = allowedMethods(routesOf(), c.req.path.replace(/^\/api/, ""));
    c.header("allow", (allowed.length ? allowed : ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]).join(", "));
    return sendError(c, "method_not_allowed", `The API does not answer ${c.req.method}`);
  };
}

/** Writes that need no session: signing in and up, and Stripe's webhook (its signature decides). */
const GUEST_WRITES = /^\/api\/(auth\/|stripe\/webhook$)/;

/** Every other write needs a session: a guest is told so before anything of the body is judged. */
export function signedInWrites(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (isWriteMethod(c.req.method) && !GUEST_WRITES.test(c.req.path) && !c.get("viewer")) throw unauthenticated();
    await next();
  };
}

function isJsonContentType(value: string | undefined): boolean {
  return !value || /^application\/([\w.-]+\+)?json\b/i.test(value.split(";")[0]?.trim() ?? "");
}

/** Bodies are JSON, and small, except the uploads' own (multipart and tus). */
export function jsonBodies(): MiddlewareHandler<AppEnv> {
  const jsonLimit = bodyLimit({
    maxSize: LIMITS.jsonBodyBytes,
    onError: payloadTooLarge("The request body is too large"),
  });
  return async (c, next) => {
    if (c.req.path.startsWith("/api/uploads") || c.req.path.startsWith("/api/videos/upload/")) return next();
    if (
      (c.req.method === "POST" || c.req.method === "PUT" || c.req.method === "PATCH") &&
      !isJsonContentType(c.req.header("content-type"))
    ) {
      throw new ApiError("bad_request", "The request body must be JSON");
    }
    return jsonLimit(c, next);
  };
}
