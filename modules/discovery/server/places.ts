import { and, desc, eq, sql } from "drizzle-orm";
import { MAX_PLACE_SUGGESTIONS, unknownPlaceMessage } from "#domain/places";
import type { Place } from "../place";
import type { Executor } from "#server/db/client";
import { likePrefix } from "#server/db/like";
import { places } from "#server/db/schema";
import { validationFailed } from "#server/errors";
import { keptPlace } from "./kept-places";

type PlaceRow = typeof places.$inferSelect;

const toPlace = (row: Pick<PlaceRow, "label" | "name" | "region" | "lat" | "lng">): Place => ({
  label: row.label,
  name: row.name,
  region: row.region,
  lat: row.lat,
  lng: row.lng,
});
const PLACE_COLUMNS = {
  id: places.id,
  label: places.label,
  name: places.name,
  region: places.region,
  lat: places.lat,
  lng: places.lng,
  timeZone: places.timeZone,
};

/** "Austin, tx" -> the name and the (maybe partial) state as written. */
function splitWritten(written: string): { name: string; region: string } {
  const [name = "", region = ""] = written.split(",").map((part) => part.trim().replace(/\s+/g, " "));
  return { name, region: region.toUpperCase() };
}

/**
 * Places for an autocomplete: names that start with what was typed (and, after a comma, the
 * state), largest first; then, to fill up to ten, names like it (a typo tolerated).
 */
export async function searchPlaces(db: Executor, query: string): Promise<Place[]> {
  const { name, region } = splitWritten(query);
  if (!name) return [];
  const regionMatch = region ? sql`and ${places.region} like ${likePrefix(region)}` : sql``;
  const prefix = await db
    .select(PLACE_COLUMNS)
    .from(places)
    .where(sql`lower(${places.name}) like ${likePrefix(name.toLowerCase())} ${regionMatch}`)
    .orderBy(desc(places.population))
    .limit(MAX_PLACE_SUGGESTIONS);
  if (prefix.length >= MAX_PLACE_SUGGESTIONS || name.length < 3) return prefix.map(toPlace);
  const seen = new Set(prefix.map((row) => row.id));
  const similar = await db
    .select(PLACE_COLUMNS)
    .from(places)
    .where(sql`lower(${places.name}) % ${name.toLowerCase()} ${regionMatch}`)
    .orderBy(sql`similarity(lower(${places.name}), ${name.toLowerCase()}) desc`, desc(places.population))
    .limit(MAX_PLACE_SUGGESTIONS);
  return [...prefix, ...similar.filter((row) => !seen.has(row.id))].slice(0, MAX_PLACE_SUGGESTIONS).map(toPlace);
}

/** The place written exactly so (case and spacing aside), or null. */
export async function findPlace(db: Executor, written: string) {
  const { name, region } = splitWritten(written);
  if (!name || !region) return null;
  return keptPlace(`written:${name.toLowerCase()},${region}`, async () => {
    const [row] = await db
      .select(PLACE_COLUMNS)
      .from(places)
      .where(and(sql`lower(${places.name}) = ${name.toLowerCase()}`, eq(places.region, region)))
      .limit(1);
    return row ?? null;
  });
}

/** Up to three known places nearest to what was written: same state first, then likeness, then size. */
export async function nearestPlaceLabels(db: Executor, written: string): Promise<string[]> {
  const { name, region } = splitWritten(written);
  if (!name) return [];
  const rows = await db
    .select({ label: places.label })
    .from(places)
    .where(sql`lower(${places.name}) % ${name.toLowerCase()} or lower(${places.name}) = ${name.toLowerCase()}`)
    .orderBy(
      sql`(${places.region} = ${region}) desc`,
      sql`similarity(lower(${places.name}), ${name.toLowerCase()}) desc`,
      desc(places.population),
    )
    .limit(3);
  return rows.map((row) => row.label);
}

export type ResolvedPlace = NonNullable<Awaited<ReturnType<typeof findPlace>>>;

/**
 * Each written location as a known place, keyed by its field; an unknown one is a 422 on its
 * field that suggests the nearest names.
 */
export async function resolvePlaces(
  db: Executor,
  written: Record<string, string>,
): Promise<Record<string, ResolvedPlace>> {
  const resolved: Record<string, ResolvedPlace> = {};
  const errors: Record<string, string[]> = {};
  for (const [field, location] of Object.entries(written)) {
    const place = await findPlace(db, location);
    if (place) resolved[field] = place;
    else errors[field] = [unknownPlaceMessage(location, await nearestPlaceLabels(db, location))];
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return resolved;
}
