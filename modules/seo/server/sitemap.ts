import { sql } from "drizzle-orm";
import { LIST_OF_TAG_TYPE, LISTING_RADIUS_MILES, MIN_INDEXABLE_ACTS, listingPath } from "#modules/discovery/listings";
import type { TagType } from "#domain/tags";
import type { Executor } from "#server/db/client";
import type { GuestPageCache } from "#server/cache/guest-cache";
import { tags } from "#modules/acts/server/tables";
import { listGuides } from "./seo";
import { rowsOf } from "#server/db/rows-of";

export interface SitemapUrl {
  path: string;
  lastmod: string | null;
}

/** How many public profiles there are: the sitemap is split by them past 50,000 URLs. */
export async function countPublicProfiles(db: Executor): Promise<number> {
  const [row] = await rowsOf<{ count: number }>(
    db.execute(sql`select count(*)::int as count from act_search where visible`),
  );
  return row?.count ?? 0;
}

/**
 * Public profiles (approved, not internal use only) in id order, a batch at a time after
 * `afterId`: the sitemap is written as it is read, never built whole in memory.
 */
export async function publicProfilesAfter(
  db: Executor,
  afterId: number,
  limit: number,
): Promise<{ id: number; path: string; lastmod: string }[]> {
  const rows = await rowsOf<{ id: number; url: string; updated_at: string | Date }>(
    db.execute(sql`select a.id, a.url, a.updated_at from act_search s join acts a on a.id = s.act_id
      where s.visible and a.id > ${afterId} order by a.id limit ${limit}`),
  );
  return rows.map((row) => ({
    id: row.id,
    path: `/entertainment/${row.url}`,
    lastmod: new Date(row.updated_at).toISOString(),
  }));
}

/**
 * The indexable listings, kept until any act changes when a guest cache keeps derived values: a
 * pass over every act, which the sitemap and the `pages_ahead` round each ask for (the round every
 * minute, on the embedded database's one connection).
 */
export function keptIndexableListings(
  db: Executor,
  guestCache: Pick<GuestPageCache, "derived"> | undefined,
): Promise<SitemapUrl[]> {
  return guestCache ? guestCache.derived("sitemap:listings", () => indexableListings(db)) : indexableListings(db);
}

/**
 * Listing pages with at least MIN_INDEXABLE_ACTS public acts, counted per tag key for every
 * city that is home to a public act (the hubs), over the acts with any location within 50
 * miles. Acts with one location are counted per place first and the places' counts summed
 * per hub (a few thousand rows, whatever the number of acts); only acts with several
 * locations, which one hub might reach twice, are counted act by act.
 */
export async function indexableListings(db: Executor): Promise<SitemapUrl[]> {
  const degrees = LISTING_RADIUS_MILES / 69.0;
  const rows = await rowsOf<{ slug: string; key: string; count: number; lastmod: string | Date }>(
    db.execute(sql`with public_acts as (select a.id, a.place_id, a.updated_at, s.facets, exists (select 1 from act_locations l where l.act_id = a.id) as several
        from acts a join act_search s on s.act_id = a.id where s.visible),
      act_at as (select place_id as place, id as act from public_acts where place_id is not null
        union select l.place_id, l.act_id from act_locations l join public_acts p on p.id = l.act_id where l.place_id is not null),
      hub as (select p.id, p.slug, p.lat, p.lng from places p where p.id in (select place from act_at)),
      pairs as (select c.slug, h.id as place from hub c join hub h
        on h.lat between c.lat - ${degrees}::double precision and c.lat + ${degrees}::double precision
        and 3958.8 * 2 * asin(least(1, sqrt(power(sin(radians(h.lat - c.lat) / 2), 2) + cos(radians(c.lat)) * cos(radians(h.lat)) * power(sin(radians(h.lng - c.lng) / 2), 2)))) <= ${LISTING_RADIUS_MILES}),
      single as (select p.place_id as place, f as key, count(*) as count, max(p.updated_at) as lastmod
        from public_acts p cross join unnest(p.facets) f where not p.several and p.place_id is not null group by p.place_id, f),
      several as (select distinct pairs.slug, p.id, p.facets, p.updated_at from pairs
        join act_at on act_at.place = pairs.place join public_acts p on p.id = act_at.act and p.several),
      counted as (
        select pairs.slug, single.key, single.count, single.lastmod from pairs join single on single.place = pairs.place
        union all
        select several.slug, f, 1, several.updated_at from several cross join unnest(several.facets) f)
      select slug, key, sum(count)::int as count, max(lastmod) as lastmod from counted
      group by slug, key having sum(count) >= ${MIN_INDEXABLE_ACTS}
      order by slug, key`),
  );
  // A listing searches one list per tag type (LIST_OF_TAG_TYPE); other lists' keys are not listings.
  const tagRows = await db.select({ name: tags.name, type: tags.type }).from(tags);
  const listingOfKey = new Map(
    tagRows.map((tag) => [`${LIST_OF_TAG_TYPE[tag.type as TagType]}:${tag.name}`, tag.name]),
  );
  return rows.flatMap((row) => {
    const tagName = listingOfKey.get(row.key);
    return tagName ? [{ path: listingPath(tagName, row.slug), lastmod: new Date(row.lastmod).toISOString() }] : [];
  });
}

/** The guides (the long-form entries) with their index, which changes when any of them does. */
export async function guideUrls(db: Executor): Promise<SitemapUrl[]> {
  const guides = (await listGuides(db)).map((guide) => ({
    path: `/guides/${guide.slug}`,
    lastmod: guide.updatedAt.toISOString(),
  }));
  if (guides.length === 0) return [];
  const newest = guides.reduce(
    (latest, guide) => (guide.lastmod > latest ? guide.lastmod : latest),
    guides[0]!.lastmod,
  );
  return [{ path: "/guides", lastmod: newest }, ...guides];
}
