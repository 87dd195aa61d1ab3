import { sql } from "drizzle-orm";
import { milesBetween } from "#domain/places";
import { type ReadSource, cachedRead } from "#server/cache/cached-read";
import { rowsOf } from "#server/db/rows-of";
import type { Circle } from "./conditions";

/** A place some act is based in or also plays in, with where it lies. */
export interface ActPlace {
  id: number;
  label: string;
  slug: string;
  lat: number;
  lng: number;
  /** Some act's search row is based here, visible or not (admins search hidden acts too). */
  based: boolean;
  /** Some visible act is based here. */
  visible: boolean;
  /** Some act lists it among its other locations. */
  played: boolean;
}

/**
 * Every place that acts are based in or play in: kept until any act changes (a change to an
 * act's row, its search row or its locations notifies it). A search's circle and a listing's
 * nearby cities are found among these in memory: the statement that found them in the database
 * was parsed and planned anew for every place and radius, and cost a cold listing about 2 ms of
 * the database's time. At a million acts there are as many as there are places with acts (a few
 * thousand): the act places are read by skipping along the index of acts by place, one probe
 * per place, not per act.
 */
const actPlaces = cachedRead({
  name: "act-places",
  maxEntries: 1,
  key: () => "all",
  tags: () => "*",
  read: (db) =>
    rowsOf<ActPlace>(
      db.execute(sql`with recursive bases(id) as (
          (select s.place_id from act_search s where s.place_id is not null order by s.place_id limit 1)
          union all
          select (select s.place_id from act_search s where s.place_id > bases.id order by s.place_id limit 1)
          from bases where bases.id is not null),
        played as (select distinct l.place_id as id from act_locations l where l.place_id is not null)
        select p.id, p.label, p.slug, p.lat, p.lng,
          p.id in (select id from bases where id is not null) as based,
          exists (select from act_search s where s.place_id = p.id and s.visible) as visible,
          p.id in (select id from played) as played
        from places p where p.id in (select id from bases where id is not null union select id from played)
        order by p.id`),
    ),
});

/**
 * The act places within the circle, by id, with their distance from its centre: a bounding box
 * first, then the great-circle distance.
 */
export async function actPlacesWithin(source: ReadSource, circle: Circle): Promise<(ActPlace & { miles: number })[]> {
  const dLat = circle.miles / 69.0;
  const dLng = circle.miles / Math.max(0.01, 69.0 * Math.cos((circle.lat * Math.PI) / 180));
  return (await actPlaces(source, null)).flatMap((place) => {
    if (Math.abs(place.lat - circle.lat) > dLat || Math.abs(place.lng - circle.lng) > dLng) return [];
    const miles = milesBetween(circle, place);
    return miles <= circle.miles ? [{ ...place, miles }] : [];
  });
}
