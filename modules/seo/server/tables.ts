// Seo's tables: what this module stores. The platform's database gets them at start (start/schema.ts, and
// drizzle.config.ts for migrations); other modules' queries read them through this entry.
import { sql } from "drizzle-orm";
import { check, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, updatedAt, id } from "#server/db/columns";

// ---- curated search-engine copy and guides (content/ files are imported once; then admins edit) ----

/** A curated title and description for an act's profile (key: the act url) or a listing page (key: its path). */
export const seoEntries = pgTable(
  "seo_entries",
  {
    id: id(),
    kind: text("kind").$type<"act" | "listing">().notNull(),
    key: text("key").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    /** A listing page's introduction, in paragraphs; empty for acts. */
    intro: jsonb("intro").$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("seo_entries_kind_key_unique").on(t.kind, t.key),
    check("seo_entries_kind_check", sql`${t.kind} in ('act', 'listing')`),
  ],
);

/** A long-form page at /guides/{slug}. */
export const guides = pgTable("guides", {
  id: id(),
  slug: text("slug").notNull().unique(),
  title: text("title").notNull(),
  description: text("description"),
  paragraphs: jsonb("paragraphs").$type<string[]>().notNull().default([]),
  sections: jsonb("sections").$type<{ heading: string; paragraphs: string[] }[]>().notNull().default([]),
  links: jsonb("links").$type<{ label: string; path: string }[]>().notNull().default([]),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The content/ files already imported: each is imported once, so an admin's delete stays deleted. */
export const contentImports = pgTable("content_imports", {
  file: text("file").primaryKey(),
  importedAt: timestamp("imported_at", { withTimezone: true }).notNull().defaultNow(),
});
