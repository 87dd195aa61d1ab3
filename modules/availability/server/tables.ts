// Availability's tables: what this module stores. The platform's database gets them at start (start/schema.ts, and
// drizzle.config.ts for migrations); other modules' queries read them through this entry.
import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id } from "#server/db/columns";
import { acts } from "#modules/acts/server/tables";

// ---- availability (issue 31) ----

/** Days an act's manager (or an admin) blocked: a range of whole days in the act's own calendar. */
export const actBlocks = pgTable(
  "act_blocks",
  {
    id: id(),
    actId: integer("act_id")
      .notNull()
      .references(() => acts.id, { onDelete: "cascade" }),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    endsOn: date("ends_on", { mode: "string" }).notNull(),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [
    index("act_blocks_act_idx").on(t.actId, t.startsOn),
    // The blocks covering a day (a search's date): a range's index finds them directly, where one
    // on (starts_on, ends_on) read every block starting in the year before (a seq scan at 1M acts).
    index("act_blocks_days_idx").using("gist", sql`daterange(${t.startsOn}, ${t.endsOn}, '[]')`),
    check("act_blocks_order", sql`${t.startsOn} <= ${t.endsOn}`),
  ],
);

/** An iCalendar feed an act subscribed to (the manager's Google, iCloud or Outlook calendar), read again and again. */
export const calendarSubscriptions = pgTable(
  "calendar_subscriptions",
  {
    id: id(),
    actId: integer("act_id")
      .notNull()
      .references(() => acts.id, { onDelete: "cascade" }),
    /** As the manager gave it (webcal:// included). */
    url: text("url").notNull(),
    /** When it was last read successfully: its busy days are from then. */
    lastReadAt: timestamp("last_read_at", { withTimezone: true }),
    /** Why the last read failed, when it did. */
    error: text("error"),
    lastTriedAt: timestamp("last_tried_at", { withTimezone: true }),
    /** When a server should read it next; a server claims it by moving this forward. */
    nextReadAt: timestamp("next_read_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("calendar_subscriptions_act_url_unique").on(t.actId, t.url),
    index("calendar_subscriptions_due_idx").on(t.nextReadAt),
  ],
);

/** The days a subscription's events cover, in the act's time zone: replaced whole by each good read. */
export const calendarBusyDays = pgTable(
  "calendar_busy_days",
  {
    subscriptionId: integer("subscription_id")
      .notNull()
      .references(() => calendarSubscriptions.id, { onDelete: "cascade" }),
    actId: integer("act_id")
      .notNull()
      .references(() => acts.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    /** The first event's summary that day, for the manager's eyes only. */
    summary: text("summary"),
  },
  (t) => [
    primaryKey({ columns: [t.subscriptionId, t.day] }),
    index("calendar_busy_days_act_idx").on(t.actId, t.day),
    index("calendar_busy_days_day_idx").on(t.day, t.actId),
  ],
);

/**
 * The secret of an act's own calendar feed (/calendar/{token}.ics): made with the act (a
 * trigger on acts), 244 random bits from two v4 UUIDs; replacing it ends the old address.
 */
export const FEED_TOKEN_DEFAULT = sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`;

export const actCalendarFeeds = pgTable("act_calendar_feeds", {
  actId: integer("act_id")
    .primaryKey()
    .references(() => acts.id, { onDelete: "cascade" }),
  token: text("token").notNull().unique().default(FEED_TOKEN_DEFAULT),
  createdAt: createdAt(),
});
