// The platform's own tables: the gazetteer's places, which acts, events and search all point at.
import { sql } from "drizzle-orm";
import {
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

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

// ---- guests' pages kept for every server (decision 0067, server/cache/stored-pages.ts) ----

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });
/** A transaction's id as PostgreSQL 13+ writes it (`pg_current_xact_id()`). */
const xid8 = customType<{ data: string }>({ dataType: () => "xid8" });
/** What a snapshot saw (`pg_current_snapshot()`): which transactions had committed when it was taken. */
const pgSnapshot = customType<{ data: string }>({ dataType: () => "pg_snapshot" });

/**
 * The last transaction that changed what a guest's page may show, by tag: "act:<url>" for one
 * act, "all" for anything else a page may read. Written by notify_change in the changing
 * transaction (migration 0076), so a stored page is checked against it exactly: a page made
 * from a snapshot that did not see a tag's last change is stale.
 */
export const tagChanges = pgTable("tag_changes", { tag: text("tag").primaryKey(), xid: xid8("xid").notNull() }, (t) => [
  index("tag_changes_xid_idx").on(t.xid),
]);

/**
 * A guest's page as a server rendered it, for every server: made ahead of its first asking by
 * the `pages_ahead` job, or by whichever server rendered it first. Good while the build that
 * made it is the one running and nothing it depends on changed after `snapshot`.
 */
export const storedPages = pgTable("stored_pages", {
  /** The page's key in the guest cache: its path and the query parameters its route reads. */
  key: text("key").primaryKey(),
  build: text("build").notNull(),
  /** The tags of what it read ("act:<url>"), or null when it depends on any act. */
  dependsOn: text("depends_on").array(),
  snapshot: pgSnapshot("snapshot").notNull(),
  gzip: bytea("gzip").notNull(),
  headers: jsonb("headers").$type<[string, string][]>().notNull(),
  memo: jsonb("memo").$type<Record<string, unknown>>(),
  madeAt: timestamp("made_at", { withTimezone: true }).notNull().defaultNow(),
});
