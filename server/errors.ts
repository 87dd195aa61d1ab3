import type { ZodError } from "zod";
import {
  type ApiErrorBody,
  type ErrorCode,
  ERROR_CODES,
  type FieldErrors,
  fieldErrorsFromIssues,
} from "#domain/api-error";

/** A failure a handler or service raises; turned into the contract's shape in one place. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldErrors,
    /** Headers the answer carries besides the body (Retry-After on a 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
  get status(): number {
    return ERROR_CODES[this.code];
  }
}

export const notFound = (what = "Not found") => new ApiError("not_found", what);
export const forbidden = (message = "You may not do this") => new ApiError("forbidden", message);
export const unauthenticated = () => new ApiError("unauthenticated", "Sign in to continue");
export const conflict = (message: string) => new ApiError("conflict", message);
export const badRequest = (message: string) => new ApiError("bad_request", message);
/** Too many of something in too short a time; the client may try again after `retryAfterSeconds`. */
export const rateLimited = (message: string, retryAfterSeconds: number) =>
  new ApiError("rate_limited", message, undefined, {
    "retry-after": String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
export const validationFailed = (errors: FieldErrors) =>
  new ApiError("validation_failed", "Some fields are not valid", errors);

export function errorBody(code: ErrorCode, message: string, errors?: FieldErrors): ApiErrorBody {
  return errors ? { message, code, errors } : { message, code };
}

export function fieldErrorsFromZod(error: ZodError): FieldErrors {
  return fieldErrorsFromIssues(error.issues);
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value: unknown = input;
  for (const key of path) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * The contract separates a body of the wrong shape (400) from field rules (422): a value
 * that is present but of the wrong type is a client bug, a missing one is a user's omission.
 */
export function validationError(error: ZodError, input: unknown): ApiError {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return new ApiError("bad_request", "The request body must be a JSON object");
  }
  const errors = fieldErrorsFromZod(error);
  const wrongType = error.issues.some((issue) => {
    const value = valueAt(input, issue.path);
    if (value === undefined || value === null || value === "") return false;
    if (issue.code === "invalid_type" || issue.code === "invalid_union") return true;
    // A choice among strings given a number (or the like) is a wrong type, not a wrong choice.
    return issue.code === "invalid_value" && issue.values.every((allowed) => typeof allowed !== typeof value);
  });
  return wrongType ? new ApiError("bad_request", "Some fields have the wrong type", errors) : validationFailed(errors);
}
