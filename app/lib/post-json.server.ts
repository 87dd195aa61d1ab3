import type { AppLoadContext } from "react-router";

/** A JSON POST to our /api from a route's action, as the signed-in user of the request. */
export function postJson(context: AppLoadContext, path: string, body: unknown): Promise<Response> {
  return context.apiFetch(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}
