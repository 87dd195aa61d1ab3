import { sql } from "drizzle-orm";
import type { ActSearchResult } from "#modules/discovery/answers";
import { deriveActStatus } from "#modules/acts/act-status";
import { actFactsOf } from "#modules/acts/act-facts";
import { type Travel, travelCents } from "#modules/acts/travel";
import type { Takes } from "#modules/acts/takes";
import { KIND_TAG_TYPES } from "#domain/tags";

// What a search result shows of an act: for search, and for lists of acts such as a shortlist.

const KIND_TYPES = sql`array[${sql.join(
  KIND_TAG_TYPES.map((type) => sql`${type}`),
  sql`, `,
)}]::text[]`;

/** Whether the act has a live offering bookable at once (read through packages_instant_idx). */
export const INSTANT_OFFERING = (actId: string) =>
  sql.raw(
    `exists (select 1 from packages k where k.act_id = ${actId} and k.instant is not null and k.deleted_at is null)`,
  );

/** What a search result shows of an act (`a`) and its search row (`s`), for search and for lists of acts such as a shortlist. */
export const RESULT_COLUMNS = sql`a.id, a.url, a.name, a.headline, a.avatar, a.location, a.is_featured, a.nationally_recognized, a.facts,
    a.active, a.declined, a.application_complete, a.travel, a.takes, s.rating_avg, s.review_count, s.price_from_cents, s.response_rate, s.response_hours,
    array(select distinct t.name from act_tags at join tags t on t.id = at.tag_id where at.act_id = a.id order by t.name) as tags,
    (select t.name from act_tags at join tags t on t.id = at.tag_id where at.act_id = a.id and t.type::text = any(${KIND_TYPES})
      order by array_position(${KIND_TYPES}, t.type::text), t.name limit 1) as kind,
    ${INSTANT_OFFERING("a.id")} as instant,
    (select p.lat from places p where p.id = a.place_id) as map_lat, (select p.lng from places p where p.id = a.place_id) as map_lng`;

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
    instant: row.instant,
    takes: row.takes,
    map: row.map_lat === null || row.map_lng === null ? null : { lat: Number(row.map_lat), lng: Number(row.map_lng) },
    ...(row.response_rate === null
      ? {}
      : { response_rate: row.response_rate, response_time_hours: row.response_hours }),
    ...(circle
      ? {
          distance_miles: row.distance == null ? null : Math.round(Number(row.distance) * 10) / 10,
          nearest_location: row.nearest ?? null,
          travel_cents: travelCents(row.travel, row.distance == null ? null : Number(row.distance)),
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
  travel: Travel | null;
  takes: Takes | null;
  tags: string[];
  kind: string | null;
  facts: Record<string, unknown>;
  instant: boolean;
  map_lat: number | null;
  map_lng: number | null;
}
