import { type FieldErrors, isApiErrorBody } from "#domain/api-error";

export interface FormFailure {
  message: string;
  errors: FieldErrors;
}

/** Reads a failed /api response into a message and per-field errors for a form. */
export async function readFailure(response: Response, fallback: string): Promise<FormFailure> {
  try {
    const body: unknown = await response.json();
    if (isApiErrorBody(body)) return { message: body.message, errors: body.errors ?? {} };
  } catch {
    // Not our JSON shape: use the fallback text.
  }
  return { message: fallback, errors: {} };
}

/** Set-Cookie headers of an /api response, to pass on with a redirect. */
export function forwardCookies(response: Response): Headers {
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("set-cookie", cookie);
  return headers;
}
