import type { ErrorHandler } from "hono";
import type { Logger } from "pino";
import type { AppEnv } from "./app-env";
import { drainBody } from "./drain-body";
import { toErrorResponse } from "./error-response";

/**
 * What a thrown error answers: the contract's shape under /api (and everywhere without pages),
 * a plain error page elsewhere. A write refused before its body was read is read first, so
 * that the client hears the answer.
 */
export function errorAnswer(logger: Logger, options: { pages: boolean }): ErrorHandler<AppEnv> {
  return async (err, c) => {
    const logError = (error: unknown) => (c.get("log") ?? logger).error({ err: error, requestId: c.get("requestId") }, "request failed");
    if (!c.req.raw.bodyUsed) await drainBody(c.req.raw);
    if (c.req.path.startsWith("/api/") || !options.pages) return toErrorResponse(c, err, logError);
    logError(err);
    return c.html("<!doctype html><title>Error</title><h1>Something went wrong</h1>", 500);
  };
}
