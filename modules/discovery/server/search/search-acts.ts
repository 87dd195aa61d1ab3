import { type SQL, sql } from "drizzle-orm";
import type { ActSearchPage, ActSearchResult } from "#modules/discovery/answers";
import { deriveActStatus } from "#modules/acts/act-status";
import { actFactsOf } from "#modules/acts/act-facts";
import { KIND_TAG_TYPES } from "#domain/tags";
import {
  type ActSearchFilter,
  DEFAULT_RADIUS_MILES,
  FACETS_EXACT_UP_TO,
  LIST_KEYS,
  TOTAL_EXACT_UP_TO,
  SPARSE_SAMPLE_FROM,
  type ListKey,
  type SearchSort,
  effectiveSort,
} from "#modules/discovery/search-filter";
import { unknownPlaceMessage } from "#modules/discovery/places";
import { type Executor, runsQueriesSideBySide } from "#server/db/client";
import { validationFailed } from "#server/errors";
import { findPlace, nearestPlaceLabels } from "../places";
import type { SessionUser } from "#domain/session-user";
import { cachedRead, type ReadCache } from "#server/cache/cached-read";
import { actsNotFreeOn, notFreeOn } from "#modules/availability/server";
import {
  basedIn,
  basePlaceIn,
  type Circle,
  inCircle,
  onlyPlayIn,
  listCondition,
  type PlacesIn,
  placesWithin,
  statusCondition,
} from "./conditions";
import { type KeywordQuery, keywordQuery } from "./keywords";
import { jsonColumn } from "#server/db/json-column";
import { browseFacetCounts } from "./facet-counts";
import { rowsOf } from "#server/db/rows-of";

/**
 * The circle a filter searches in: its coordinates, or its place; an unknown place is a 422 on
 * `location`. With about how many acts are based there, and (keys) how many visible acts have
 * each of the chosen lists' values, which choose how its lists are tested (listsOnRows).
 */
async function searchCircle(
  db: Executor,
  filter: ActSearchFilter,
): Promise<{ circle: PlacesIn; valueCounts: Map<string, number> } | null> {
  const miles = filter.radius ?? DEFAULT_RADIUS_MILES;
  let circle: Circle;
  if (filter.location_lat !== undefined && filter.location_lng !== undefined)
    circle = { lat: filter.location_lat, lng: filter.location_lng, miles };
  else if (!filter.location) return null;
  else {
    const place = await findPlace(db, filter.location);
    if (!place)
      throw validationFailed({
        location: [unknownPlaceMessage(filter.location, await nearestPlaceLabels(db, filter.location))],
      });
    circle = { lat: place.lat, lng: place.lng, miles };
  }
  const keys = LIST_KEYS.flatMap((key) => filter[key].map((value) => `${key}:${value}`));
  // Without lists, nothing reads how many acts the circle or a value has: not counted (3 ms
  // around Elmhurst, NY, on the embedded database).
  const sizes = keys.length
    ? sql`(select count(*)::int from act_search s where s.visible and ${inSlice(SPARSE_EVERY)} and s.place_id in (select id from near)) as sparse,
        (select coalesce(json_object_agg(k.key, k.n), '{}'::json) from (select key, sum(delta)::int as n from facet_count_changes
          where key = any(array[${sql.join(
            keys.map((key) => sql`${key}`),
            sql`, `,
          )}]::text[]) group by key) k) as counts`
    : sql`null::int as sparse, '{}'::json as counts`;
  const [row] = await rowsOf<{
    bases: string;
    played: string;
    sparse: number | null;
    counts: Record<string, number> | string;
  }>(
    db.execute(sql`with near as (${placesWithin(circle)})
      select (select coalesce(array_agg(id order by id), '{}')::text from near where exists (select from act_search s where s.place_id = near.id)) as bases,
        (select coalesce(array_agg(id order by id), '{}')::text from near where exists (select from act_locations l where l.place_id = near.id)) as played,
        ${sizes}`),
  );
  return {
    circle: {
      ...circle,
      bases: row!.bases,
      played: row!.played,
      acts: row!.sparse === null ? null : row!.sparse * SPARSE_EVERY,
    },
    valueCounts: new Map(Object.entries(jsonColumn<Record<string, number>>(row!.counts))),
  };
}

interface Query {
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
interface NotFree {
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
const NOT_FREE_LISTED_UP_TO = 20_000;

/**
 * The acts not free on the search's date: found once for all the search's statements and
 * written as a list, since each found them afresh (7,500 of a million acts, 5 ms a statement,
 * four or five statements a search); past NOT_FREE_LISTED_UP_TO, a busy day's list would
 * outweigh finding them, and each does. A free act is one not in the list as a hashed set: as
 * `<> all(list)`, the planner estimated the condition element by element, 3 ms a statement
 * before it ran.
 */
async function notFreeOnDate(db: Executor, date: string): Promise<NotFree> {
  const [row] = await rowsOf<{ ids: string; sample: string; n: number }>(
    db.execute(sql`select coalesce(array_agg(x.act_id order by x.act_id), '{}')::text as ids,
        coalesce(array_agg(x.act_id order by x.act_id) filter (where ${inSliceOf("x", SAMPLE_EVERY)}), '{}')::text as sample,
        count(*)::int as n
      from (select distinct k.act_id from (${actsNotFreeOn(date)}) k limit ${searchBounds.notFreeListedUpTo + 1}) x`),
  );
  if (!row || row.n > searchBounds.notFreeListedUpTo) {
    const taken = notFreeOn(date);
    return { taken, free: sql`not ${taken}`, takenInSample: sql`${taken} and ${IN_SAMPLE}` };
  }
  return {
    taken: sql`(s.act_id = any(${row.ids}::int[]))`,
    free: sql`(s.act_id not in (select unnest(${row.ids}::int[])))`,
    takenInSample: row.n > searchBounds.notFreeExactUpTo ? sql`(s.act_id = any(${row.sample}::int[]))` : null,
  };
}

/**
 * Every condition of the search but, when named, one list's: facets count with the others. With
 * a slice (one act in `every`), only its acts, read through the slice's partial indexes.
 */
function conditions(query: Query, except?: ListKey, every?: number, place?: SQL): SQL {
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
  for (const key of LIST_KEYS) {
    if (key === except) continue;
    const condition = listCondition(key, filter[key]);
    // A slice with words is read through the words' partial index, its lists tested on its rows:
    // the planner cannot join two partial indexes of the same slice, and joined the words' to the
    // whole list index instead, whose value on a sixth of a million acts took 64 ms to gather.
    if (condition) parts.push((every && (keywords || circle)) || onRows ? sql`(${condition}) is true` : condition);
  }
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

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
 * Whether a circle's lists are tested on its acts' rows rather than read through the facets'
 * GIN index: the index reads every act with each value, which for common values costs more
 * than the circle's own acts (Austin, TX's 5,000 acts with two styles' 133,000 each, 17 ms of
 * index where testing them on their rows takes 10); the planner, which costs the index by its
 * pages, took it.
 */
function listsOnRows({ circle, filter, valueCounts }: Query, except?: ListKey): boolean {
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
function matchingRows(query: Query, columns: SQL, except?: ListKey, eachFirst?: { order: SQL; rows: number }): SQL {
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
function withNear(circle: Circle | null, more?: SQL): SQL {
  const parts = [...(circle ? [sql`near as (${placesWithin(circle)})`] : []), ...(more ? [more] : [])];
  return parts.length ? sql`with ${sql.join(parts, sql`, `)} ` : sql``;
}
const FROM = sql`from act_search s join acts a on a.id = s.act_id`;
/** Without an admin's status filter, counting needs the search rows alone. */
const countFrom = (query: Query) => (query.admin && query.filter.status ? FROM : sql`from act_search s`);

/** How well an act's document matches: words as typed weigh twice what their typo alternatives do. */
function relevanceRank(keywords: KeywordQuery): SQL {
  return keywords.tolerant === keywords.exact
    ? sql`ts_rank(s.document, to_tsquery('simple', ${keywords.exact}))`
    : sql`ts_rank(s.document, to_tsquery('simple', ${keywords.exact})) * 2 + ts_rank(s.document, to_tsquery('simple', ${keywords.tolerant}))`;
}

/**
 * In a search by place, the default orders put the acts based in its circle before those that
 * only also play there, other things equal: a local couple trusts a local act first (issue 44).
 */
// Unqualified: inside a select that names it, only its output column is called so.
const LOCAL_FIRST = sql`based desc, `;

function orderBy(sort: SearchSort, keywords: KeywordQuery | null, admin: boolean, circle: boolean): SQL {
  // Guests' searches all have s.visible; leading with it lets a browse read an index in order.
  const visible = admin ? sql`` : sql`s.visible, `;
  const local = circle ? LOCAL_FIRST : sql``;
  switch (sort) {
    case "relevance":
      if (!keywords) return sql`s.featured desc, ${local}s.rating_avg desc nulls last, s.act_id`;
      return sql`${relevanceRank(keywords)} desc, ${local}${BY_RANK_THEN}`;
    // The same keys, in the same order, as the act_search indexes, so a browse reads one index.
    case "recommended":
      return sql`${visible}s.featured desc, ${local}s.rating_avg desc nulls last, s.review_count desc, s.name, s.act_id`;
    case "rating":
      return sql`${visible}s.rating_avg desc nulls last, s.review_count desc, s.act_id`;
    case "reviews":
      return sql`${visible}s.review_count desc, s.rating_avg desc nulls last, s.act_id`;
    case "newest":
      return sql`${visible}s.created_at desc, s.act_id desc`;
    case "price":
      return sql`${visible}s.price_from_cents asc nulls last, s.act_id`;
    case "distance":
      return sql`distance asc nulls last, s.act_id`;
  }
}

/** After relevance, the order of equally relevant acts: featured, then those that answer more often, and faster (issue 30). */
const BY_RANK_THEN = sql`s.featured desc, s.response_rate desc nulls last, s.response_hours asc nulls last, s.rating_avg desc nulls last, s.act_id`;

const KIND_TYPES = sql`array[${sql.join(
  KIND_TAG_TYPES.map((type) => sql`${type}`),
  sql`, `,
)}]::text[]`;

/** What a search result shows of an act (`a`) and its search row (`s`), for search and for lists of acts such as a shortlist. */
export const RESULT_COLUMNS = sql`a.id, a.url, a.name, a.headline, a.avatar, a.location, a.is_featured, a.nationally_recognized, a.facts,
    a.active, a.declined, a.application_complete, s.rating_avg, s.review_count, s.price_from_cents, s.response_rate, s.response_hours,
    array(select distinct t.name from act_tags at join tags t on t.id = at.tag_id where at.act_id = a.id order by t.name) as tags,
    (select t.name from act_tags at join tags t on t.id = at.tag_id where at.act_id = a.id and t.type::text = any(${KIND_TYPES})
      order by array_position(${KIND_TYPES}, t.type::text), t.name limit 1) as kind`;

/** A row of RESULT_COLUMNS (with a search's distance and nearest place, when it has a circle) as the API answers it. */
export function searchResultOf(
  row: ResultRow,
  { circle, admin }: { circle: boolean; admin: boolean },
): ActSearchResult {
  return {
    url: row.url,
    name: row.name,
    headline: row.headline,
    avatar: row.avatar,
    location: row.location,
    is_featured: row.is_featured ? 1 : 0,
    nationallyRecognized: row.nationally_recognized,
    rating: { average: row.rating_avg === null ? null : Number(row.rating_avg), count: row.review_count ?? 0 },
    price_from_cents: row.price_from_cents,
    tags: row.tags,
    kind: row.kind,
    facts: actFactsOf(row.facts),
    ...(row.response_rate === null
      ? {}
      : { response_rate: row.response_rate, response_time_hours: row.response_hours }),
    ...(circle
      ? {
          distance_miles: row.distance == null ? null : Math.round(Number(row.distance) * 10) / 10,
          nearest_location: row.nearest ?? null,
        }
      : {}),
    ...(admin
      ? {
          status: deriveActStatus({
            application_complete: row.application_complete,
            active: row.active,
            declined: row.declined,
          }),
        }
      : {}),
  };
}

export interface ResultRow {
  id: number;
  url: string;
  name: string;
  headline: string | null;
  avatar: string | null;
  location: string | null;
  is_featured: boolean;
  nationally_recognized: boolean;
  active: boolean;
  declined: boolean;
  application_complete: boolean;
  rating_avg: number | null;
  review_count: number | null;
  price_from_cents: number | null;
  response_rate: number | null;
  response_hours: number | null;
  distance?: number | null;
  nearest?: string | null;
  tags: string[];
  kind: string | null;
  facts: Record<string, unknown>;
}

type FacetRow = { key: string; count: number };
type Facets = Record<ListKey, { value: string; count: number }[]>;

/** The list a "<list>:<value>" key belongs to. */
const listOf = (key: string) => key.slice(0, key.indexOf(":")) as ListKey;

/** Counted "<list>:<value>" keys, as each list's values with their counts, in the rows' order. */
function facetsFrom(rows: FacetRow[]): Facets {
  const result = Object.fromEntries(LIST_KEYS.map((key) => [key, []])) as unknown as Facets;
  for (const { key, count } of rows) result[listOf(key)]?.push({ value: key.slice(key.indexOf(":") + 1), count });
  return result;
}

/** The key every counted row adds, so that a pass also counts its rows. */
const TOTAL_KEY = "_total";
/** The key of a pass's row that says how many matches it read, when it counted only the sample's keys. */
const MATCHED_KEY = "_matched";
/**
 * Up to this many matches, the first pass gives their ids, and a page of a search with words or
 * lists is read by them: finding two common tags' acts again took 9 ms of GIN index for 7 acts
 * at a million, a common word's 60 to 80; looking up 2,500 acts by id takes about 5. As many as
 * a first page is sorted from rather than walked to (WALK_FROM_MATCHES_PER_ROW).
 */
const IDS_UP_TO = 5_000;

/** Whether a search's page is read by its matches' ids when a pass gives them: found again, a circle's acts alone come from an index (act_search_visible_place_idx). */
const pageReadsIds = ({ keywords, filter }: Query) =>
  keywords !== null || LIST_KEYS.some((key) => filter[key].length > 0);

/** The ids of the matches in `m` (act_id, based_here) based in the circle or not, when they are at most IDS_UP_TO; else null. */
// Scalar subqueries, which PostgreSQL runs only when the case needs them: not for 20,000 matches.
const idsOfM = (based: boolean) =>
  sql`case when (select count(*) from m) <= ${IDS_UP_TO} then (select coalesce(array_agg(act_id) filter (where based_here = ${based}), '{}')::text from m) end`;
/** Past FACETS_EXACT_UP_TO matches, the slice of them whose keys are counted: one act in eight, by a hash of its id. */
const SAMPLE_EVERY = 8;
/** The acts of a slice, one in `every` (a power of two) by a hash of their id. */
// A literal, not a parameter: the planner reads a slice's partial indexes (whose predicate says
// `& 7 = 0`) only for a condition it can match to theirs.
const inSliceOf = (alias: string, every: number) => sql.raw(`hashint4(${alias}.act_id) & ${every - 1} = 0`);
const inSlice = (every: number) => inSliceOf("s", every);
const IN_SAMPLE = inSlice(SAMPLE_EVERY);
/**
 * Past SPARSE_SAMPLE_FROM matches by it, the slice counted instead: one act in 64 (a part of the one in
 * eight, with partial indexes of its own). A word or a tag on most of a million acts has hundreds
 * of thousands of matches, whose one in eight was still 10,000 to 60,000 rows to read and count
 * (a chosen list's pass for "that" and a date, 400 ms); one in 64 of 64,000 is 1,000 acts, which
 * put a total within about 3 per cent and a value one act in ten has within about a tenth; of
 * 32,000 (SPARSE_SAMPLE_FROM), 500, within about 5 per cent (the counts then say "about").
 */
const SPARSE_EVERY = 64;
/**
 * With at least this many matches per row up to a page's last, the page is found by walking the
 * sort's index until it is full; with fewer, by reading every match and sorting them. The
 * planner chooses by its guess, and guesses two lists' matches as if their values were
 * independent: for two values no act has together it walked the whole index, a million acts,
 * for an empty page (1.0 s at 1M acts). Walking reads about (last row × acts ÷ matches) rows,
 * each dearer than a match read in bulk: at a million acts, page 1 of 32,500 matches took 60 ms
 * walking and 200 ms sorting; page 20 took 505 ms walking.
 */
const WALK_FROM_MATCHES_PER_ROW = 250;
/**
 * The same for a circle, ten times as many: a place's acts need not be spread evenly along an
 * order (a region's best rated may be few), and its acts based there are sorted from an index
 * alone (act_search_visible_place_idx) when nothing else asked needs their rows, about half a
 * millisecond per thousand: 45,000 around Chinatown, CA, with a date, 36 ms in all.
 */
const CIRCLE_WALK_FACTOR = 10;

/**
 * Read at each search: a test lowers `sparseFrom` to reach the sparse slice on tens of thousands
 * of generated acts rather than the hundreds of thousands it is meant for, `walkFrom` to find the
 * demo's few acts' pages as a million's are found, `notFreeListedUpTo` to find a busy day's
 * acts as each statement does, `notFreeExactUpTo` to count a busy day's by their sample,
 * `rowCostInPostings` to read a circle's lists through their index, and `readCircleUpTo` to
 * count a small circle's passes each on its own, as for a big circle.
 */
export const searchBounds = {
  sparseFrom: SPARSE_SAMPLE_FROM,
  walkFrom: WALK_FROM_MATCHES_PER_ROW,
  notFreeListedUpTo: NOT_FREE_LISTED_UP_TO,
  notFreeExactUpTo: FACETS_EXACT_UP_TO,
  rowCostInPostings: ROW_COST_IN_POSTINGS,
  readCircleUpTo: READ_CIRCLE_UP_TO,
};

/** A slice's counted keys (with TOTAL_KEY, its size), and how many matches each of its rows stands for. */
interface Sample {
  rows: FacetRow[];
  every: number;
}

/** How many rows a pass counted: its TOTAL_KEY row. */
const countedRows = (rows: FacetRow[]) => rows.find((row) => row.key === TOTAL_KEY)?.count ?? 0;

/** A search's total and facets, and which of them are estimates. */
interface Counts {
  total: number;
  facets: Facets;
  estimated: boolean;
  totalEstimated: boolean;
}

/** A pass's matches, and how many of them have each "<list>:<value>" key. */
interface Counted {
  total: number;
  rows: FacetRow[];
  estimated: boolean;
  /** The total is the sample's count scaled, not every match's. */
  totalEstimated?: boolean;
  /** Every match, when the pass read them and they are few enough for a page to be read by id. */
  ids?: MatchIds;
}

/** How many acts match, or about how many when the sample says they are past the exact counts; their ids when read. */
type MatchesSize = Pick<Counted, "total" | "ids">;

/** A search's matches by id (Postgres array literals): those based in its circle, and the rest. */
interface MatchIds {
  based: string;
  rest: string;
}

/**
 * Counts from the keys of a pass's counted rows (with TOTAL_KEY): exact when every match was
 * counted, scaled to the whole when only the sample was (then `counted` is the sample's size).
 */
function countedFrom(total: number, rows: FacetRow[]): Counted {
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
function sampledPast(query: Query, sample: Sample): Counted | null {
  if (query.admin || countedRows(sample.rows) * sample.every <= TOTAL_EXACT_UP_TO) return null;
  return sampledTotal(sample);
}

/** A pass's total and counts as the sample's, scaled, saying the total is estimated. */
function sampledTotal(sample: Sample): Counted {
  return { ...countedFrom(countedRows(sample.rows) * sample.every, sample.rows), totalEstimated: true };
}

/**
 * A search whose page the planner would choose by a guess of its matches: of its lists', or of a
 * circle's with anything else. It takes them as independent, and a word's acts and a place's are
 * not: it took a word near Roswell, GA, which no act there has, for 2,600 acts, and walked a
 * million rows in 1.6 s. Not a ranked keyword search, which reads every match to rank it.
 */
function walksOnGuess({ keywords, circle, filter }: Query, sort: SearchSort): boolean {
  if (keywords && sort === "relevance") return false;
  return circle !== null || (!keywords && LIST_KEYS.some((key) => filter[key].length > 0));
}

/**
 * A circle's matches in the recommended order, as four groups that each follow the order's index:
 * featured and based there, featured, based there, the rest (acts that only also play there), each
 * up to the page's last row. Sorted whole, the order's "based" (not a column) made the planner read
 * every featured act, or every act of the circle, to sort it (a city and a date: 0.6 s at a million).
 */
function recommendedInCircle(query: Query, circle: PlacesIn, lastRow: number): SQL {
  const rest = conditions({ ...query, circle: null });
  const order = orderBy("recommended", query.keywords, query.admin, false);
  const group = (featured: SQL, place: SQL) =>
    sql`(select s.* ${countFrom(query)} where ${rest} and ${featured} and ${place} order by ${order} limit ${lastRow})`;
  const based = basePlaceIn(circle);
  const visiting = sql`not ${basedIn(circle)} and ${onlyPlayIn(circle)}`;
  return sql`from (${group(sql`s.featured`, based)} union all ${group(sql`s.featured`, visiting)}
    union all ${group(sql`not s.featured`, based)} union all ${group(sql`not s.featured`, visiting)}) s`;
}

/** What a page's sort and result columns read of a search row, when its matches are read first. */
const SORTED_COLUMNS = sql`s.act_id, s.visible, s.featured, s.rating_avg, s.review_count, s.name, s.created_at,
  s.price_from_cents, s.response_rate, s.response_hours, s.place_id`;

/** The search rows of matches a pass has read, by id, as matchingRows gives them. */
const byIds = ({ based, rest }: MatchIds) =>
  sql`select ${SORTED_COLUMNS}, true as based_here from act_search s where s.act_id = any(${based}::int[])
    union all select ${SORTED_COLUMNS}, false from act_search s where s.act_id = any(${rest}::int[])`;

/**
 * One pass of the facet counts: the acts matching every condition but `except`'s, and per
 * "<list>:<value>" key (of `except`'s list only, when named) how many have it: every match's
 * keys up to FACETS_EXACT_UP_TO matches, the sample's past it (its own indexes make it cheap).
 */
async function facetPass(
  db: Executor,
  query: Query,
  except?: ListKey,
  onSized?: (size: MatchesSize) => void,
): Promise<Counted> {
  const near = withNear(query.circle);
  const keysOf = except ? sql`and (f = ${TOTAL_KEY} or f like ${`${except}:%`})` : sql``;
  /** Each key's count among the matches, or among a slice's (one in `every`). */
  const sliceKeys = (every?: number) =>
    sql`select f, count(*)::int as n ${countFrom(query)} cross join unnest(s.facets || ${TOTAL_KEY}::text) f
      where ${conditions(query, except, every)} ${keysOf} group by f`;

  // The sparse slice first, and the one in eight only when the sparse one says the matches are
  // fewer than SPARSE_SAMPLE_FROM: one statement, whose second scan is skipped, not run, otherwise.
  const sampleCounts = async (): Promise<Sample> => {
    const rows = await rowsOf<FacetRow & { every: number }>(
      db.execute(sql`${withNear(
        query.circle,
        sql`sparse as materialized (${sliceKeys(SPARSE_EVERY)}),
          wide as (select coalesce((select n from sparse where f = ${TOTAL_KEY}), 0) * ${SPARSE_EVERY} >= ${searchBounds.sparseFrom} as yes)`,
      )}
        select f as key, n as count, ${SPARSE_EVERY}::int as every from sparse where (select yes from wide)
        union all select f, n, ${SAMPLE_EVERY}::int from (${sliceKeys(SAMPLE_EVERY)}) k where not (select yes from wide)
        order by count desc, key`),
    );
    return { rows: rows.map(({ key, count }) => ({ key, count })), every: rows[0]?.every ?? SAMPLE_EVERY };
  };
  /** The number of matches. */
  const countMatches = async (): Promise<number> => {
    const [row] = await rowsOf<{ n: number }>(
      db.execute(sql`${near}select count(*)::int as n from (${matchingRows(query, sql`1`, except)}) m`),
    );
    return row?.n ?? 0;
  };
  /** The number of matches up to `bound` (null past it), with their ids when they are at most IDS_UP_TO. */
  const countUpTo = async (bound: number): Promise<MatchesSize | null> => {
    // Only a page with words or lists reads its matches by id: a circle's alone come from an index.
    const ids = pageReadsIds(query)
      ? sql`${idsOfM(true)} as based, ${idsOfM(false)} as rest`
      : sql`null as based, null as rest`;
    const [row] = await rowsOf<{ n: number; based: string | null; rest: string | null }>(
      db.execute(sql`${withNear(query.circle, sql`m as materialized (${matchingRows(query, sql`s.act_id`, except)} limit ${bound + 1})`)}
        select (select count(*)::int from m) as n, ${ids}`),
    );
    const n = row?.n ?? 0;
    if (n > bound) return null;
    return row?.based != null && row.rest != null
      ? { total: n, ids: { based: row.based, rest: row.rest } }
      : { total: n };
  };
  /**
   * The matches read once, up to `bound`: their number, and every match's keys when they are at
   * most FACETS_EXACT_UP_TO, the sample's past it; null past the bound. A total, then every key,
   * each found the matches afresh (two lists' values on 7 acts of a million: 20 ms each time).
   */
  const readUpTo = async (bound: number): Promise<Counted | null> => {
    const read = await rowsOf<FacetRow & { based: string | null; rest: string | null }>(
      // The matches' ids first (a circle's from an index alone), and the keys of those counted.
      db.execute(sql`${withNear(query.circle, sql`m as materialized (${matchingRows(query, sql`s.act_id`, except)} limit ${bound + 1})`)}
        select f as key, count(*)::int as count, null as based, null as rest from m join act_search s on s.act_id = m.act_id
          cross join unnest(s.facets || ${TOTAL_KEY}::text) f
          where ((select count(*) from m) <= ${FACETS_EXACT_UP_TO} or ${inSliceOf("m", SAMPLE_EVERY)}) ${keysOf} group by f
        union all select ${MATCHED_KEY}, count(*)::int, ${idsOfM(true)}, ${idsOfM(false)} from m
        order by count desc, key`),
    );
    const matched = read.find((row) => row.key === MATCHED_KEY);
    if ((matched?.count ?? 0) > bound) return null;
    const counted = countedFrom(
      matched?.count ?? 0,
      read.filter((row) => row.key !== MATCHED_KEY).map(({ key, count }) => ({ key, count })),
    );
    return matched?.based != null && matched.rest != null
      ? { ...counted, ids: { based: matched.based, rest: matched.rest } }
      : counted;
  };
  // A small circle's passes share one read of its acts (circlePasses).
  const shared = smallCircleWithLists(query) ? await circlePassesOnce(db, query) : null;
  const pass = shared?.get(except ?? FIRST_PASS);
  if (pass) {
    onSized?.(pass);
    return pass;
  }
  // The sample's keys first, through its own indexes, and every match read only when the sample
  // says they are few. The embedded database, which runs its queries in turn, did the reverse:
  // reading up to the bound first cost a budget with 30,000 matches at 100,000 acts 60 ms, where
  // its sample said "past it" in 9; the sample costs a small search a few milliseconds.
  if (except) {
    // A pass without a chosen list's condition gives that list's counts only, never a total that
    // is shown, and its matches are many (every act with the other lists' values).
    const sample = await sampleCounts();
    const sampled = countedRows(sample.rows) * sample.every;
    const read = sampled <= FACETS_EXACT_UP_TO ? await readUpTo(TOTAL_EXACT_UP_TO) : null;
    return read ?? countedFrom(sampled, sample.rows);
  }
  // An admin's search may see acts the sample leaves out, and counts every match.
  const sample = query.admin ? null : await sampleCounts();
  const past = sample && sampledPast(query, sample);
  if (past) return past;
  const sampled = sample ? countedRows(sample.rows) * sample.every : 0;
  if (sample && sampled > FACETS_EXACT_UP_TO) {
    // The sample's keys are the counts: only the total is read, which a circle's acts give from
    // an index alone (reading every match's keys as well took 60 ms for 10,000 acts at a million).
    // Past TOTAL_EXACT_UP_TO after all, the sample's is the total, as it would have been had it
    // said so (counting all 20,019 around Virginia Beach, VA, once more took 18 ms).
    onSized?.({ total: sampled });
    const upTo = await countUpTo(TOTAL_EXACT_UP_TO);
    return upTo === null ? sampledTotal(sample) : { ...countedFrom(upTo.total, sample.rows), ids: upTo.ids };
  }
  const read = await readUpTo(TOTAL_EXACT_UP_TO);
  if (read) return read;
  return countedFrom(
    await countMatches(),
    sample?.rows ??
      (await rowsOf<FacetRow>(
        db.execute(sql`${near}select f as key, n as count from (${sliceKeys(SAMPLE_EVERY)}) k order by n desc, f`),
      )),
  );
}

/** How many times the walking bound two values' pair count must be, for a day's acts not free not to matter. */
const PAIRED_MARGIN = 1.25;

/**
 * How many visible acts have both values of a guest's search that asks exactly two lists one
 * value each, and nothing else but a date (kept pairs, migration 0058); else null.
 */
async function pairedMatches(db: Executor, admin: boolean, filter: ActSearchFilter): Promise<number | null> {
  const chosen = LIST_KEYS.flatMap((key) => filter[key].map((value) => `${key}:${value}`));
  const asksMore =
    admin ||
    filter.searchTerms ||
    filter.location ||
    filter.location_lat !== undefined ||
    filter.budget !== undefined ||
    chosen.length !== 2 ||
    LIST_KEYS.some((key) => filter[key].length > 1);
  if (asksMore) return null;
  const [row] = await rowsOf<{ n: number }>(
    db.execute(
      sql`select coalesce(sum(delta), 0)::int as n from facet_pair_count_changes where key = ${chosen[0]} and other = ${chosen[1]}`,
    ),
  );
  return row?.n ?? 0;
}

/** The key of a search's first pass (every condition) among its passes. */
const FIRST_PASS = "";

/** A circle of about searchBounds.readCircleUpTo acts or fewer, with lists chosen: its passes share one read (circlePasses). */
function smallCircleWithLists({ circle, admin, filter }: Query): boolean {
  return (
    !admin &&
    circle?.acts != null &&
    circle.acts <= searchBounds.readCircleUpTo &&
    LIST_KEYS.some((key) => filter[key].length > 0)
  );
}

/** Each search's shared passes, read once for all of them. */
const circlePassesRead = new WeakMap<Query, Promise<Map<string, Counted> | null>>();
function circlePassesOnce(db: Executor, query: Query): Promise<Map<string, Counted> | null> {
  let read = circlePassesRead.get(query);
  if (!read) {
    read = circlePasses(db, query);
    circlePassesRead.set(query, read);
  }
  return read;
}

/**
 * Every pass of a small circle's search (the first, and one without each chosen list's
 * condition), exact, from one read of the circle's acts matching everything but the lists, each
 * list tested on its rows: each pass read the same acts (Austin, TX's 5,000 with two tags and a
 * date, 15 ms a pass at a million acts). By FIRST_PASS or the list left out; null past
 * TOTAL_EXACT_UP_TO such acts, which the passes then count as any search's.
 */
async function circlePasses(db: Executor, query: Query): Promise<Map<string, Counted> | null> {
  const { filter, circle } = query;
  const chosen = LIST_KEYS.filter((key) => filter[key].length > 0);
  const rest: Query = { ...query, filter: { ...filter, ...Object.fromEntries(chosen.map((key) => [key, []])) } };
  const flag = (key: ListKey) => sql.raw(`l_${LIST_KEYS.indexOf(key)}`);
  const flags = sql.join(
    chosen.map((key) => sql`(${listCondition(key, filter[key])}) is true as ${flag(key)}`),
    sql`, `,
  );
  const all = (except?: ListKey) =>
    sql.join(
      chosen.filter((key) => key !== except).map((key) => sql`c.${flag(key)}`),
      sql` and `,
    );
  const counted = (pass: string, where: SQL, keys: SQL) =>
    sql`select ${pass}::text as pass, f as key, count(*)::int as count, null::text as ids
      from c cross join unnest(c.facets || ${TOTAL_KEY}::text) f where ${where} ${keys} group by f`;
  const firstIds = (based: boolean) =>
    sql`select ${MATCHED_KEY}, ${based ? "based" : "rest"}, 0, coalesce(array_agg(c.act_id) filter (where c.based_here = ${based}), '{}')::text
      from c where ${all()} having count(*) <= ${IDS_UP_TO}`;
  const rows = await rowsOf<{ pass: string; key: string; count: number; ids: string | null }>(
    db.execute(sql`${withNear(
      circle,
      sql`c as materialized (select s.act_id, s.facets, ${circle ? basedIn(circle) : sql`false`} as based_here, ${flags}
        from act_search s where ${conditions(rest)} limit ${TOTAL_EXACT_UP_TO + 1})`,
    )}
      ${counted(FIRST_PASS, all(), sql``)}
      ${sql.join(
        chosen.map(
          (key) =>
            sql` union all ${counted(key, chosen.length > 1 ? all(key) : sql`true`, sql`and (f = ${TOTAL_KEY} or f like ${`${key}:%`})`)}`,
        ),
        sql``,
      )}
      union all ${firstIds(true)} union all ${firstIds(false)}
      union all select ${MATCHED_KEY}, ${MATCHED_KEY}, count(*)::int, null from c
      order by count desc, key`),
  );
  const read = rows.find((row) => row.pass === MATCHED_KEY && row.key === MATCHED_KEY)?.count ?? 0;
  if (read > TOTAL_EXACT_UP_TO) return null;
  const passes = new Map<string, Counted>();
  for (const pass of [FIRST_PASS, ...chosen]) {
    const keys = rows.filter((row) => row.pass === pass).map(({ key, count }) => ({ key, count }));
    passes.set(pass, countedFrom(countedRows(keys), keys));
  }
  const based = rows.find((row) => row.pass === MATCHED_KEY && row.key === "based")?.ids;
  const others = rows.find((row) => row.pass === MATCHED_KEY && row.key === "rest")?.ids;
  if (based != null && others != null)
    passes.set(FIRST_PASS, { ...passes.get(FIRST_PASS)!, ids: { based, rest: others } });
  return passes;
}

/**
 * The number of matches, and per value of each filter list how many acts would match with it
 * and the other filters: one pass for every list with nothing chosen, and one more, without its
 * own condition, for each list with something chosen. A guest's bare browse reads the kept
 * counts instead.
 */
async function countsAndFacets(db: Executor, query: Query, firstPass?: Counted | Promise<Counted>): Promise<Counts> {
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
  if (admin || circle || keywords || filter.date || filter.budget !== undefined) return null;
  const chosen = LIST_KEYS.flatMap((key) => filter[key].map((value) => `${key}:${value}`));
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

/** A guest's search with no condition but visibility: its counts are kept (browseFacetCounts). */
function isBrowse({ admin, filter, circle, keywords }: Query): boolean {
  return (
    !admin &&
    !circle &&
    !keywords &&
    !filter.date &&
    filter.budget === undefined &&
    LIST_KEYS.every((key) => filter[key].length === 0)
  );
}

/**
 * GET /api/acts and /search: keywords (weighted full text, prefixes, accents ignored, a typo
 * per word), every tag list, extras, a place and radius, a free date, a sort, pages, and the
 * facets of every list. The public sees approved acts that are not
 * internal use only; admins see every act and may filter by status.
 */
export async function searchActs(
  db: Executor,
  viewer: SessionUser | null,
  filter: ActSearchFilter,
  cache?: ReadCache,
): Promise<ActSearchPage> {
  return searchAnswer({ db, cache }, { admin: viewer?.role === "ADMIN", filter });
}

/**
 * A search's answer is read only from what acts' rows, everything on their pages, and their
 * days (blocks, busy days, bookings and their events: migration 0036) hold, whose every change
 * notifies an act: it is kept until any act changes, with a date or without.
 */
const searchAnswer = cachedRead({
  name: "search-answers",
  maxEntries: 5_000,
  key: ({ admin, filter }: { admin: boolean; filter: ActSearchFilter }) =>
    `${admin ? "admin" : "public"}:${JSON.stringify(filter)}`,
  tags: () => "*",
  read: (db, { admin, filter }) => runSearch(db, admin, filter),
});

async function runSearch(db: Executor, admin: boolean, filter: ActSearchFilter): Promise<ActSearchPage> {
  const [place, keywords, notFree, paired] = await Promise.all([
    searchCircle(db, filter),
    filter.searchTerms ? keywordQuery(db, filter.searchTerms) : null,
    filter.date ? notFreeOnDate(db, filter.date) : null,
    pairedMatches(db, admin, filter),
  ]);
  const circle = place?.circle ?? null;
  const query: Query = { admin, filter, circle, valueCounts: place?.valueCounts ?? new Map(), keywords, notFree };
  const sort = effectiveSort(filter, circle !== null);
  // Which of the act's locations is nearest, read for the page's acts only.
  const nearest = circle
    ? sql`(select p.label from near n join places p on p.id = n.id where n.id = a.place_id or n.id in (select l.place_id from act_locations l where l.act_id = a.id) order by n.miles, p.label limit 1)`
    : sql`null::text`;
  const distance = circle
    ? sql`(select min(n.miles) from near n where n.id = s.place_id or n.id in (select l.place_id from act_locations l where l.act_id = s.act_id))`
    : sql`null::double precision`;
  const based = circle ? basedIn(circle) : sql`false`;
  const local = circle ? LOCAL_FIRST : sql``;

  const limit = sql`limit ${filter.perPage} offset ${(filter.page - 1) * filter.perPage}`;
  const columns = sql`${RESULT_COLUMNS}, s.distance, ${nearest} as nearest`;
  let counted: Counts;
  let rows: ResultRow[];
  if (keywords && sort === "relevance" && !runsQueriesSideBySide(db)) {
    // Every match is ranked to pick the page. Where queries run in turn, one scan of the
    // matches feeds both the page and the counts: a second scan, with its recheck of every
    // match's document, was a third of a keyword search's time on the embedded database. A
    // server's pool runs the two passes below side by side instead, which is faster there.
    const [result] = await rowsOf<{ total: number; facets: FacetRow[]; rows: ResultRow[] }>(
      db.execute(sql`with ${circle ? sql`near as (${placesWithin(circle)}), ` : sql``}matches as materialized (
          select s.act_id, s.facets, s.featured, s.rating_avg, s.review_count, s.price_from_cents, s.response_rate, s.response_hours, ${relevanceRank(keywords)} as rank, ${distance} as distance, ${based} as based
          ${countFrom(query)} where ${conditions(query)}),
        page as (select * from matches s order by s.rank desc, ${local}${BY_RANK_THEN} ${limit})
        select
          (select count(*)::int from matches) as total,
          (select coalesce(json_agg(json_build_object('key', f, 'count', n) order by n desc, f), '[]'::json)
            from (select f, count(*)::int as n from matches s cross join unnest(s.facets || ${TOTAL_KEY}::text) f
              where (select count(*) from matches) <= ${FACETS_EXACT_UP_TO} or ${IN_SAMPLE} group by f) counted) as facets,
          (select coalesce(json_agg(r order by r.place), '[]'::json)
            from (select ${columns}, row_number() over (order by s.rank desc, ${local}${BY_RANK_THEN}) as place from page s join acts a on a.id = s.act_id) r) as rows`),
    );
    const facetRows = jsonColumn<FacetRow[]>(result!.facets);
    rows = jsonColumn<ResultRow[]>(result!.rows);
    counted = await countsAndFacets(db, query, countedFrom(result!.total, facetRows));
  } else {
    // With a list or a circle, the first facet pass runs first, for its total: few matches are
    // read and sorted, many found by walking the sort's index (see WALK_FROM_MATCHES_PER_ROW).
    // The chosen lists' passes need no total, and start beside it.
    // The page needs only how many matches there are, about: the sample's estimate when it says
    // they are many, where counting them exactly came after it and before the page (7 ms of
    // 20,000 around Virginia Beach, VA, at a million acts).
    let sized: (size: MatchesSize) => void = () => {};
    const early = new Promise<MatchesSize>((resolve) => {
      sized = resolve;
    });
    const firstPass = walksOnGuess(query, sort) ? facetPass(db, query, undefined, sized) : undefined;
    const counting = countsAndFacets(db, query, firstPass);
    // Awaited together below; a rejection before then is not left unhandled.
    counting.catch(() => {});
    const lastRow = filter.page * filter.perPage;
    // Two values' kept pair count says the matches are many (a day takes few of them): the page
    // is walked to without waiting for the sample (18 ms for 32,000 matches at a million acts).
    const walkFrom = searchBounds.walkFrom * (circle ? CIRCLE_WALK_FACTOR : 1) * lastRow;
    const first =
      paired !== null && paired >= walkFrom * PAIRED_MARGIN
        ? { total: paired }
        : firstPass && (await Promise.race([early, firstPass]));
    const few = first && first.total < walkFrom;
    const ids = pageReadsIds(query) && first?.ids;
    const matches = ids
      ? sql`from (${byIds(ids)} offset 0) s`
      : few
        ? sql`from (${matchingRows(query, SORTED_COLUMNS, undefined, circle && sort !== "distance" ? { order: orderBy(sort, keywords, admin, false), rows: lastRow } : undefined)} offset 0) s`
        : circle && sort === "recommended"
          ? recommendedInCircle(query, circle, lastRow)
          : sql`${countFrom(query)} where ${conditions(query)}`;
    // On a server the passes run side by side on their own connections; PGlite runs them in turn.
    [counted, rows] = await Promise.all([
      counting,
      rowsOf<ResultRow>(
        // The page is chosen from the search rows alone; only its acts are then read.
        db.execute(sql`${withNear(circle)}select ${columns}
          from (select s.*, ${distance} as distance, ${ids || few ? sql`s.based_here` : based} as based ${matches}
            order by ${orderBy(sort, keywords, admin, circle !== null)} ${limit}) s
          join acts a on a.id = s.act_id
          order by ${orderBy(sort, keywords, admin, circle !== null)}`),
      ),
    ]);
  }
  const { total, facets, estimated, totalEstimated } = counted;
  return {
    data: rows.map((row) => searchResultOf(row, { circle: circle !== null, admin })),
    meta: {
      page: filter.page,
      perPage: filter.perPage,
      total,
      totalEstimated,
      sort,
      facets,
      facetsEstimated: estimated,
    },
  };
}
