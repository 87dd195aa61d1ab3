import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { type ErrorCode, ERROR_CODES, type FieldErrors, codeForStatus } from "#domain/api-error";
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
