import { type SQL, sql } from "drizzle-orm";
import { LIST_KEYS, type ListKey, narrowsOnlyBy } from "#modules/discovery/search-filter";
import type { Executor } from "#server/db/client";
import { browseFacetCounts } from "./facet-counts";
import { rowsOf } from "#server/db/rows-of";
import { type NotFree, type Query, SAMPLE_EVERY, isBrowse, chosenKeys } from "./search-query";
import type { Counted, Counts, FacetRow, Facets } from "./counted";
import { facetPass } from "./facet-pass";

// A search's total and facets from its passes, and the kept counts that answer a browse, a date
// alone and a second tick without a pass.

/** The list a "<list>:<value>" key belongs to. */
export const listOf = (key: string) => key.slice(0, key.indexOf(":")) as ListKey;

/** Counted "<list>:<value>" keys, as each list's values with their counts, in the rows' order. */
function facetsFrom(rows: FacetRow[]): Facets {
  const result = Object.fromEntries(LIST_KEYS.map((key) => [key, []])) as unknown as Facets;
  for (const { key, count } of rows) result[listOf(key)]?.push({ value: key.slice(key.indexOf(":") + 1), count });
  return result;
}

/**
 * The number of matches, and per value of each filter list how many acts would match with it
 * and the other filters: one pass for every list with nothing chosen, and one more, without its
 * own condition, for each list with something chosen. A guest's bare browse reads the kept
 * counts instead.
 */
export async function countsAndFacets(
  db: Executor,
  query: Query,
  firstPass?: Counted | Promise<Counted>,
): Promise<Counts> {
  if (isBrowse(query)) {
    const rows = await browseFacetCounts(db);
    return {
      total: rows.find((row) => row.key === "_visible")?.count ?? 0,
      facets: facetsFrom(rows.filter((row) => row.key !== "_visible")),
      estimated: false,
      totalEstimated: false,
    };
  }
  const { date } = query.filter;
  if (date && query.notFree !== null && isBrowse({ ...query, filter: { ...query.filter, date: undefined } }))
    return browseCountsOnDate(db, query.notFree);
  const chosen = LIST_KEYS.filter((key) => query.filter[key].length > 0);
  const [first, ...others] = await Promise.all([
    firstPass ?? facetPass(db, query),
    ...chosen.map((key) => listPass(db, query, key)),
  ]);
  const rows = first!.rows.filter((row) => query.filter[listOf(row.key)]?.length === 0);
  for (const more of others) rows.push(...more.rows);
  return {
    total: first!.total,
    facets: facetsFrom(rows),
    estimated: [first!, ...others].some((pass) => pass.estimated),
    totalEstimated: first!.totalEstimated ?? false,
  };
}

/**
 * The counts of a chosen list's values among the acts matching everything else. When nothing
 * else is asked but a date, or nothing at all, they are a browse's, which are kept: a planner's
 * first tick (Wedding) counted every visible act's keys, or a slice of them, to find them.
 */
async function listPass(db: Executor, query: Query, key: ListKey): Promise<Counted> {
  const rest: Query = { ...query, filter: { ...query.filter, [key]: [], date: undefined } };
  if (!isBrowse(rest)) {
    const given = soleValue(rest);
    return given ? countsBeside(db, key, given, query.notFree) : facetPass(db, query, key);
  }
  const { total, facets, estimated } =
    query.notFree !== null ? await browseCountsOnDate(db, query.notFree) : await countsAndFacets(db, rest);
  return { total, rows: facets[key].map(({ value, count }) => ({ key: `${key}:${value}`, count })), estimated };
}

/** The one "<list>:<value>" key a guest's search asks, when it asks nothing else (no date either), or null. */
function soleValue(query: Query): string | null {
  const { admin, circle, keywords, filter } = query;
  if (admin || circle || keywords || !narrowsOnlyBy(filter, ["list", "words", "place"])) return null;
  const chosen = chosenKeys(filter);
  return chosen.length === 1 ? chosen[0]! : null;
}

/**
 * The counts of a chosen list's values among the visible acts with one other value (`given`),
 * less those not free on the search's date: kept pairs of keys (migration 0058), where reading
 * the acts with the other value took a sample pass of 2,000 rows (8 ms at 100,000 acts on the
 * embedded database, for two tags and a date).
 */
async function countsBeside(db: Executor, key: ListKey, given: string, notFree: NotFree | null): Promise<Counted> {
  const kept = rowsOf<FacetRow>(
    db.execute(sql`select other as key, sum(delta)::int as count from facet_pair_count_changes
        where key = ${given} and other like ${`${key}:%`} group by other having sum(delta) > 0
      union all select '_visible', coalesce(sum(delta), 0)::int from facet_count_changes where key = ${given}
      order by count desc, key`),
  );
  const { rows, estimated } = notFree
    ? await lessNotFree(
        db,
        kept,
        notFree,
        sql`s.facets @> array[${given}]::text[] and (f = '_visible' or f like ${`${key}:%`})`,
      )
    : { rows: await kept, estimated: false };
  return {
    total: rows.find((row) => row.key === "_visible")?.count ?? 0,
    rows: rows.filter((row) => row.key !== "_visible"),
    estimated,
  };
}

/**
 * A browse for a date: the kept counts of every visible act, less those of the few that are
 * not free that day (counting the rest row by row was most of such a search's time). Exact up
 * to FACETS_EXACT_UP_TO acts not free; past it, less the sample's counts scaled, as a search's
 * facets are counted past as many matches: reading each of a busy day's 7,500 acts at a
 * million took 25 ms.
 */
async function browseCountsOnDate(db: Executor, notFree: NotFree): Promise<Counts> {
  const { rows, estimated } = await lessNotFree(db, browseFacetCounts(db), notFree, sql`true`);
  return {
    total: rows.find((row) => row.key === "_visible")?.count ?? 0,
    facets: facetsFrom(rows.filter((row) => row.key !== "_visible")),
    estimated,
    totalEstimated: estimated,
  };
}

/**
 * Kept counts of visible acts (with "_visible", how many) less those of the acts among them
 * (`among`, of the search row `s` and its key `f`) not free on the search's date: exact up to
 * searchBounds.notFreeExactUpTo acts not free, less the sample's counts scaled past it.
 */
async function lessNotFree(
  db: Executor,
  kept: Promise<FacetRow[]>,
  notFree: NotFree,
  among: SQL,
): Promise<{ rows: FacetRow[]; estimated: boolean }> {
  const sampled = notFree.takenInSample !== null;
  const [all, taken] = await Promise.all([
    kept,
    rowsOf<FacetRow>(
      db.execute(sql`select f as key, count(*)::int as count from act_search s cross join unnest(s.facets || '_visible'::text) f
        where s.visible and ${notFree.takenInSample ?? notFree.taken} and ${among} group by f`),
    ),
  ]);
  const scale = sampled ? SAMPLE_EVERY : 1;
  const less = new Map(taken.map((row) => [row.key, row.count * scale]));
  // A value some acts have stays listed when the sample's scaled count says all are taken: a
  // day takes few of any value's acts, and a missing value could not be chosen.
  const floor = sampled ? 1 : 0;
  const rows = all
    .map((row) => ({ key: row.key, count: Math.max(floor, row.count - (less.get(row.key) ?? 0)) }))
    .filter((row) => row.count > 0)
    .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
  return { rows, estimated: sampled };
}
