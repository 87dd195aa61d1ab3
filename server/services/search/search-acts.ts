import { type SQL, sql } from "drizzle-orm";
import { deriveActStatus } from "../../../domain/act-status";
import { type ActSearchFilter, DEFAULT_RADIUS_MILES, EXTRAS, LIST_KEYS, type ListKey, type SearchSort, effectiveSort } from "../../../domain/search-filter";
import { unknownPlaceMessage } from "../../../domain/places";
import type { Executor } from "../../db/client";
import { validationFailed } from "../../errors";
import { findPlace, nearestPlaceLabels } from "../places";
import type { SessionUser } from "../viewer";
import { type Circle, EXTRA_CONDITIONS, LIST_RELATIONS, bookedOn, listCondition, placesWithin, statusCondition } from "./conditions";
import { type KeywordQuery, keywordQuery } from "./keywords";

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
  if (!admin) parts.push(sql`a.active and not a.internal_use_only`);
  else if (filter.status) parts.push(statusCondition(filter.status));
  if (keywords) parts.push(sql`s.document @@ to_tsquery('simple', ${keywords.tolerant})`);
  if (circle) {
    parts.push(sql`a.id in (select x.id from acts x where x.place_id in (select id from near)
      union select l.act_id from act_locations l where l.place_id in (select id from near))`);
  }
  if (filter.date) parts.push(sql`not ${bookedOn(filter.date)}`);
  for (const key of LIST_KEYS) {
    if (key === except) continue;
    const condition = listCondition(key, filter[key]);
    if (condition) parts.push(condition);
  }
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

const withNear = (circle: Circle | null) => (circle ? sql`with near as (${placesWithin(circle)}) ` : sql``);
const FROM = sql`from acts a left join act_search s on s.act_id = a.id`;

function orderBy(sort: SearchSort, keywords: KeywordQuery | null): SQL {
  switch (sort) {
    case "relevance":
      return keywords
        ? sql`ts_rank(s.document, to_tsquery('simple', ${keywords.exact})) * 2 + ts_rank(s.document, to_tsquery('simple', ${keywords.tolerant})) desc, a.is_featured desc, s.rating_avg desc nulls last, a.id`
        : sql`a.is_featured desc, s.rating_avg desc nulls last, a.id`;
    case "recommended":
      return sql`a.is_featured desc, s.rating_avg desc nulls last, s.review_count desc nulls last, a.name, a.id`;
    case "rating":
      return sql`s.rating_avg desc nulls last, s.review_count desc nulls last, a.id`;
    case "reviews":
      return sql`s.review_count desc nulls last, s.rating_avg desc nulls last, a.id`;
    case "newest":
      return sql`a.created_at desc, a.id desc`;
    case "distance":
      return sql`distance asc nulls last, a.id`;
  }
}

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
  distance: number | null;
}

/** Per value of each filter list, how many acts would match with it and the other filters. */
async function facets(db: Executor, query: Query) {
  const result: Record<ListKey, { value: string; count: number }[]> = Object.fromEntries(LIST_KEYS.map((key) => [key, []])) as never;
  for (const key of LIST_KEYS) {
    if (key === "extras") continue;
    const relations = sql.join(LIST_RELATIONS[key].map((relation) => sql`${relation}`), sql`, `);
    result[key] = await rowsOf(
      db.execute(sql`${withNear(query.circle)}select t.name as value, count(distinct a.id)::int as count ${FROM}
        join act_tags at on at.act_id = a.id join tags t on t.id = at.tag_id
        where ${conditions(query, key)} and at.relation in (${relations})
        group by t.name order by count(distinct a.id) desc, t.name`),
    );
  }
  const counts = sql.join(EXTRAS.map((extra, index) => sql`count(*) filter (where ${EXTRA_CONDITIONS[extra]})::int as ${sql.raw(`e${index}`)}`), sql`, `);
  const [extras] = await rowsOf<Record<string, number>>(db.execute(sql`${withNear(query.circle)}select ${counts} ${FROM} where ${conditions(query, "extras")}`));
  result.extras = EXTRAS.map((value, index) => ({ value, count: extras?.[`e${index}`] ?? 0 })).filter((item) => item.count > 0);
  return result;
}

/**
 * GET /api/acts and /search: keywords (weighted full text, prefixes, accents ignored, a typo
 * per word), every tag list, extras, a place and radius, a free date, a sort, pages, and the
 * facets of every list (CONTRACT.md, Discovery). The public sees approved acts that are not
 * internal use only; admins see every act and may filter by status.
 */
export async function searchActs(db: Executor, viewer: SessionUser | null, filter: ActSearchFilter) {
  const admin = viewer?.role === "ADMIN";
  const circle = await searchCircle(db, filter);
  const keywords = filter.searchTerms ? await keywordQuery(db, filter.searchTerms) : null;
  const query: Query = { admin, filter, circle, keywords };
  const sort = effectiveSort(filter, circle !== null);
  const distance = circle
    ? sql`(select min(n.miles) from near n where n.id = a.place_id or n.id in (select l.place_id from act_locations l where l.act_id = a.id))`
    : sql`null::double precision`;

  const [total] = await rowsOf<{ total: number }>(db.execute(sql`${withNear(circle)}select count(*)::int as total ${FROM} where ${conditions(query)}`));
  const rows = await rowsOf<ActRow>(
    db.execute(sql`${withNear(circle)}select a.id, a.url, a.name, a.headline, a.avatar, a.location, a.is_featured, a.nationally_recognized,
        a.active, a.declined, a.application_complete, s.rating_avg, s.review_count, ${distance} as distance
      ${FROM} where ${conditions(query)}
      order by ${orderBy(sort, keywords)}
      limit ${filter.perPage} offset ${(filter.page - 1) * filter.perPage}`),
  );
  const tagRows = rows.length
    ? await rowsOf<{ act_id: number; names: string[] }>(
        db.execute(sql`select at.act_id, array_agg(distinct t.name order by t.name) as names from act_tags at join tags t on t.id = at.tag_id
          where at.act_id in (${sql.join(rows.map((row) => sql`${row.id}`), sql`, `)}) group by at.act_id`),
      )
    : [];
  const tagsOf = new Map(tagRows.map((row) => [row.act_id, row.names]));

  return {
    data: rows.map((row) => ({
      url: row.url,
      name: row.name,
      headline: row.headline,
      avatar: row.avatar,
      location: row.location,
      is_featured: row.is_featured ? 1 : 0,
      nationallyRecognized: row.nationally_recognized,
      rating: { average: row.rating_avg === null ? null : Number(row.rating_avg), count: row.review_count ?? 0 },
      tags: tagsOf.get(row.id) ?? [],
      ...(circle ? { distance_miles: row.distance === null ? null : Math.round(Number(row.distance) * 10) / 10 } : {}),
      ...(admin ? { status: deriveActStatus({ application_complete: row.application_complete, active: row.active, declined: row.declined }) } : {}),
    })),
    meta: { page: filter.page, perPage: filter.perPage, total: total?.total ?? 0, sort, facets: await facets(db, query) },
  };
}
