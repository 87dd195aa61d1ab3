import { type SQL, sql } from "drizzle-orm";
import type { ActSearchFilter, Extra, ListKey } from "../../../domain/search-filter";
import type { ActTagRelation } from "../../../domain/tags";

/** Which of an act's tag links each filter list looks at. */
export const LIST_RELATIONS: Record<Exclude<ListKey, "extras">, ActTagRelation[]> = {
  actTypes: ["varietyTypes", "speakerTypes", "bandSetups"],
  styles: ["genres", "styles"],
  bandSetups: ["bandSetups"],
  songTypes: ["songTypes"],
  eventTypes: ["eventTypes", "occasions"],
  occasions: ["eventTypes", "occasions"],
};

/** What each extra means, of the act row `a` and its search row `s`. */
export const EXTRA_CONDITIONS: Record<Extra, SQL> = {
  Featured: sql`a.is_featured`,
  "Nationally Recognized": sql`a.nationally_recognized`,
  "Corporate Experience": sql`a.has_performed_corporate_event`,
  "Has Videos": sql`exists (select 1 from videos v where v.act_id = a.id)`,
  "Has Reviews": sql`coalesce(s.review_count, 0) > 0`,
};

const relationList = (relations: ActTagRelation[]) => sql.join(relations.map((relation) => sql`${relation}`), sql`, `);

/** Acts with any of these tag names among these links. */
export function hasTag(names: string[], relations: ActTagRelation[]): SQL {
  return sql`exists (select 1 from act_tags at join tags t on t.id = at.tag_id
    where at.act_id = a.id and at.relation in (${relationList(relations)}) and t.name in (${sql.join(names.map((name) => sql`${name}`), sql`, `)}))`;
}

export function extrasCondition(extras: string[]): SQL | null {
  const known = extras.filter((extra): extra is Extra => extra in EXTRA_CONDITIONS);
  if (extras.length > 0 && known.length === 0) return sql`false`;
  return known.length ? sql`(${sql.join(known.map((extra) => EXTRA_CONDITIONS[extra]), sql` or `)})` : null;
}

export function listCondition(key: ListKey, values: string[]): SQL | null {
  if (values.length === 0) return null;
  return key === "extras" ? extrasCondition(values) : hasTag(values, LIST_RELATIONS[key]);
}

export function statusCondition(status: NonNullable<ActSearchFilter["status"]>): SQL {
  switch (status) {
    case "approved":
      return sql`a.application_complete and a.active`;
    case "declined":
      return sql`a.application_complete and not a.active and a.declined`;
    case "pending":
      return sql`a.application_complete and not a.active and not a.declined`;
    case "draft":
      return sql`not a.application_complete`;
  }
}

/** A point and a radius in miles. */
export interface Circle {
  lat: number;
  lng: number;
  miles: number;
}

const EARTH_RADIUS_MILES = 3958.8;

/** Great-circle miles from the circle's centre to the place row `p`. */
export function milesFrom(circle: Circle): SQL {
  const lat = sql`${circle.lat}::double precision`;
  const lng = sql`${circle.lng}::double precision`;
  return sql`(${EARTH_RADIUS_MILES}::double precision * 2 * asin(least(1, sqrt(power(sin(radians(p.lat - ${lat}) / 2), 2) + cos(radians(${lat})) * cos(radians(p.lat)) * power(sin(radians(p.lng - ${lng}) / 2), 2)))))`;
}

/** Places within the circle: an indexed bounding box first, then the exact distance. */
export function placesWithin(circle: Circle): SQL {
  const dLat = circle.miles / 69.0;
  const dLng = circle.miles / Math.max(0.01, 69.0 * Math.cos((circle.lat * Math.PI) / 180));
  return sql`select p.id, ${milesFrom(circle)} as miles from places p
    where p.lat between ${circle.lat - dLat}::double precision and ${circle.lat + dLat}::double precision
      and p.lng between ${circle.lng - dLng}::double precision and ${circle.lng + dLng}::double precision
      and ${milesFrom(circle)} <= ${circle.miles}::double precision`;
}

/** Acts with an accepted booking for an event that starts that day where it happens (UTC without a place). */
export function bookedOn(date: string): SQL {
  return sql`exists (select 1 from bookings b join events e on e.id = b.event_id left join places ep on ep.id = e.place_id
    where b.act_id = a.id and (e.starttime at time zone coalesce(ep.time_zone, 'UTC'))::date = ${date}::date)`;
}
