// What an act's insights count that no other table holds (issue 66): who saw its profile, and how
// often it was on a page of results. Leads, offers, bookings and earnings are read from the
// booking tables themselves.
import { date, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { acts } from "#modules/acts/server/tables";

/**
 * One row per visitor per act per day: a view counted once however often the page is asked, on
 * however many servers (each inserts what it saw, and a second insert of the same row is nothing).
 */
export const actViews = pgTable(
  "act_views",
  {
    actId: integer("act_id")
      .notNull()
      .references(() => acts.id, { onDelete: "cascade" }),
    /** The day in UTC. */
    day: date("day", { mode: "string" }).notNull(),
    /** A signed-in planner's id, or a digest of a guest's address and browser: never the address itself. */
    visitor: text("visitor").notNull(),
  },
  (t) => [primaryKey({ columns: [t.actId, t.day, t.visitor] })],
);

/** How many times a day the act was on a page of results someone was shown, added to in batches. */
export const actAppearances = pgTable(
  "act_appearances",
  {
    actId: integer("act_id")
      .notNull()
      .references(() => acts.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    appearances: integer("appearances").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.actId, t.day] })],
);
