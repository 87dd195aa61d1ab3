import { z } from "zod";
import { PAGING } from "./limits";

/**
 * `page` (from 1) and `perPage` (1-50, default 20) of every list that grows with use
 *: events, invites, notifications.
 */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  perPage: z.coerce.number().int().min(1).max(PAGING.maxPerPage).default(PAGING.defaultPerPage),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export interface PageMeta {
  page: number;
  perPage: number;
  total: number;
}

export interface Paged<T> {
  data: T[];
  meta: PageMeta;
}

/** How many pages a list of `total` items fills, at least one. */
export function pageCount(meta: PageMeta): number {
  return Math.max(1, Math.ceil(meta.total / meta.perPage));
}

/** The page and perPage a page's address asks for, the defaults where it asks for none or nonsense. */
/** The query parameters a paged list reads (pageQueryOf). */
export const PAGE_QUERY_KEYS = ["page", "perPage"] as const;

export function pageQueryOf(url: URL): PageQuery {
  const parsed = pageQuerySchema.safeParse({
    page: url.searchParams.get("page") ?? undefined,
    perPage: url.searchParams.get("perPage") ?? undefined,
  });
  return parsed.success ? parsed.data : pageQuerySchema.parse({});
}
