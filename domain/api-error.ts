/** The one error shape of every failed /api call. */
export const ERROR_CODES = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation_failed: 422,
  rate_limited: 429,
  internal: 500,
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;

export type FieldErrors = Record<string, string[]>;

export interface ApiErrorBody {
  message: string;
  code: ErrorCode;
  errors?: FieldErrors;
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as ApiErrorBody).message === "string" &&
    typeof (value as ApiErrorBody).code === "string"
  );
}

/** Field errors keyed by the dotted path of each issue ("_" for the body itself). */
export function fieldErrorsFromIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join(".") : "_";
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

export function codeForStatus(status: number): ErrorCode {
  const entry = Object.entries(ERROR_CODES).find(([, code]) => code === status);
  if (entry) return entry[0] as ErrorCode;
  return status >= 500 ? "internal" : "bad_request";
}

/**
 * A field's messages as one text: each a sentence of its own when there are several, so that
 * "Start time is required" and "Enter a valid date and time" never read as one run-on line.
 */
export function fieldMessagesText(messages: readonly string[] | undefined): string {
  if (!messages || messages.length < 2) return messages?.[0] ?? "";
  return messages.map((message) => (/[.!?]$/.test(message) ? message : `${message}.`)).join(" ");
}
