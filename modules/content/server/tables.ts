// Content's tables: what this module stores. The platform's database gets them at start (start/schema.ts, and
// drizzle.config.ts for migrations); other modules' queries read them through this entry.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, id } from "#server/db/columns";
import { REVIEW_SOURCES } from "#domain/ratings";
import type { StoredInstant } from "../instant";
import { users } from "#modules/accounts/server/tables";
import { tags, acts } from "#modules/acts/server/tables";
import { events } from "#modules/bookings/server/tables";

export const testimonials = pgTable(
  "testimonials",
  {
    id: id(),
    actId: integer("act_id")
      .notNull()
      .references(() => acts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    organization: text("organization"),
    orgPosition: text("org_position"),
    content: text("content").notNull(),
    rank: integer("rank").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("testimonials_act_idx").on(t.actId, t.rank), check("testimonials_rank_check", sql`${t.rank} >= 1`)],
);

export const packages = pgTable(
  "packages",
  {
    id: id(),
    actId: integer("act_id")
      .notNull()
      .references(() => acts.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull(),
    rank: integer("rank").notNull(),
    /** US cents; the act's "from" price is the lowest of its live offerings'. */
    priceFromCents: integer("price_from_cents"),
    priceToCents: integer("price_to_cents"),
    /** Bookable at once on these terms, signed by who set them (modules/content/instant.ts); null: by quote only. */
    instant: jsonb("instant").$type<StoredInstant>(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("packages_act_idx").on(t.actId, t.rank),
    // Search's "Book instantly" filter asks, act by act, whether one of its live offerings is instant.
    index("packages_instant_idx").on(t.actId).where(sql`${t.instant} is not null and ${t.deletedAt} is null`),
    check("packages_rank_check", sql`${t.rank} >= 1`),
    check(
      "packages_price_check",
      sql`(${t.priceFromCents} is null or ${t.priceFromCents} between 0 and 100000000) and (${t.priceToCents} is null or (${t.priceFromCents} is not null and ${t.priceToCents} between ${t.priceFromCents} and 100000000))`,
    ),
  ],
);

export const packageEventTypes = pgTable(
  "package_event_types",
  {
    packageId: integer("package_id")
      .notNull()
      .references(() => packages.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.tagId] })],
);

export const reviews = pgTable(
  "reviews",
  {
    id: id(),
    actId: integer("act_id")
      .notNull()
      .references(() => acts.id, { onDelete: "cascade" }),
    eventId: integer("event_id").references(() => events.id, { onDelete: "set null" }),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    rating: smallint("rating").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    reviewerName: text("reviewer_name"),
    allowReviewerName: boolean("allow_reviewer_name").notNull().default(true),
    /** How it came to be: a planner's review of a booking, or one an admin added (the default, for imported ones too). */
    source: text("source", { enum: REVIEW_SOURCES }).notNull().default("admin"),
    /** The act's one public answer (its artist's), and when it was written. */
    replyBody: text("reply_body"),
    replyCreatedAt: timestamp("reply_created_at", { withTimezone: true }),
    /** When its artist last changed the answer: allowed for a day after posting (domain/ratings.ts). */
    replyEditedAt: timestamp("reply_edited_at", { withTimezone: true }),
    /** An admin's review: why it was added, shown with its "Added by" label. */
    sourceNote: text("source_note"),
    createdAt: createdAt(),
  },
  (t) => [
    check("reviews_source_check", sql`${t.source} in ('booking', 'admin')`),
    index("reviews_act_idx").on(t.actId, t.createdAt),
    // A planner reviews an act once per event.
    uniqueIndex("reviews_act_event_unique").on(t.actId, t.eventId).where(sql`${t.eventId} is not null`),
    check("reviews_rating_check", sql`${t.rating} between 1 and 5`),
  ],
);
