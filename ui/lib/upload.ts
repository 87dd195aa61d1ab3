import { isApiErrorBody } from "#domain/api-error";
import type { ActionResult } from "./api-client";
import type { components } from "./api-schema";

type Upload = components["schemas"]["Upload"];

/**
 * Sends a file to POST /api/uploads; the server judges its type by its bytes. A multipart
 * body is sent with fetch itself; the answer is typed from the document like every other call.
 */
export async function uploadFile(file: File, purpose: "image" | "document" | "avatar"): Promise<ActionResult<Upload>> {
  const form = new FormData();
  form.set("purpose", purpose);
  form.set("file", file);
  try {
    const response = await fetch("/api/uploads", { method: "POST", body: form, credentials: "same-origin" });
    const payload: unknown = await response.json().catch(() => null);
    if (response.ok) return { ok: true, data: (payload as { data: Upload }).data };
    return { ok: false, error: isApiErrorBody(payload) ? payload : null, status: response.status };
  } catch {
    return { ok: false, error: null, status: 0 };
  }
}
