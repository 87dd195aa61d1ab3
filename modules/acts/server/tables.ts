// Acts' tables: what this module stores. The platform's database gets them at start (start/schema.ts, and
// drizzle.config.ts for migrations); other modules' queries read them through this entry.
import type { Travel } from "../travel";
import type { Takes } from "../takes";
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, updatedAt, id } from "#server/db/columns";
import { users } from "#modules/accounts/server/tables";
import { places } from "#server/db/schema";

// ---- tags ----

export const tags = pgTable(
  "tags",
  {
    id: id(),
    name: text("name").notNull(),
    type: text("type").notNull(),
  },
  (t) => [
    uniqueIndex("tags_type_name_unique").on(t.type, t.name),
    check(
      "tags_type_check",
      sql`${t.type} in ('Genre', 'Song Type', 'Band Setup', 'Event Type', 'Variety Type', 'Speaker Type')`,
    ),
  ],
);

// ---- acts ----

export interface ActSocial {
  facebook?: string | null;
  twitter?: string | null;
  instagram?: string | null;
  spotify?: string | null;
  web?: string | null;
  tiktok?: string | null;
  mixcloud?: string | null;
  linkedin?: string | null;
}

export const acts = pgTable(
  "acts",
  {
    id: id(),
    url: text("url").notNull().unique(),
    name: text("name").notNull(),
    avatar: text("avatar"),
    headline: text("headline"),
    description: text("description"),
    location: text("location"),
    placeId: integer("place_id").references(() => places.id),
    compareTo: text("compare_to"),
    active: boolean("active").notNull().default(false),
    declined: boolean("declined").notNull().default(false),
    applicationComplete: boolean("application_complete").notNull().default(false),
    musical: boolean("musical").notNull().default(true),
    internalUseOnly: boolean("internal_use_only").notNull().default(false),
    isFeatured: boolean("is_featured").notNull().default(false),
    nationallyRecognized: boolean("nationally_recognized").notNull().default(false),
    managerId: text("manager_id").references(() => users.id, { onDelete: "set null" }),
    social: jsonb("social").$type<ActSocial>().notNull().default({}),
    additionalInfo: text("additional_info"),
    hasPerformedCorporateEvent: boolean("has_performed_corporate_event").notNull().default(false),
    corporateEventExperience: text("corporate_event_experience"),
    /** Facts the artist chose from fixed lists, by key (modules/acts/act-facts.ts): `{"languages": ["Spanish"]}`. */
    facts: jsonb("facts").$type<Record<string, string[]>>().notNull().default({}),
    declineReason: text("decline_reason"),
    /** The act's Stripe Connect Express account (card payments), and whether Stripe lets it take them. */
    stripeAccountId: text("stripe_account_id").unique(),
    cardPayments: boolean("card_payments").notNull().default(false),
    /** How a planner pays the act directly (offline bookings): whom to pay and how, in the act's words. */
    paymentInstructions: text("payment_instructions"),
    /** What the act charges to travel (modules/acts/travel.ts); null when it prices no travel. */
    travel: jsonb("travel").$type<Travel>(),
    /** What the act takes (modules/acts/takes.ts): leads outside are delivered marked; null when it has not said. */
    takes: jsonb("takes").$type<Takes>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("acts_manager_idx").on(t.managerId),
    index("acts_active_idx").on(t.active),
    index("acts_place_idx").on(t.placeId),
    index("acts_public_idx").on(t.isFeatured, t.createdAt).where(sql`${t.active} and not ${t.internalUseOnly}`),
    // The drafts queue, oldest first: pending and declined acts are found by acts_active_idx.
    index("acts_drafts_idx").on(t.createdAt, t.id).where(sql`not ${t.applicationComplete}`),
    check("acts_facts_object", sql`jsonb_typeof(${t.facts}) = 'object'`),
  ],
);

export const actLocations = pgTable(
  "act_locations",
  {
    id: id(),
    actId: integer("act_id")
      .notNull()
      .references(() => acts.id, { onDelete: "cascade" }),
    location: text("location").notNull(),
    placeId: integer("place_id").references(() => places.id),
    rank: integer("rank").notNull(),
  },
  (t) => [index("act_locations_act_idx").on(t.actId, t.rank), index("act_locations_place_idx").on(t.placeId)],
);

export const actTags = pgTable(
  "act_tags",
  {
    actId: integer("act_id")
      .notNull()
      .references(() => acts.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
    relation: text("relation").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.actId, t.relation, t.tagId] }),
    check(
      "act_tags_relation_check",
      sql`${t.relation} in ('genres', 'songTypes', 'bandSetups', 'eventTypes', 'varietyTypes', 'speakerTypes', 'styles', 'occasions')`,
    ),
  ],
);
