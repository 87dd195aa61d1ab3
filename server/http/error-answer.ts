import type { ErrorHandler } from "hono";
import type { Logger } from "pino";
import type { AppEnv } from "./app-env";
import { drainBody } from "./drain-body";
import { toErrorResponse } from "./error-response";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { ERROR_CODES } from "#domain/api-error";
import { ApiError } from "../errors";

/**
 * What a thrown error answers: the contract's shape under /api (and everywhere without pages),
 * a plain error page elsewhere. A write refused before its body was read is read first, so
 * that the client hears the answer.
 */
export function errorAnswer(logger: Logger, options: { pages: boolean }): ErrorHandler<AppEnv> {
  return async (err, c) => {
    const logError = (error: unknown) =>
      (c.get("log") ?? logger).error({ err: error, requestId: c.get("requestId") }, "request failed");
    if (!c.req.raw.bodyUsed) await drainBody(c.req.raw);
    if (c.req.path.startsWith("/api/") || !options.pages) return toErrorResponse(c, err, logError);
    // A refusal outside the API (a file or a download that is not the caller's) is its status
    // as plain text: a 404 is no failure of ours, and is not logged as one.
    if (err instanceof ApiError && ERROR_CODES[err.code] < 500) {
      return c.text(err.message, ERROR_CODES[err.code] as ContentfulStatusCode, {
        "cache-control": "private, no-store",
      });
    }
    logError(err);
    return c.html("<!doctype html><title>Error</title><h1>Something went wrong</h1>", 500);
  };
}
