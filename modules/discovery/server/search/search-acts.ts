import { boundsAround } from "#modules/discovery/map-bounds";
import { type SQL, sql } from "drizzle-orm";
import type { ActSearchPage } from "#modules/discovery/answers";
import {
  type ActSearchFilter,
  FACETS_EXACT_UP_TO,
  LIST_KEYS,
  type SearchSort,
  effectiveSort,
  narrowsOnlyBy,
} from "#modules/discovery/search-filter";
import { type Executor, runsQueriesSideBySide } from "#server/db/client";
import type { SessionUser } from "#domain/session-user";
import { cachedRead, type ReadCache } from "#server/cache/cached-read";
import { basedIn, basePlaceIn, onlyPlayIn, type PlacesIn, placesWithin } from "./conditions";
import { type KeywordQuery, keywordQuery } from "./keywords";
import { jsonColumn } from "#server/db/json-column";
import { rowsOf } from "#server/db/rows-of";
import {
  CIRCLE_WALK_FACTOR,
  IN_SAMPLE,
  type Query,
  conditions,
  countFrom,
  matchingRows,
  searchBounds,
  withNear,
  chosenKeys,
} from "./search-query";
import {
  type Counts,
  type FacetRow,
  type MatchIds,
  type MatchesSize,
  TOTAL_KEY,
  countedFrom,
  pageReadsIds,
} from "./counted";
import { notFreeOnDate } from "./not-free-on-date";
import { searchCircle } from "./search-circle";
import { RESULT_COLUMNS, type ResultRow, searchResultOf } from "./result-rows";
import { facetPass } from "./facet-pass";
import { countsAndFacets } from "./counts-and-facets";

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

/** How many times the walking bound two values' pair count must be, for a day's acts not free not to matter. */
const PAIRED_MARGIN = 1.25;

/**
 * How many visible acts have both values of a guest's search that asks exactly two lists one
 * value each, and nothing else but a date (kept pairs, migration 0058); else null.
 */
async function pairedMatches(db: Executor, admin: boolean, filter: ActSearchFilter): Promise<number | null> {
  const chosen = chosenKeys(filter);
  const asksMore =
    admin ||
    !narrowsOnlyBy(filter, ["list", "day"]) ||
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
  const data = rows.map((row) => searchResultOf(row, { circle: circle !== null, admin }));
  return {
    data,
    meta: {
      page: filter.page,
      perPage: filter.perPage,
      total,
      totalEstimated,
      sort,
      bounds: boundsAround(data.flatMap((act) => (act.map ? [act.map] : []))),
      facets,
      facetsEstimated: estimated,
    },
  };
}
