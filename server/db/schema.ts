// The platform's own tables: the gazetteer's places, which acts, events and search all point at.
import { sql } from "drizzle-orm";
import { doublePrecision, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";

// ---- places: US cities of the offline gazetteer (server/db/data/us-places.json) ----

export const places = pgTable(
  "places",
  {
    id: integer("id").primaryKey(),
    name: text("name").notNull(),
    region: text("region").notNull(),
    /** "City, ST": how a place is written everywhere. */
    label: text("label").notNull(),
    /** "city-st": how a place is written in a URL. */
    slug: text("slug").notNull(),
    lat: doublePrecision("lat").notNull(),
    lng: doublePrecision("lng").notNull(),
    population: integer("population").notNull(),
    timeZone: text("time_zone").notNull(),
  },
  (t) => [
    uniqueIndex("places_label_unique").on(sql`lower(${t.label})`),
    uniqueIndex("places_slug_unique").on(t.slug),
    index("places_name_prefix_idx").on(sql`lower(${t.name}) text_pattern_ops`),
    index("places_lat_lng_idx").on(t.lat, t.lng),
  ],
);
