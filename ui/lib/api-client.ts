import createClient from "openapi-fetch";
import { type ApiErrorBody, isApiErrorBody } from "#domain/api-error";
import type { paths } from "./api-schema";

export type ActionResult<T> = { ok: true; data: T } | { ok: false; error: ApiErrorBody | null; status: number };

/**
 * Our API as the browser calls it, typed from the OpenAPI document the server publishes
 * (ui/lib/api-schema.d.ts, `npm run api:types`): a path, parameter, body or answer that the
 * document does not have is a type error here.
 */
export const api = createClient<paths>({
  baseUrl: "/api",
  credentials: "same-origin",
  headers: { accept: "application/json" },
});

interface Answer<T> {
  data?: { data: T };
  error?: unknown;
  response: Response;
}

/** A call's outcome as the pages use it: the answer's `data`, or the contract's error. */
export async function outcome<T>(call: Promise<Answer<T>>): Promise<ActionResult<T>> {
  try {
    const { data, error, response } = await call;
    if (response.ok && data) return { ok: true, data: data.data };
    return { ok: false, error: isApiErrorBody(error) ? error : null, status: response.status };
  } catch {
    // No answer at all: the network is down, or the server went away mid-call.
    return { ok: false, error: null, status: 0 };
  }
}
