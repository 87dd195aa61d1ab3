import { z } from "zod";
import { text } from "./schemas/fields";

/** The act search filter of SPEC.md section 3, and its query-string form. */
const LIST_KEYS = ["actTypes", "styles", "bandSetups", "songTypes", "eventTypes", "occasions", "extras"] as const;

const list = z.array(text().max(100)).max(50).default([]);

export const actSearchFilterSchema = z.object({
  status: z.enum(["approved", "pending", "declined", "draft"]).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  searchTerms: text().trim().max(200).default(""),
  actTypes: list,
  styles: list,
  bandSetups: list,
  songTypes: list,
  eventTypes: list,
  occasions: list,
  extras: list,
  radius: z.coerce.number().positive().max(5000).optional(),
  location_lat: z.coerce.number().min(-90).max(90).optional(),
  location_lng: z.coerce.number().min(-180).max(180).optional(),
});
export type ActSearchFilter = z.infer<typeof actSearchFilterSchema>;

export function serializeSearchFilter(filter: Partial<ActSearchFilter>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === "") continue;
    if (Array.isArray(value)) for (const item of value) params.append(`${key}[]`, item);
    else params.set(key, String(value));
  }
  return params.toString();
}

/** The query string as the schema's input: `key[]` repeated for lists, one value otherwise. */
export function rawSearchFilter(query: string | URLSearchParams): Record<string, unknown> {
  const params = typeof query === "string" ? new URLSearchParams(query) : query;
  const raw: Record<string, unknown> = {};
  for (const key of LIST_KEYS) raw[key] = params.getAll(`${key}[]`);
  for (const [key, value] of params) if (!key.endsWith("[]")) raw[key] = value;
  return raw;
}

export function parseSearchFilter(query: string | URLSearchParams): ActSearchFilter {
  return actSearchFilterSchema.parse(rawSearchFilter(query));
}
