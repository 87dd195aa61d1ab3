import { type SQL, sql } from "drizzle-orm";
import type { ActSearchFilter, ListKey } from "#modules/discovery/search-filter";

/**
 * Each act's search row (`s`, act_search) holds "<list>:<value>" for every filter value it
 * has (the refresh_act_search function in the migrations says which tag links each list
 * reads); a list matches acts with any of its values, through the array's GIN index.
 */
export function listCondition(key: ListKey, values: string[]): SQL | null {
  if (values.length === 0) return null;
  return sql`s.facets && ARRAY[${sql.join(
    values.map((value) => sql`${`${key}:${value}`}`),
    sql`, `,
  )}]::text[]`;
}

/** Admins' status filter, of the act row `a`. */
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

/**
 * The circle's places (their ids, as array literals), found before the search: the planner then
 * knows how many acts they hold, and chooses between reading them by place and walking a sort's
 * index; asked as a subquery, it guessed a handful. Only those some act is based in, or also
 * plays in: the planner estimates `= any` place by place against the column's thousand most
 * common values, in every path it weighs (the 720 places around Elmhurst, NY, took 11 ms to plan
 * a statement at a million acts; the few dozen with acts, 2).
 */
export interface PlacesIn extends Circle {
  /** The circle's places some act is based in or plays in, and their miles from its centre (`nearPlaces`). */
  near: { ids: string; miles: string };
  /** The circle's places some act is based in. */
  bases: string;
  /** The circle's places some act also plays in (one of its other locations). */
  played: string;
  /**
   * About how many visible acts are based in them (the sparse slice's count, one act in 64, times
   * 64), when the search asks lists, the only searches that read it; else null.
   */
  acts: number | null;
}

/** Acts based in one of the circle's places, from their search row `s`: as its index reads it, null for an act with no place. */
export const basePlaceIn = ({ bases }: PlacesIn): SQL => sql`s.place_id = any(${bases}::int[])`;

/** Whether the search row `s`'s act is based in the circle (not only plays there). */
export function basedIn(circle: PlacesIn): SQL {
  return sql`coalesce(${basePlaceIn(circle)}, false)`;
}

/**
 * Acts that also play in one of the circle's places: few next to those based there, read by id
 * from their locations (an array the planner takes for a handful, as they are).
 */
export function onlyPlayIn({ played }: PlacesIn): SQL {
  return sql`s.act_id = any(array(select l.act_id from act_locations l where l.place_id = any(${played}::int[])))`;
}

/** Acts based in one of the circle's places or playing in one, from their search row `s`. */
export function inCircle(circle: PlacesIn): SQL {
  return sql`(${basePlaceIn(circle)} or ${onlyPlayIn(circle)})`;
}

/**
 * The circle's act places and their miles from its centre, as rows `(id, miles)`: what a page's
 * distances and nearest places are read from. Found in memory (act-places.ts), they are two
 * arrays here: finding every place within the circle in the database, with its distance, was
 * planned and run anew for each search.
 */
export function nearPlaces({ near }: PlacesIn): SQL {
  return sql`select * from unnest(${near.ids}::int[], ${near.miles}::double precision[]) as p(id, miles)`;
}
