import { eq, sql } from "drizzle-orm";
import { categorySlug, LIST_OF_TAG_TYPE, LISTING_RADIUS_MILES } from "../listings";
import { type ListingAddress, parseSearchFilter, serializeSearchFilter } from "../search-filter";
import type { TagType } from "#domain/tags";
import type { Executor } from "#server/db/client";
import { places } from "#server/db/schema";
import { tags } from "#modules/acts/server/tables";
import { type ReadCache, type ReadSource, cachedRead } from "#server/cache/cached-read";
import { type ActPlace, actPlacesWithin } from "./search/act-places";
import { keptPlace } from "./kept-places";
import { ONE_PLAN } from "#server/db/named-statements";
import { numberArray } from "#server/db/array-literal";
import { searchActs } from "./search/search-acts";

export interface ListingTag {
  id: number;
  name: string;
  type: TagType;
}

const readTags = (db: Executor) =>
  db.select({ id: tags.id, name: tags.name, type: tags.type }).from(tags).orderBy(tags.id);

/** Every tag, kept until everything changes: a change to tags notifies "all" (migration 0006). */
const everyTag = cachedRead({
  name: "listing-tags",
  maxEntries: 1,
  key: () => "all",
  tags: () => [],
  read: (db) => readTags(db),
});

/** The tag a category slug names ("jazz", "wedding", "magician"), or null; from the kept tags when given a cache. */
export async function findCategory(db: Executor, slug: string, cache?: ReadCache): Promise<ListingTag | null> {
  const rows = cache ? await everyTag({ db, cache }, null) : await readTags(db);
  const tag = rows.find((row) => categorySlug(row.name) === slug);
  return tag ? { ...tag, type: tag.type as TagType } : null;
}

export async function findPlaceBySlug(db: Executor, slug: string) {
  return keptPlace(`slug:${slug}`, async () => {
    const [place] = await db
      .select({ id: places.id, label: places.label, slug: places.slug, lat: places.lat, lng: places.lng })
      .from(places)
      .where(eq(places.slug, slug))
      .limit(1);
    return place ?? null;
  });
}

/** What a planner may narrow a listing by in its address (LISTING_QUERY_KEYS but its page): a budget, a free date. */
export type ListingNarrowing = Partial<Omit<ListingAddress, "page">>;

/** The search a listing page is: the tag's list, the city, 50 miles, best first, within a budget and free on a date when it has them. */
export function listingQuery(tag: ListingTag, placeLabel: string, page = 1, narrowing: ListingNarrowing = {}): string {
  return serializeSearchFilter({
    [LIST_OF_TAG_TYPE[tag.type]]: [tag.name],
    location: placeLabel,
    radius: LISTING_RADIUS_MILES,
    ...narrowing,
    sort: "recommended",
    page: page > 1 ? page : undefined,
  });
}

/** A listing page's acts: exactly the search API's for the same tag, city, radius, budget and date. */
export function listingResults(
  source: ReadSource,
  tag: ListingTag,
  placeLabel: string,
  page: number,
  narrowing: ListingNarrowing = {},
) {
  // The listing's page is kept whole (app/routes/hire.server.ts): its answer is not kept twice.
  return searchActs(source.db, null, parseSearchFilter(listingQuery(tag, placeLabel, page, narrowing)), source.cache, {
    keepAnswer: false,
  });
}

/** How far a listing looks for other cities with acts of its tag: a few hours' drive. */
const NEARBY_MILES = 250;

/**
 * Other cities within a few hours' drive that are home to public acts with this tag, nearest
 * first. The kept places of acts (act-places.ts) are ordered by distance here; the database is
 * asked only which of the nearest carry the tag, a few at a time, until enough do or none are left.
 */
export async function nearbyCitiesWithCategory(
  source: ReadSource,
  tag: ListingTag,
  place: { id: number; lat: number; lng: number },
  limit = 6,
): Promise<{ label: string; slug: string }[]> {
  const key = `${LIST_OF_TAG_TYPE[tag.type]}:${tag.name}`;
  const candidates = (await actPlacesWithin(source, { lat: place.lat, lng: place.lng, miles: NEARBY_MILES }))
    .filter((home) => home.visible && home.id !== place.id)
    .sort((a, b) => a.miles - b.miles || a.id - b.id);
  const found: ActPlace[] = [];
  // Among dense acts the first few nearest carry the tag; a rare tag asks the rest at once.
  for (let start = 0, size = limit * 4; start < candidates.length && found.length < limit; start += size, size *= 8) {
    const batch = candidates.slice(start, start + size);
    const result =
      (await source.db.execute(sql`${sql.raw(ONE_PLAN)}select c.id from unnest(${numberArray(batch.map((home) => home.id))}::int[]) c(id)
      where exists (select from act_search s where s.place_id = c.id and s.visible and s.facets && ARRAY[${key}]::text[])`)) as unknown as {
        rows: { id: number }[];
      };
    const carrying = new Set(result.rows.map((row) => row.id));
    found.push(...batch.filter((home) => carrying.has(home.id)));
  }
  return found.slice(0, limit).map((home) => ({ label: home.label, slug: home.slug }));
}
