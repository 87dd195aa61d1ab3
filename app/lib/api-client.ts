import { type ApiErrorBody, isApiErrorBody } from "../../domain/api-error";

export type ActionResult<T> = { ok: true; data: T } | { ok: false; error: ApiErrorBody | null; status: number };

/** A JSON call to our /api from the browser, as the signed-in user. */
export async function apiCall<T = { message: string }>(path: string, init: { method?: string; body?: unknown } = {}): Promise<ActionResult<T>> {
  try {
    const response = await fetch(path, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      credentials: "same-origin",
      headers: init.body === undefined ? { accept: "application/json" } : { "content-type": "application/json", accept: "application/json" },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const payload: unknown = await response.json().catch(() => null);
    if (response.ok) return { ok: true, data: (payload as { data: T }).data };
    return { ok: false, error: isApiErrorBody(payload) ? payload : null, status: response.status };
  } catch {
    return { ok: false, error: null, status: 0 };
  }
}

/** POST without a body, for the spec's one-click actions. */
export function postAction<T = { message: string }>(path: string, body?: unknown) {
  return apiCall<T>(path, { method: "POST", body: body ?? {} });
}
