// Notifications' tables: what this module stores. The platform's database gets them at start (start/schema.ts, and
// drizzle.config.ts for migrations); other modules' queries read them through this entry.
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, id } from "#server/db/columns";
import { NOTIFICATION_KINDS } from "../notifications";
import { users } from "#modules/accounts/server/tables";

/** What happened that a user should know of: the in-app list, newest first. */
export const notifications = pgTable(
  "notifications",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    title: text("title").notNull(),
    body: text("body").notNull(),
    link: text("link").notNull(),
    createdAt: createdAt(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [
    index("notifications_user_idx").on(t.userId, t.createdAt),
    // Every signed-in page's header counts the unread ones.
    index("notifications_unread_idx").on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

/**
 * Mail to send, written in the transaction of the change that caused it and sent by the
 * outbox worker (server/mail/outbox.ts): a row is claimed with FOR UPDATE SKIP LOCKED, so
 * with several servers each is sent once; a failed send is retried later, never dropped.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: id(),
    notificationId: integer("notification_id").references(() => notifications.id, { onDelete: "set null" }),
    recipient: text("recipient").notNull(),
    /** A notification's mail is made from it when sent; other mail (a password reset) is written here. */
    subject: text("subject"),
    text: text("text"),
    html: text("html"),
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** While a worker sends it; a worker that died lets it go when this passes. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("mail_outbox_due_idx").on(t.nextAttemptAt).where(sql`${t.sentAt} is null`)],
);

/** The kinds of email a user turned off (the in-app list keeps them all). */
export const notificationOptOuts = pgTable(
  "notification_opt_outs",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
