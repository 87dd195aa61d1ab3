// Conversations' tables: what this module stores. The platform's database gets them at start (start/schema.ts, and
// drizzle.config.ts for migrations); other modules' queries read them through this entry.
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, timestamp, unique } from "drizzle-orm/pg-core";
import { createdAt, id } from "#server/db/columns";
import { MESSAGE_KINDS } from "../conversations";
import { users } from "#modules/accounts/server/tables";
import { acts } from "#modules/acts/server/tables";
import { events } from "#modules/bookings/server/tables";

/**
 * One planner and one act talking, about one of the planner's events or about none yet: at
 * most one per planner, act and event (no event counts as one value). Read by the planner, the
 * act's manager and admins; written by the first two (modules/conversations/server/conversations.ts).
 */
export const conversations = pgTable(
  "conversations",
  {
    id: id(),
    plannerId: text("planner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    actId: integer("act_id")
      .notNull()
      .references(() => acts.id, { onDelete: "cascade" }),
    eventId: integer("event_id").references(() => events.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    /** The newest message's time: lists show the latest activity first. */
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("conversations_planner_act_event_unique").on(t.plannerId, t.actId, t.eventId).nullsNotDistinct(),
    index("conversations_planner_idx").on(t.plannerId, t.lastMessageAt),
    index("conversations_act_idx").on(t.actId, t.lastMessageAt),
  ],
);

/**
 * What was said in a conversation, oldest first by id: people's words (`text`), and the
 * invite, offers and booking of its event and act as they happen, written by whoever caused them.
 */
export const messages = pgTable(
  "messages",
  {
    id: id(),
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    kind: text("kind", { enum: MESSAGE_KINDS }).notNull().default("text"),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("messages_conversation_idx").on(t.conversationId, t.id),
    check("messages_kind_check", sql`${t.kind} in ('text', 'invite', 'offer', 'booking')`),
  ],
);

/** How far each reader has read a conversation: the last message id they were shown. */
export const conversationReads = pgTable(
  "conversation_reads",
  {
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lastReadId: integer("last_read_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] })],
);
