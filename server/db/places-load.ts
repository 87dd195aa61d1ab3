import { readFileSync } from "node:fs";
import { count, sql } from "drizzle-orm";
import { placeLabel, placeSlug } from "#domain/places";
import { PLACES_FILE } from "../paths";
import type { Database } from "./client";
import { places } from "./schema";

type Row = [name: string, region: string, lat: number, lng: number, population: number, timeZone: string];

/**
 * Fills the places table from the committed gazetteer file when it is empty, then gives every
 * act location written as a known place its place: so a database made before places existed
 * is geocoded on its next start. Idempotent; nothing is fetched from anywhere.
 */
export async function loadPlaces(db: Database): Promise<void> {
  const [existing] = await db.select({ value: count() }).from(places);
  if ((existing?.value ?? 0) === 0) {
    const { places: rows } = JSON.parse(readFileSync(PLACES_FILE, "utf8")) as { places: Row[] };
    const labels = new Set<string>();
    const slugs = new Set<string>();
    const values: (typeof places.$inferInsert)[] = [];
    for (const [name, region, lat, lng, population, timeZone] of rows) {
      const label = placeLabel(name, region);
      const slug = placeSlug(name, region);
      // The file is sorted by population, so the larger of two same-named places wins.
      if (labels.has(label.toLowerCase()) || slugs.has(slug)) continue;
      labels.add(label.toLowerCase());
      slugs.add(slug);
      values.push({ id: values.length + 1, name, region, label, slug, lat, lng, population, timeZone });
    }
    await db.transaction(async (tx) => {
      for (let start = 0; start < values.length; start += 1000)
        await tx.insert(places).values(values.slice(start, start + 1000));
    });
  }
  await geocodeLocations(db);
}

/** Gives every act and event location written as a known place its place (a new database's demo rows, an old database's rows). */
export async function geocodeLocations(db: Database): Promise<void> {
  await db.execute(
    sql`update acts set place_id = p.id from places p where acts.place_id is null and acts.location is not null and lower(acts.location) = lower(p.label)`,
  );
  await db.execute(
    sql`update act_locations set place_id = p.id from places p where act_locations.place_id is null and lower(act_locations.location) = lower(p.label)`,
  );
  await db.execute(
    sql`update events set place_id = p.id from places p where events.place_id is null and lower(events.location) = lower(p.label)`,
  );
}
