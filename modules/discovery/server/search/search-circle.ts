import { sql } from "drizzle-orm";
import { type ActSearchFilter, DEFAULT_RADIUS_MILES } from "#modules/discovery/search-filter";
import { unknownPlaceMessage } from "#domain/places";
import type { ReadSource } from "#server/cache/cached-read";
import type { Executor } from "#server/db/client";
import { numberArray } from "#server/db/array-literal";
import { validationFailed } from "#server/errors";
import { findPlace, nearestPlaceLabels } from "../places";
import type { Circle, PlacesIn } from "./conditions";
import { type ActPlace, actPlacesWithin } from "./act-places";
import { jsonColumn } from "#server/db/json-column";
import { rowsOf } from "#server/db/rows-of";
import { ONE_PLAN } from "#server/db/named-statements";
import { SPARSE_EVERY, inSlice, chosenKeys } from "./search-query";

/**
 * The circle a filter searches in: its coordinates, or its place; an unknown place is a 422 on
 * `location`. With about how many acts are based there, and (keys) how many visible acts have
 * each of the chosen lists' values, which choose how its lists are tested (listsOnRows).
 */
export async function searchCircle(
  source: ReadSource,
  filter: ActSearchFilter,
): Promise<{ circle: PlacesIn; valueCounts: Map<string, number> } | null> {
  const { db } = source;
  const miles = filter.radius ?? DEFAULT_RADIUS_MILES;
  let circle: Circle;
  if (filter.location_lat !== undefined && filter.location_lng !== undefined)
    circle = { lat: filter.location_lat, lng: filter.location_lng, miles };
  else if (!filter.location) return null;
  else {
    const place = await findPlace(db, filter.location);
    if (!place)
      throw validationFailed({
        location: [unknownPlaceMessage(filter.location, await nearestPlaceLabels(db, filter.location))],
      });
    circle = { lat: place.lat, lng: place.lng, miles };
  }
  const near = await actPlacesWithin(source, circle);
  const ids = (places: ActPlace[]) => numberArray(places.map((place) => place.id));
  const bases = ids(near.filter((place) => place.based));
  const keys = chosenKeys(filter);
  // Without lists, nothing reads how many acts the circle or a value has: not counted (3 ms
  // around Elmhurst, NY, on the embedded database).
  const sizes = keys.length ? await circleSizes(db, bases, keys) : null;
  return {
    circle: {
      ...circle,
      near: { ids: ids(near), miles: numberArray(near.map((place) => place.miles)) },
      bases,
      played: ids(near.filter((place) => place.played)),
      acts: sizes === null ? null : sizes.sparse * SPARSE_EVERY,
    },
    valueCounts: new Map(Object.entries(sizes === null ? {} : jsonColumn<Record<string, number>>(sizes.counts))),
  };
}

/** The visible acts based in `bases` in the sparse slice, and how many visible acts have each of `keys`. */
async function circleSizes(db: Executor, bases: string, keys: string[]) {
  const [row] = await rowsOf<{ sparse: number; counts: Record<string, number> | string }>(
    db.execute(sql`${sql.raw(ONE_PLAN)}select (select count(*)::int from act_search s where s.visible and ${inSlice(SPARSE_EVERY)} and s.place_id = any(${bases}::int[])) as sparse,
      (select coalesce(json_object_agg(k.key, k.n), '{}'::json) from (select key, sum(delta)::int as n from facet_count_changes
        where key = any(array[${sql.join(
          keys.map((key) => sql`${key}`),
          sql`, `,
        )}]::text[]) group by key) k) as counts`),
  );
  return row!;
}
