import { type SQL, sql } from "drizzle-orm";
import type { ActSearchPage, ActSearchResult } from "../../../domain/resources/search";
import { deriveActStatus } from "../../../domain/act-status";
import { type ActSearchFilter, DEFAULT_RADIUS_MILES, LIST_KEYS, type ListKey, type SearchSort, effectiveSort } from "../../../domain/search-filter";
import { unknownPlaceMessage } from "../../../domain/places";
import { type Executor, runsQueriesSideBySide } from "../../db/client";
import { validationFailed } from "../../errors";
import { findPlace, nearestPlaceLabels } from "../places";
import type { SessionUser } from "../viewer";
import type { ActRowCache } from "../../act-row-cache";
import { type Circle, bookedOn, listCondition, placesWithin, statusCondition } from "./conditions";
import { type KeywordQuery, keywordQuery } from "./keywords";
import { jsonColumn } from "../../db/json-column";
import { browseFacetCounts } from "./facet-counts";

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(query: Promise<unknown>): Promise<T[]> => ((await query) as Rows<T>).rows;

/** The circle a filter searches in: its coordinates, or its place; an unknown place is a 422 on `location`. */
async function searchCircle(db: Executor, filter: ActSearchFilter): Promise<Circle | null> {
  const miles = filter.radius ?? DEFAULT_RADIUS_MILES;
  if (filter.location_lat !== undefined && filter.location_lng !== undefined) return { lat: filter.location_lat, lng: filter.location_lng, miles };
  if (!filter.location) return null;
  const place = await findPlace(db, filter.location);
  if (!place) throw validationFailed({ location: [unknownPlaceMessage(filter.location, await nearestPlaceLabels(db, filter.location))] });
  return { lat: place.lat, lng: place.lng, miles };
}

interface Query {
  admin: boolean;
  filter: ActSearchFilter;
  circle: Circle | null;
  keywords: KeywordQuery | null;
}

/** Every condition of the search but, when named, one list's: facets count with the others. */
function conditions(query: Query, except?: ListKey): SQL {
  const { admin, filter, circle, keywords } = query;
  const parts: SQL[] = [];
  // Guests, planners and artists see approved acts that are not internal use only, whatever they ask.
  if (!admin) parts.push(sql`s.visible`);
  else if (filter.status) parts.push(statusCondition(filter.status));
  if (keywords) parts.push(sql`s.document @@ to_tsquery('simple', ${keywords.tolerant})`);
  if (circle) {
    // An array, not IN (subquery): the acts of a circle are few next to what a tag or a word
    // matches, so the search rows are best read by key from them, which the planner does only
    // when it cannot estimate the set (it otherwise scans every act with the tag first).
    parts.push(sql`s.act_id = any(array(select x.id from acts x where x.place_id in (select id from near)
      union select l.act_id from act_locations l where l.place_id in (select id from near)))`);
  }
  if (filter.date) parts.push(sql`not ${bookedOn(filter.date)}`);
  // Acts with no price have a null here, which no budget admits.
  if (filter.budget !== undefined) parts.push(sql`s.price_from_cents <= ${filter.budget * 100}`);
  for (const key of LIST_KEYS) {
    if (key === except) continue;
    const condition = listCondition(key, filter[key]);
    if (condition) parts.push(condition);
  }
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

const withNear = (circle: Circle | null) => (circle ? sql`with near as (${placesWithin(circle)}) ` : sql``);
const FROM = sql`from act_search s join acts a on a.id = s.act_id`;
/** Without an admin's status filter, counting needs the search rows alone. */
const countFrom = (query: Query) => (query.admin && query.filter.status ? FROM : sql`from act_search s`);

/** How well an act's document matches: words as typed weigh twice what their typo alternatives do. */
function relevanceRank(keywords: KeywordQuery): SQL {
  return keywords.tolerant === keywords.exact
    ? sql`ts_rank(s.document, to_tsquery('simple', ${keywords.exact}))`
    : sql`ts_rank(s.document, to_tsquery('simple', ${keywords.exact})) * 2 + ts_rank(s.document, to_tsquery('simple', ${keywords.tolerant}))`;
}

function orderBy(sort: SearchSort, keywords: KeywordQuery | null, admin: boolean): SQL {
  // Guests' searches all have s.visible; leading with it lets a browse read an index in order.
  const visible = admin ? sql`` : sql`s.visible, `;
  switch (sort) {
    case "relevance":
      if (!keywords) return sql`s.featured desc, s.rating_avg desc nulls last, s.act_id`;
      return sql`${relevanceRank(keywords)} desc, ${BY_RANK_THEN}`;
    // The same keys, in the same order, as the act_search indexes, so a browse reads one index.
    case "recommended":
      return sql`${visible}s.featured desc, s.rating_avg desc nulls last, s.review_count desc, s.name, s.act_id`;
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

/** After relevance, the order of equally relevant acts. */
const BY_RANK_THEN = sql`s.featured desc, s.rating_avg desc nulls last, s.act_id`;

interface ActRow {
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
  distance: number | null;
  nearest: string | null;
  tags: string[];
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

/** The key every matching row adds to the first facet pass, so that one pass also counts the matches. */
const TOTAL_KEY = "_total";

/**
 * The number of matches, and per value of each filter list how many acts would match with it
 * and the other filters: one pass over the matching acts' "<list>:<value>" keys (and the
 * total) for every list with nothing chosen, and one more, without its own condition, for
 * each list with something chosen. A guest's bare browse reads the kept counts instead.
 */
async function countsAndFacets(db: Executor, query: Query, firstPass?: FacetRow[]): Promise<{ total: number; facets: Facets }> {
  if (isBrowse(query)) {
    const rows = await browseFacetCounts(db);
    return { total: rows.find((row) => row.key === "_visible")?.count ?? 0, facets: facetsFrom(rows.filter((row) => row.key !== "_visible")) };
  }
  const pass = (except?: ListKey) =>
    rowsOf<FacetRow>(
      db.execute(sql`${withNear(query.circle)}select f as key, count(*)::int as count ${countFrom(query)} cross join unnest(${except ? sql`s.facets` : sql`s.facets || ${TOTAL_KEY}::text`}) f
        where ${conditions(query, except)} ${except ? sql`and f like ${`${except}:%`}` : sql``}
        group by f order by count(*) desc, f`),
    );
  const chosen = LIST_KEYS.filter((key) => query.filter[key].length > 0);
  const [first, ...others] = await Promise.all([firstPass ?? pass(), ...chosen.map((key) => pass(key))]);
  const total = first!.find((row) => row.key === TOTAL_KEY)?.count ?? 0;
  const rows = first!.filter((row) => row.key !== TOTAL_KEY && query.filter[listOf(row.key)]?.length === 0);
  for (const more of others) rows.push(...more);
  return { total, facets: facetsFrom(rows) };
}

/** A guest's search with no condition but visibility: its counts are kept (browseFacetCounts). */
function isBrowse({ admin, filter, circle, keywords }: Query): boolean {
  return !admin && !circle && !keywords && !filter.date && filter.budget === undefined && LIST_KEYS.every((key) => filter[key].length === 0);
}

/**
 * GET /api/acts and /search: keywords (weighted full text, prefixes, accents ignored, a typo
 * per word), every tag list, extras, a place and radius, a free date, a sort, pages, and the
 * facets of every list (CONTRACT.md, Discovery). The public sees approved acts that are not
 * internal use only; admins see every act and may filter by status.
 */
export async function searchActs(db: Executor, viewer: SessionUser | null, filter: ActSearchFilter, kept?: ActRowCache): Promise<ActSearchPage> {
  const admin = viewer?.role === "ADMIN";
  // Without a date, a search reads only what acts' rows and everything on their pages hold, whose
  // every change is announced on `page_change`: its answer is kept until any act changes. A date
  // also reads events and bookings, which are not announced there.
  if (kept && !filter.date) return kept.kept(`search:${admin ? "admin" : "public"}:${JSON.stringify(filter)}`, "*", () => runSearch(db, admin, filter));
  return runSearch(db, admin, filter);
}

async function runSearch(db: Executor, admin: boolean, filter: ActSearchFilter): Promise<ActSearchPage> {
  const circle = await searchCircle(db, filter);
  const keywords = filter.searchTerms ? await keywordQuery(db, filter.searchTerms) : null;
  const query: Query = { admin, filter, circle, keywords };
  const sort = effectiveSort(filter, circle !== null);
  // Which of the act's locations is nearest, read for the page's acts only.
  const nearest = circle
    ? sql`(select p.label from near n join places p on p.id = n.id where n.id = a.place_id or n.id in (select l.place_id from act_locations l where l.act_id = a.id) order by n.miles, p.label limit 1)`
    : sql`null::text`;
  const distance = circle
    ? sql`(select min(n.miles) from near n where n.id = (select x.place_id from acts x where x.id = s.act_id) or n.id in (select l.place_id from act_locations l where l.act_id = s.act_id))`
    : sql`null::double precision`;

  const limit = sql`limit ${filter.perPage} offset ${(filter.page - 1) * filter.perPage}`;
  const columns = sql`a.id, a.url, a.name, a.headline, a.avatar, a.location, a.is_featured, a.nationally_recognized,
    a.active, a.declined, a.application_complete, s.rating_avg, s.review_count, s.price_from_cents, s.distance, ${nearest} as nearest,
    array(select distinct t.name from act_tags at join tags t on t.id = at.tag_id where at.act_id = a.id order by t.name) as tags`;
  let counted: { total: number; facets: Facets };
  let rows: ActRow[];
  if (keywords && sort === "relevance" && !runsQueriesSideBySide(db)) {
    // Every match is ranked to pick the page. Where queries run in turn, one scan of the
    // matches feeds both the page and the counts: a second scan, with its recheck of every
    // match's document, was a third of a keyword search's time on the embedded database. A
    // server's pool runs the two passes below side by side instead, which is faster there.
    const [result] = await rowsOf<{ total: number; facets: FacetRow[]; rows: ActRow[] }>(
      db.execute(sql`with ${circle ? sql`near as (${placesWithin(circle)}), ` : sql``}matches as materialized (
          select s.act_id, s.facets, s.featured, s.rating_avg, s.review_count, s.price_from_cents, ${relevanceRank(keywords)} as rank, ${distance} as distance
          ${countFrom(query)} where ${conditions(query)}),
        page as (select * from matches s order by s.rank desc, ${BY_RANK_THEN} ${limit})
        select
          (select count(*)::int from matches) as total,
          (select coalesce(json_agg(json_build_object('key', f, 'count', n) order by n desc, f), '[]'::json)
            from (select f, count(*)::int as n from matches cross join unnest(matches.facets) f group by f) counted) as facets,
          (select coalesce(json_agg(r order by r.place), '[]'::json)
            from (select ${columns}, row_number() over (order by s.rank desc, ${BY_RANK_THEN}) as place from page s join acts a on a.id = s.act_id) r) as rows`),
    );
    const facetRows = jsonColumn<FacetRow[]>(result!.facets);
    rows = jsonColumn<ActRow[]>(result!.rows);
    counted = await countsAndFacets(db, query, [{ key: TOTAL_KEY, count: result!.total }, ...facetRows]);
  } else {
    // On a server the passes run side by side on their own connections; PGlite runs them in turn.
    [counted, rows] = await Promise.all([
      countsAndFacets(db, query),
      rowsOf<ActRow>(
        // The page is chosen from the search rows alone; only its acts are then read.
        db.execute(sql`${withNear(circle)}select ${columns}
          from (select s.*, ${distance} as distance ${countFrom(query)} where ${conditions(query)}
            order by ${orderBy(sort, keywords, admin)} ${limit}) s
          join acts a on a.id = s.act_id
          order by ${orderBy(sort, keywords, admin)}`),
      ),
    ]);
  }
  const { total, facets } = counted;
  return {
    data: rows.map((row): ActSearchResult => ({
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
      ...(circle ? { distance_miles: row.distance === null ? null : Math.round(Number(row.distance) * 10) / 10, nearest_location: row.nearest } : {}),
      ...(admin ? { status: deriveActStatus({ application_complete: row.application_complete, active: row.active, declined: row.declined }) } : {}),
    })),
    meta: { page: filter.page, perPage: filter.perPage, total, sort, facets },
  };
}
