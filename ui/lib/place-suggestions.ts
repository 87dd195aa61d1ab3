import { api, outcome } from "./api-client";

export interface PlaceOption {
  label: string;
  name: string;
  region: string;
}

/** How long typing pauses before the places matching it are asked for. */
export const SUGGEST_DEBOUNCE_MS = 150;

/** Fewer characters than this suggest nothing: too many places would match. */
const MIN_QUERY_LENGTH = 2;

/** Whether what is typed is long enough to be worth suggesting places for. */
export function asksForPlaces(query: string): boolean {
  return query.trim().length >= MIN_QUERY_LENGTH;
}

/**
 * Suggestions for what is typed in a place field, from GET /api/places; none for a query too
 * short to narrow the list, or when the call fails (the field still takes what is typed).
 */
export async function placeSuggestions(query: string): Promise<PlaceOption[]> {
  if (!asksForPlaces(query)) return [];
  const result = await outcome(api.GET("/places", { params: { query: { q: query } } }));
  return result.ok ? result.data : [];
}
