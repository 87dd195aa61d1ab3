import type { Context, ErrorHandler } from "hono";
import type { Logger } from "pino";
import type { AppEnv } from "./app-env";
import { drainBody } from "./drain-body";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { type ErrorCode, ERROR_CODES, type FieldErrors, codeForStatus } from "../../domain/api-error";
import { ApiError, errorBody } from "../errors";

/** An error answer in the contract's shape, with the status its code stands for. */
export function sendError(c: Context, code: ErrorCode, message: string, errors?: FieldErrors): Response {
  return c.json(errorBody(code, message, errors), ERROR_CODES[code] as ContentfulStatusCode);
}

/** Every thrown value becomes the contract's shape; a 5xx is logged with its stack, never sent. */
export function toErrorResponse(c: Context, err: unknown, log: (err: unknown) => void): Response {
  if (err instanceof ApiError) {
    for (const [name, value] of Object.entries(err.headers ?? {})) c.header(name, value);
    return sendError(c, err.code, err.message, err.errors);
  }
  if (err instanceof HTTPException) {
    const code = codeForStatus(err.status);
    if (code === "internal") log(err);
    return sendError(c, code, err.message || "Request failed");
  }
  log(err);
  return sendError(c, "internal", "Something went wrong");
}

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
