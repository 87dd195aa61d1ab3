import type { ApiErrorBody } from "#domain/api-error";
import { MESSAGES } from "#domain/messages";

/** The spec's texts for a failed video link: field errors joined, a single error, else the generic one. */
export function videoLinkFailure(error: ApiErrorBody | null, provider: string): string {
  if (error?.errors) return `${MESSAGES.serverErrorPrefix}${Object.values(error.errors).flat().join(" ")}`;
  if (error?.message) return `${MESSAGES.serverErrorPrefix}${error.message}`;
  return MESSAGES.videoLinkFailure(provider);
}
