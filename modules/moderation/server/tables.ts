// Moderation's tables: what this module stores. The platform's database gets them at start (start/schema.ts, and
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
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, id } from "#server/db/columns";
import { TAG_REQUEST_STATUSES } from "#domain/tags";
import { users } from "#modules/accounts/server/tables";
import { tags, acts } from "#modules/acts/server/tables";

export const tagUpdateRequests = pgTable(
  "tag_update_requests",
  {
    id: id(),
    actId: integer("act_id")
      .notNull()
      .references(() => acts.id, { onDelete: "cascade" }),
    requestedBy: text("requested_by").references(() => users.id, { onDelete: "set null" }),
    musical: boolean("musical").notNull(),
    status: text("status", { enum: TAG_REQUEST_STATUSES }).notNull().default("pending"),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // One pending request per act, enforced by the database even under races.
    uniqueIndex("tag_update_requests_one_pending").on(t.actId).where(sql`${t.status} = 'pending'`),
    check("tag_update_requests_status_check", sql`${t.status} in ('pending', 'accepted', 'declined', 'canceled')`),
  ],
);

export const tagUpdateRequestTags = pgTable(
  "tag_update_request_tags",
  {
    requestId: integer("request_id")
      .notNull()
      .references(() => tagUpdateRequests.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
    relation: text("relation").notNull(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.relation, t.tagId] })],
);

// ---- moderation history ----

/** Every moderation action: who, what, when, and the values before and after. */
export const moderationEvents = pgTable(
  "moderation_events",
  {
    id: id(),
    actId: integer("act_id")
      .notNull()
      .references(() => acts.id, { onDelete: "cascade" }),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    before: jsonb("before").$type<Record<string, unknown>>().notNull().default({}),
    after: jsonb("after").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index("moderation_events_act_idx").on(t.actId, t.createdAt)],
);
