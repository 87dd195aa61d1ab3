import { eq, sql } from "drizzle-orm";
import { categorySlug, LIST_OF_TAG_TYPE, LISTING_RADIUS_MILES } from "../listings";
import { type ListingAddress, parseSearchFilter, serializeSearchFilter } from "../search-filter";
import type { TagType } from "#domain/tags";
import type { Executor } from "#server/db/client";
import { places } from "#server/db/schema";
import { tags } from "#modules/acts/server/tables";
import { placesWithin } from "./search/conditions";
import { type ReadCache, cachedRead } from "#server/cache/cached-read";
import { keptPlace } from "./kept-places";
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
  db: Executor,
  tag: ListingTag,
  placeLabel: string,
  page: number,
  narrowing: ListingNarrowing = {},
) {
  return searchActs(db, null, parseSearchFilter(listingQuery(tag, placeLabel, page, narrowing)));
}

/** Other cities within a few hours' drive that are home to public acts with this tag, nearest first. */
export async function nearbyCitiesWithCategory(
  db: Executor,
  tag: ListingTag,
  place: { id: number; lat: number; lng: number },
  limit = 6,
) {
  const key = `${LIST_OF_TAG_TYPE[tag.type]}:${tag.name}`;
  const result = (await db.execute(sql`with near as (${placesWithin({ lat: place.lat, lng: place.lng, miles: 250 })})
    select p.label, p.slug, min(near.miles) as miles
    from act_search s join acts a on a.id = s.act_id join near on near.id = a.place_id join places p on p.id = near.id
    where s.visible and s.facets && ARRAY[${key}]::text[] and p.id <> ${place.id}
    group by p.label, p.slug order by min(near.miles) limit ${limit}`)) as unknown as {
    rows: { label: string; slug: string }[];
  };
  return result.rows.map((row) => ({ label: row.label, slug: row.slug }));
}
