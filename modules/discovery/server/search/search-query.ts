import { type SQL, sql } from "drizzle-orm";
import { INSTANT_OFFERING } from "./result-rows";
import { parseBounds } from "#modules/discovery/map-bounds";
import {
  type ActSearchFilter,
  FACETS_EXACT_UP_TO,
  LIST_KEYS,
  RANKED_UP_TO,
  narrowsOnlyBy,
  SPARSE_SAMPLE_FROM,
  type ListKey,
} from "#modules/discovery/search-filter";
import {
  basedIn,
  basePlaceIn,
  inCircle,
  onlyPlayIn,
  listCondition,
  type PlacesIn,
  nearPlaces,
  statusCondition,
} from "./conditions";
import type { KeywordQuery } from "./keywords";

// A search as its statements see it: the filter with its circle, words and day found, the
// conditions on the search rows (`s`, act_search), and the bounds the tests lower.

/** Every "<list>:<value>" key a filter chooses, list by list. */
export const chosenKeys = (filter: ActSearchFilter): string[] =>
  LIST_KEYS.flatMap((key) => filter[key].map((value) => `${key}:${value}`));

export interface Query {
  admin: boolean;
  filter: ActSearchFilter;
  circle: PlacesIn | null;
  /** With a circle, how many visible acts have each chosen "<list>:<value>" (searchCircle). */
  valueCounts: Map<string, number>;
  keywords: KeywordQuery | null;
  /** With a date, the acts not free that day (notFreeOnDate). */
  notFree: NotFree | null;
}

/** The acts not free on a search's date, as conditions on the search row `s`. */
export interface NotFree {
  /** The act is not free that day. */
  taken: SQL;
  /** The act is free that day. */
  free: SQL;
  /**
   * The act is not free that day and in the sample (one in SAMPLE_EVERY); null when they are at
   * most searchBounds.notFreeExactUpTo, and each is counted.
   */
  takenInSample: SQL | null;
}

/** Past this many acts not free on a day, each statement finds them itself rather than being sent a list. */
export const NOT_FREE_LISTED_UP_TO = 20_000;

/** Past FACETS_EXACT_UP_TO matches, the slice of them whose keys are counted: one act in eight, by a hash of its id. */
export const SAMPLE_EVERY = 8;
/** The acts of a slice, one in `every` (a power of two) by a hash of their id. */
// A literal, not a parameter: the planner reads a slice's partial indexes (whose predicate says
// `& 7 = 0`) only for a condition it can match to theirs.
export const inSliceOf = (alias: string, every: number) => sql.raw(`hashint4(${alias}.act_id) & ${every - 1} = 0`);
export const inSlice = (every: number) => inSliceOf("s", every);
export const IN_SAMPLE = inSlice(SAMPLE_EVERY);
/**
 * Past SPARSE_SAMPLE_FROM matches by it, the slice counted instead: one act in 64 (a part of the one in
 * eight, with partial indexes of its own). A word or a tag on most of a million acts has hundreds
 * of thousands of matches, whose one in eight was still 10,000 to 60,000 rows to read and count
 * (a chosen list's pass for "that" and a date, 400 ms); one in 64 of 64,000 is 1,000 acts, which
 * put a total within about 3 per cent and a value one act in ten has within about a tenth; of
 * 32,000 (SPARSE_SAMPLE_FROM), 500, within about 5 per cent (the counts then say "about").
 */
export const SPARSE_EVERY = 64;

/**
 * With at least this many matches per row up to a page's last, the page is found by walking the
 * sort's index until it is full; with fewer, by reading every match and sorting them. The
 * planner chooses by its guess, and guesses two lists' matches as if their values were
 * independent: for two values no act has together it walked the whole index, a million acts,
 * for an empty page (1.0 s at 1M acts). Walking reads about (last row × acts ÷ matches) rows,
 * each dearer than a match read in bulk: at a million acts, page 1 of 32,500 matches took 60 ms
 * walking and 200 ms sorting; page 20 took 505 ms walking.
 */
export const WALK_FROM_MATCHES_PER_ROW = 250;
/**
 * The same for a circle, ten times as many: a place's acts need not be spread evenly along an
 * order (a region's best rated may be few), and its acts based there are sorted from an index
 * alone (act_search_visible_place_idx) when nothing else asked needs their rows, about half a
 * millisecond per thousand: 45,000 around Chinatown, CA, with a date, 36 ms in all.
 */
export const CIRCLE_WALK_FACTOR = 10;

/**
 * A circle's acts cost about this many times as much each to test a list on as each act with a
 * chosen value costs the facets' GIN index to read (2 µs a row; 17 ms for a style's 133,000).
 */
const ROW_COST_IN_POSTINGS = 10;

/**
 * A circle with about this many acts or fewer, and lists chosen, has its acts read once for all
 * its facet passes, each list tested on their rows (circlePasses), not sampled first: a pass's
 * matches are at most as many.
 */
const READ_CIRCLE_UP_TO = 10_000;

/**
 * Read at each search: a test lowers `sparseFrom` to reach the sparse slice on tens of thousands
 * of generated acts rather than the hundreds of thousands it is meant for, `walkFrom` to find the
 * demo's few acts' pages as a million's are found, `notFreeListedUpTo` to find a busy day's
 * acts as each statement does, `notFreeExactUpTo` to count a busy day's by their sample,
 * `rowCostInPostings` to read a circle's lists through their index, and `readCircleUpTo` to
 * count a small circle's passes each on its own, as for a big circle, and `rankedUpTo` to order
 * the demo's few matches of a word as a million acts' are ordered.
 */
export const searchBounds = {
  rankedUpTo: RANKED_UP_TO,
  sparseFrom: SPARSE_SAMPLE_FROM,
  walkFrom: WALK_FROM_MATCHES_PER_ROW,
  notFreeListedUpTo: NOT_FREE_LISTED_UP_TO,
  notFreeExactUpTo: FACETS_EXACT_UP_TO,
  rowCostInPostings: ROW_COST_IN_POSTINGS,
  readCircleUpTo: READ_CIRCLE_UP_TO,
};

/**
 * Every condition of the search but, when named, one list's: facets count with the others. With
 * a slice (one act in `every`), only its acts, read through the slice's partial indexes.
 */
export function conditions(query: Query, except?: ListKey, every?: number, place?: SQL): SQL {
  const { admin, filter, circle, keywords, notFree } = query;
  const onRows = !every && listsOnRows(query, except);
  const parts: SQL[] = [];
  // Guests, planners and artists see approved acts that are not internal use only, whatever they ask.
  if (!admin) parts.push(sql`s.visible`);
  else if (filter.status) parts.push(statusCondition(filter.status));
  // A slice of a circle is read through the slice's place index and its words tested on its rows:
  // the planner joined the circle's few acts to every match of a common word in the whole words'
  // index ("comedy" near Astoria, NY: 133,000 matches found to keep 176, 88 ms).
  const words = keywords && sql`s.document @@ to_tsquery('simple', ${keywords.tolerant})`;
  if (words) parts.push(every && circle ? sql`(${words}) is true` : words);
  if (circle) parts.push(place ?? inCircle(circle));
  if (notFree !== null) parts.push(notFree.free);
  // Literally as the slice's partial indexes say it, so that the planner reads them.
  if (every) parts.push(inSlice(every));
  // Acts with no price have a null here, which no budget admits.
  if (filter.budget !== undefined) parts.push(sql`s.price_from_cents <= ${filter.budget * 100}`);
  if (filter.instant) parts.push(INSTANT_OFFERING("s.act_id"));
  const bounds = filter.bounds ? parseBounds(filter.bounds) : null;
  if (bounds)
    parts.push(sql`s.place_id in (select id from places where lat between ${bounds.south} and ${bounds.north}
      and lng between ${bounds.west} and ${bounds.east})`);
  for (const key of LIST_KEYS) {
    if (key === except) continue;
    const condition = listCondition(key, filter[key]);
    // A slice's words and lists are one partial index (migration 0073), which a pass reads for
    // both; a circle's slice is read through its places, its lists tested on its rows.
    if (condition) parts.push((every && circle) || onRows ? sql`(${condition}) is true` : condition);
  }
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

/**
 * Whether a circle's lists are tested on its acts' rows rather than read through the facets'
 * GIN index: the index reads every act with each value, which for common values costs more
 * than the circle's own acts (Austin, TX's 5,000 acts with two styles' 133,000 each, 17 ms of
 * index where testing them on their rows takes 10); the planner, which costs the index by its
 * pages, took it.
 */
export function listsOnRows({ circle, filter, valueCounts }: Query, except?: ListKey): boolean {
  if (!circle) return false;
  let postings = 0;
  for (const key of LIST_KEYS)
    if (key !== except) for (const value of filter[key]) postings += valueCounts.get(`${key}:${value}`) ?? 0;
  return postings > (circle.acts ?? 0) * searchBounds.rowCostInPostings;
}

/**
 * The search rows matching every condition (but `except`'s list), as a select of `columns`; a
 * circle's in two branches, its acts based there and those only also playing there, so that the
 * first is read from the visible place index alone (act_search_visible_place_idx) when nothing
 * else asked needs the row: "based or also playing" read every act from the table. With
 * `eachFirst`, only each branch's first rows in an order that leaves out "based", the same in
 * either branch: sorting the two branches' union passed each row through two more plan nodes
 * (the 37,000 acts around Garland, TX, with a date: 20 ms, 7 sorted branch by branch).
 */
export function matchingRows(
  query: Query,
  columns: SQL,
  except?: ListKey,
  eachFirst?: { order: SQL; rows: number },
): SQL {
  const where = (place?: SQL, based = sql`false`) => {
    const select = sql`select ${columns}, ${based} as based_here ${countFrom(query)} where ${conditions(query, except, undefined, place)}`;
    return eachFirst ? sql`(${select} order by ${eachFirst.order} limit ${eachFirst.rows})` : select;
  };
  const { circle } = query;
  if (!circle) return where();
  // Each branch says whether its acts are based in the circle, which the recommended order
  // reads: tested per act, against hundreds of places, it took 22 ms of sorting 79,000 acts.
  return sql`${where(basePlaceIn(circle), sql`true`)} union all ${where(sql`not ${basedIn(circle)} and ${onlyPlayIn(circle)}`)}`;
}

/** The query's common table expressions: the circle's places when it has one, and `more`. */
export function withNear(circle: PlacesIn | null, more?: SQL): SQL {
  const parts = [...(circle ? [sql`near as (${nearPlaces(circle)})`] : []), ...(more ? [more] : [])];
  return parts.length ? sql`with ${sql.join(parts, sql`, `)} ` : sql``;
}
export const FROM = sql`from act_search s join acts a on a.id = s.act_id`;
/** Without an admin's status filter, counting needs the search rows alone. */
export const countFrom = (query: Query) => (query.admin && query.filter.status ? FROM : sql`from act_search s`);

/** A guest's search with no condition but visibility: its counts are kept (browseFacetCounts). */
export function isBrowse({ admin, filter, circle, keywords }: Query): boolean {
  return !admin && !circle && !keywords && narrowsOnlyBy(filter, ["words", "place"]);
}
