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
import { cachedRead, type ReadCache, type ReadSource } from "#server/cache/cached-read";
import { basedIn, basePlaceIn, nearPlaces, onlyPlayIn, type PlacesIn } from "./conditions";
import { type KeywordQuery, keywordQuery } from "./keywords";
import { jsonColumn } from "#server/db/json-column";
import { rowsOf } from "#server/db/rows-of";
import {
  CIRCLE_WALK_FACTOR,
  IN_SAMPLE,
  SPARSE_EVERY,
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
  const { exact, tolerant } = keywords.ranked;
  return tolerant === exact
    ? sql`ts_rank(s.document, to_tsquery('simple', ${exact}))`
    : sql`ts_rank(s.document, to_tsquery('simple', ${exact})) * 2 + ts_rank(s.document, to_tsquery('simple', ${tolerant}))`;
}

/**
 * In a search by place, the default orders put the acts based in its circle before those that
 * only also play there, other things equal: a local couple trusts a local act first (issue 44).
 */
// Unqualified: inside a select that names it, only its output column is called so.
const LOCAL_FIRST = sql`based desc, `;

function orderBy(
  sort: SearchSort,
  keywords: KeywordQuery | null,
  admin: boolean,
  circle: boolean,
  unranked = false,
): SQL {
  // Guests' searches all have s.visible; leading with it lets a browse read an index in order.
  const visible = admin ? sql`` : sql`s.visible, `;
  const local = circle ? LOCAL_FIRST : sql``;
  switch (sort) {
    case "relevance":
      if (!keywords) return sql`s.featured desc, ${local}s.rating_avg desc nulls last, s.act_id`;
      if (unranked) return sql`${hasTypos(keywords) ? sql`s.as_typed desc, ` : sql``}${BY_RANK_THEN}`;
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
// The keys of act_search_answering_idx, which a keyword search past RANKED_UP_TO matches walks.
const BY_RANK_THEN = sql`s.featured desc, s.response_rate desc nulls last, s.response_hours asc nulls last, s.rating_avg desc nulls last, s.act_id`;

const hasTypos = (keywords: KeywordQuery) => keywords.typos !== null;
/** The act's document has every word as typed, not only a typo alternative of one. */
const asTyped = (keywords: KeywordQuery) => sql`s.document @@ to_tsquery('simple', ${keywords.exact})`;

/**
 * Whether a keyword search sorted by relevance may be ordered without ranking its matches, when
 * they are past searchBounds.rankedUpTo (RANKED_UP_TO): a guest's or a user's, without a circle.
 * An admin's search and a circle's (whose matches are its acts, tens of thousands at most) rank
 * every match.
 */
function mayGoUnranked({ keywords, admin, circle }: Query, sort: SearchSort): boolean {
  return keywords !== null && sort === "relevance" && !admin && circle === null;
}

/**
 * The page of a keyword search past searchBounds.rankedUpTo matches, in its unranked order: the
 * acts with every word as typed, then those found by a typo alternative, each group in the
 * order of equally relevant acts (act_search_answering_idx). With at least `walkFrom` matches,
 * the order's index is walked with the conditions tested on each row, hidden from the words'
 * GIN index (\`is true\`), which the planner would otherwise take for a guess of two words'
 * matches as if independent and read all of them: 20 acts of "jazz", 311,000 matches at a
 * million acts, in 2 ms where ranking them took 450. A group with a typo alternative is left to
 * the planner, since the words as typed may match few acts or none.
 */
function unrankedMatches(
  query: Query,
  keywords: KeywordQuery,
  { total, typed, walkFrom, lastRow }: { total: number; typed: number; walkFrom: number; lastRow: number },
): SQL {
  const group = (words: string, isTyped: boolean, matches: number) => {
    // The words as typed, or their typo alternatives, each found through the words' index.
    const found = conditions({ ...query, keywords: { ...keywords, tolerant: words } });
    const where = isTyped ? found : sql`${found} and not (${asTyped(keywords)})`;
    const select = (condition: SQL) =>
      sql`select ${SORTED_COLUMNS}, ${isTyped} as as_typed, false as based_here from act_search s where ${condition}`;
    // Few: every match read through the words' index, then sorted (offset 0 keeps the limit out).
    return matches >= walkFrom
      ? sql`(${select(sql`s.visible and (${where}) is true`)} order by ${BY_RANK_THEN} limit ${lastRow})`
      : sql`(select * from (${select(where)} offset 0) s order by ${BY_RANK_THEN} limit ${lastRow})`;
  };
  if (keywords.typos === null) return sql`from ${group(keywords.tolerant, true, total)} s`;
  const typedGroup = group(keywords.exact, true, typed);
  const typoGroup = group(keywords.typos, false, total - typed);
  return sql`from (${typedGroup} union all ${typoGroup}) s`;
}

/** How many times RANKED_UP_TO the one-in-64 slice's count must say, for the embedded database to walk (sparseMatches). */
const UNRANKED_MARGIN = 2;

/**
 * About how many acts match: the one-in-SPARSE_EVERY slice's count (through the slice's own
 * indexes), scaled. On the embedded database, a keyword search this far past
 * searchBounds.rankedUpTo takes a server's way (its total from the sample, its page walked)
 * rather than ranking and counting every match in one statement: a common word's 19,000 matches
 * at 100,000 acts took 64 ms at the median that way. Of the words as typed alone, it says
 * whether that group's page is walked to or read (unrankedMatches).
 */
async function sparseMatches(db: Executor, query: Query): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db.execute(sql`select count(*)::int as n from act_search s where ${conditions(query, undefined, SPARSE_EVERY)}`),
  );
  return (row?.n ?? 0) * SPARSE_EVERY;
}

/**
 * A search whose page the planner would choose by a guess of its matches: of its lists', or of a
 * circle's with anything else. It takes them as independent, and a word's acts and a place's are
 * not: it took a word near Roswell, GA, which no act there has, for 2,600 acts, and walked a
 * million rows in 1.6 s. Not a ranked keyword search, which reads every match to rank it.
 */
function walksOnGuess(query: Query, sort: SearchSort): boolean {
  const { keywords, circle, filter } = query;
  // Its total says whether its matches are ranked (mayGoUnranked).
  if (keywords && sort === "relevance") return mayGoUnranked(query, sort);
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
const byIds = ({ based, rest }: MatchIds, columns: SQL) =>
  sql`select ${columns}, true as based_here from act_search s where s.act_id = any(${based}::int[])
    union all select ${columns}, false from act_search s where s.act_id = any(${rest}::int[])`;

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
 *
 * `cache` keeps the answer, and what a search reads before its statements (the places acts are
 * in). A caller that keeps what it makes of the answer (a listing's page) or must read every
 * answer afresh (the search bench) keeps the parts alone: `keepAnswer: false`.
 */
export async function searchActs(
  db: Executor,
  viewer: SessionUser | null,
  filter: ActSearchFilter,
  cache?: ReadCache,
  { keepAnswer = true }: { keepAnswer?: boolean } = {},
): Promise<ActSearchPage> {
  return searchAnswer(
    { db, cache: keepAnswer ? cache : undefined },
    { admin: viewer?.role === "ADMIN", filter, cache },
  );
}

/**
 * A search's answer is read only from what acts' rows, everything on their pages, and their
 * days (blocks, busy days, bookings and their events: migration 0036) hold, whose every change
 * notifies an act: it is kept until any act changes, with a date or without.
 */
const searchAnswer = cachedRead({
  name: "search-answers",
  maxEntries: 5_000,
  key: ({ admin, filter }: { admin: boolean; filter: ActSearchFilter; cache?: ReadCache }) =>
    `${admin ? "admin" : "public"}:${JSON.stringify(filter)}`,
  tags: () => "*",
  // The cache is where the search's own parts (the places acts are in) are kept; not part of its key.
  read: (db, { admin, filter, cache }) => runSearch({ db, cache }, admin, filter),
});

async function runSearch(source: ReadSource, admin: boolean, filter: ActSearchFilter): Promise<ActSearchPage> {
  const { db } = source;
  const [place, keywords, notFree, paired] = await Promise.all([
    searchCircle(source, filter),
    filter.searchTerms ? keywordQuery(db, filter.searchTerms) : null,
    filter.date ? notFreeOnDate(source, filter.date) : null,
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
  if (
    keywords &&
    sort === "relevance" &&
    !runsQueriesSideBySide(db) &&
    !(mayGoUnranked(query, sort) && (await sparseMatches(db, query)) >= searchBounds.rankedUpTo * UNRANKED_MARGIN)
  ) {
    // Every match is ranked to pick the page. Where queries run in turn, one scan of the
    // matches feeds both the page and the counts: a second scan, with its recheck of every
    // match's document, was a third of a keyword search's time on the embedded database. A
    // server's pool runs the two passes below side by side instead, which is faster there.
    // Past searchBounds.rankedUpTo matches, the same unranked order as a server's (unrankedMatches).
    const unranked = mayGoUnranked(query, sort)
      ? sql`(select count(*) from matches) > ${searchBounds.rankedUpTo}`
      : sql`false`;
    const pageOrder = sql`case when ${unranked} then s.as_typed::int::real else s.rank end desc, ${local}${BY_RANK_THEN}`;
    const [result] = await rowsOf<{ total: number; facets: FacetRow[]; rows: ResultRow[] }>(
      db.execute(sql`with ${circle ? sql`near as (${nearPlaces(circle)}), ` : sql``}matches as materialized (
          select s.act_id, s.facets, s.featured, s.rating_avg, s.review_count, s.price_from_cents, s.response_rate, s.response_hours, ${relevanceRank(keywords)} as rank,
            ${hasTypos(keywords) ? asTyped(keywords) : sql`true`} as as_typed, ${distance} as distance, ${based} as based
          ${countFrom(query)} where ${conditions(query)}),
        page as (select * from matches s order by ${pageOrder} ${limit})
        select
          (select count(*)::int from matches) as total,
          (select coalesce(json_agg(json_build_object('key', f, 'count', n) order by n desc, f), '[]'::json)
            from (select f, count(*)::int as n from matches s cross join unnest(s.facets || ${TOTAL_KEY}::text) f
              where (select count(*) from matches) <= ${FACETS_EXACT_UP_TO} or ${IN_SAMPLE} group by f) counted) as facets,
          (select coalesce(json_agg(r order by r.place), '[]'::json)
            from (select ${columns}, row_number() over (order by ${pageOrder}) as place from page s join acts a on a.id = s.act_id) r) as rows`),
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
    // Whether the matches are ranked turns on their number, exact up to TOTAL_EXACT_UP_TO: the
    // first pass's whole answer, not the sample's early guess, as the embedded database decides.
    const goesUnranked = mayGoUnranked(query, sort);
    const typed =
      goesUnranked && hasTypos(keywords!)
        ? sparseMatches(db, { ...query, keywords: { ...keywords!, tolerant: keywords!.exact, typos: null } })
        : undefined;
    typed?.catch(() => {});
    const first =
      paired !== null && paired >= walkFrom * PAIRED_MARGIN
        ? { total: paired }
        : firstPass && (await (goesUnranked ? firstPass : Promise.race([early, firstPass])));
    const unranked = goesUnranked && first !== undefined && first.total > searchBounds.rankedUpTo;
    const few = first && first.total < walkFrom;
    const ids = pageReadsIds(query) && first?.ids;
    // A ranked page reads each match's document.
    const sortedColumns = keywords && sort === "relevance" ? sql`${SORTED_COLUMNS}, s.document` : SORTED_COLUMNS;
    const order = orderBy(sort, keywords, admin, circle !== null, unranked);
    // Outside a circle, the page's ids are picked first, then only its rows read: an order's
    // index holds every column the pick needs, so a deep page skips its earlier rows in the
    // index alone, where reading them took a row from the table each (page 50: 70 ms, then 2.5).
    const idsFirst = !unranked && !ids && !few && !circle && !(admin && filter.status);
    const matches = unranked
      ? unrankedMatches(query, keywords!, { total: first.total, typed: (await typed) ?? 0, walkFrom, lastRow })
      : ids
        ? sql`from (${byIds(ids, sortedColumns)} offset 0) s`
        : few
          ? sql`from (${matchingRows(query, sortedColumns, undefined, circle && sort !== "distance" ? { order: orderBy(sort, keywords, admin, false), rows: lastRow } : undefined)} offset 0) s`
          : circle && sort === "recommended"
            ? recommendedInCircle(query, circle, lastRow)
            : idsFirst
              ? sql`from act_search s where s.act_id = any(array(select s.act_id ${countFrom(query)} where ${conditions(query)} order by ${order} ${limit}))`
              : sql`${countFrom(query)} where ${conditions(query)}`;
    // On a server the passes run side by side on their own connections; PGlite runs them in turn.
    [counted, rows] = await Promise.all([
      counting,
      rowsOf<ResultRow>(
        // The page is chosen from the search rows alone; only its acts are then read.
        db.execute(sql`${withNear(circle)}select ${columns}
          from (select s.*, ${distance} as distance, ${ids || few || unranked ? sql`s.based_here` : based} as based ${matches}
            order by ${order} ${idsFirst ? sql`limit ${filter.perPage}` : limit}) s
          join acts a on a.id = s.act_id
          order by ${order}`),
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
