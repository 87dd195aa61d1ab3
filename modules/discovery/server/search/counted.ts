import { sql } from "drizzle-orm";
import { LIST_KEYS, TOTAL_EXACT_UP_TO, type ListKey } from "#modules/discovery/search-filter";
import type { Query } from "./search-query";

// What a facet pass counted: each key's count, whether the counts are estimates, and the
// matches' ids when the pass read them.

export type FacetRow = { key: string; count: number };
export type Facets = Record<ListKey, { value: string; count: number }[]>;

/** The key every counted row adds, so that a pass also counts its rows. */
export const TOTAL_KEY = "_total";
/** The key of a pass's row that says how many matches it read, when it counted only the sample's keys. */
export const MATCHED_KEY = "_matched";

/** A slice's counted keys (with TOTAL_KEY, its size), and how many matches each of its rows stands for. */
export interface Sample {
  rows: FacetRow[];
  every: number;
}

/** How many rows a pass counted: its TOTAL_KEY row. */
export const countedRows = (rows: FacetRow[]) => rows.find((row) => row.key === TOTAL_KEY)?.count ?? 0;

/** A search's total and facets, and which of them are estimates. */
export interface Counts {
  total: number;
  facets: Facets;
  estimated: boolean;
  totalEstimated: boolean;
}

/** A pass's matches, and how many of them have each "<list>:<value>" key. */
export interface Counted {
  total: number;
  rows: FacetRow[];
  estimated: boolean;
  /** The total is the sample's count scaled, not every match's. */
  totalEstimated?: boolean;
  /** Every match, when the pass read them and they are few enough for a page to be read by id. */
  ids?: MatchIds;
}

/** How many acts match, or about how many when the sample says they are past the exact counts; their ids when read. */
export type MatchesSize = Pick<Counted, "total" | "ids">;

/** A search's matches by id (Postgres array literals): those based in its circle, and the rest. */
export interface MatchIds {
  based: string;
  rest: string;
}

/**
 * Up to this many matches, the first pass gives their ids, and a page of a search with words or
 * lists is read by them: finding two common tags' acts again took 9 ms of GIN index for 7 acts
 * at a million, a common word's 60 to 80; looking up 2,500 acts by id takes about 5. As many as
 * a first page is sorted from rather than walked to (WALK_FROM_MATCHES_PER_ROW).
 */
export const IDS_UP_TO = 5_000;

/** Whether a search's page is read by its matches' ids when a pass gives them: found again, a circle's acts alone come from an index (act_search_visible_place_idx). */
export const pageReadsIds = ({ keywords, filter }: Query) =>
  keywords !== null || LIST_KEYS.some((key) => filter[key].length > 0);

/** The ids of the matches in `m` (act_id, based_here) based in the circle or not, when they are at most IDS_UP_TO; else null. */
// Scalar subqueries, which PostgreSQL runs only when the case needs them: not for 20,000 matches.
export const idsOfM = (based: boolean) =>
  sql`case when (select count(*) from m) <= ${IDS_UP_TO} then (select coalesce(array_agg(act_id) filter (where based_here = ${based}), '{}')::text from m) end`;

/**
 * Counts from the keys of a pass's counted rows (with TOTAL_KEY): exact when every match was
 * counted, scaled to the whole when only the sample was (then `counted` is the sample's size).
 */
export function countedFrom(total: number, rows: FacetRow[]): Counted {
  const counted = countedRows(rows);
  const keys = rows.filter((row) => row.key !== TOTAL_KEY);
  if (counted >= total) return { total, rows: keys, estimated: false };
  const scale = total / Math.max(1, counted);
  return {
    total,
    rows: keys.map((row) => ({ key: row.key, count: Math.min(total, Math.max(1, Math.round(row.count * scale))) })),
    estimated: true,
  };
}

/**
 * A pass's total and counts from the sample's keys alone when the sample says the matches are
 * past TOTAL_EXACT_UP_TO (never for an admin, who may see acts the sample leaves out), or null.
 */
export function sampledPast(query: Query, sample: Sample): Counted | null {
  if (query.admin || countedRows(sample.rows) * sample.every <= TOTAL_EXACT_UP_TO) return null;
  return sampledTotal(sample);
}

/** A pass's total and counts as the sample's, scaled, saying the total is estimated. */
export function sampledTotal(sample: Sample): Counted {
  return { ...countedFrom(countedRows(sample.rows) * sample.every, sample.rows), totalEstimated: true };
}
