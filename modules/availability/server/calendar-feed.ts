import { and, eq, isNull, sql } from "drizzle-orm";
import ICAL from "ical.js";
import { tzlib_get_ical_block } from "timezones-ical-library";
import { EVENT_HOURS_UNSAID } from "../availability";
import { addDays } from "#domain/calendar-days";
import { instantToWallTime } from "#domain/time-zones";
import type { Executor } from "#server/db/client";
import { FEED_TOKEN_DEFAULT, actCalendarFeeds } from "#modules/availability/server/tables";
import { acts } from "#modules/acts/server/tables";
import { events } from "#modules/bookings/server/tables";
import { places } from "#server/db/schema";
import { notFound } from "#server/errors";
import { requireManagedAct } from "#modules/acts/server";
import type { SessionUser } from "#domain/session-user";
import { rowsOf } from "#server/db/rows-of";

/** The address of an act's own feed. */
const feedPath = (token: string) => `/calendar/${token}.ics`;

/** GET /api/availability/feed/{actUrl}: the act's private feed address (its secret is made with the act). */
export async function actFeedAddress(
  db: Executor,
  viewer: SessionUser,
  actUrl: string,
  publicUrl: string,
): Promise<{ url: string }> {
  const act = await requireManagedAct(db, viewer, actUrl);
  const [feed] = await db
    .select({ token: actCalendarFeeds.token })
    .from(actCalendarFeeds)
    .where(eq(actCalendarFeeds.actId, act.id))
    .limit(1);
  if (feed) return { url: `${publicUrl}${feedPath(feed.token)}` };
  // Every act gets its secret when it is made; one loaded without (a bulk load) gets it now, so
  // its calendar page never fails for want of it.
  const [made] = await db
    .insert(actCalendarFeeds)
    .values({ actId: act.id })
    .onConflictDoNothing()
    .returning({ token: actCalendarFeeds.token });
  if (made) return { url: `${publicUrl}${feedPath(made.token)}` };
  const [other] = await db
    .select({ token: actCalendarFeeds.token })
    .from(actCalendarFeeds)
    .where(eq(actCalendarFeeds.actId, act.id))
    .limit(1);
  return { url: `${publicUrl}${feedPath(other!.token)}` };
}

/** POST /api/availability/feed/rotate/{actUrl}: a new address; the old one answers 404 from now on. */
export async function rotateActFeed(
  db: Executor,
  viewer: SessionUser,
  actUrl: string,
  publicUrl: string,
): Promise<{ url: string; message: string }> {
  const act = await requireManagedAct(db, viewer, actUrl);
  const [feed] = await db
    .insert(actCalendarFeeds)
    .values({ actId: act.id })
    .onConflictDoUpdate({ target: actCalendarFeeds.actId, set: { token: FEED_TOKEN_DEFAULT, createdAt: sql`now()` } })
    .returning({ token: actCalendarFeeds.token });
  if (!feed) throw new Error("the feed was not written");
  return { url: `${publicUrl}${feedPath(feed.token)}`, message: "A new address is ready; the old one no longer works" };
}

/**
 * Text as RFC 5545 lets a TEXT value hold it: ical.js escapes LF, commas, semicolons and
 * backslashes, but leaves a CR as it is, which readers take for a line break (a name with CR LF
 * then writes its own `UID:` line). Every line break is one LF, and other control characters go.
 */
function icsText(value: string): string {
  return value.replace(/\r\n?/g, "\n").replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, "");
}

/** A TEXT property of ours, set through icsText; typed TEXT even when ical.js does not know it (`X-WR-CALNAME`). */
function textProperty(component: ICAL.Component, name: string, value: string): void {
  const property = new ICAL.Property(name, component);
  property.resetType("text");
  property.setValue(icsText(value));
  component.removeAllProperties(name);
  component.addProperty(property);
}

/** A calendar of ours: its header, and a VTIMEZONE for each zone its times name (RFC 5545 3.6.5). */
function calendar(name: string, zones: Set<string>): ICAL.Component {
  const root = new ICAL.Component(["vcalendar", [], []]);
  root.updatePropertyWithValue("prodid", "-//EVA//Bookings and blocked days//EN");
  root.updatePropertyWithValue("version", "2.0");
  root.updatePropertyWithValue("calscale", "GREGORIAN");
  root.updatePropertyWithValue("method", "PUBLISH");
  textProperty(root, "x-wr-calname", name);
  for (const zone of zones) {
    const [block] = tzlib_get_ical_block(zone);
    if (block) root.addSubcomponent(new ICAL.Component(ICAL.parse(block) as unknown[]));
  }
  return root;
}

/** A date-time in the zone it is named by (UTC when none), as ical.js writes it. */
function timeProperty(event: ICAL.Component, name: string, instant: Date, zone: string | null) {
  if (!zone) {
    event.updatePropertyWithValue(name, ICAL.Time.fromJSDate(instant, true));
    return;
  }
  const property = event.updatePropertyWithValue(
    name,
    ICAL.Time.fromDateTimeString(`${instantToWallTime(instant, zone)}:00`),
  );
  property.setParameter("tzid", zone);
}

function dayProperty(event: ICAL.Component, name: string, day: string) {
  event.updatePropertyWithValue(name, ICAL.Time.fromDateString(day));
}

interface BookingRow {
  id: number;
  name: string;
  location: string;
  venue: string | null;
  starttime: string | Date;
  hours: number | null;
  zone: string | null;
  planner: string;
  stamp: string | Date;
}

/** One booked event: its name, where, when (with its time zone), and who planned it. */
function bookingEvent(row: BookingRow, uid: string): ICAL.Component {
  const event = new ICAL.Component("vevent");
  const start = new Date(row.starttime);
  event.updatePropertyWithValue("uid", uid);
  event.updatePropertyWithValue("dtstamp", ICAL.Time.fromJSDate(new Date(row.stamp), true));
  textProperty(event, "summary", row.name);
  textProperty(event, "location", row.venue ? `${row.venue}, ${row.location}` : row.location);
  timeProperty(event, "dtstart", start, row.zone);
  timeProperty(event, "dtend", new Date(start.getTime() + (row.hours ?? EVENT_HOURS_UNSAID) * 3_600_000), row.zone);
  textProperty(event, "description", `Planner: ${row.planner}`);
  return event;
}

/** GET /calendar/{token}.ics: the act's bookings and blocked days, or null for an unknown (or replaced) address. */
export async function actFeed(db: Executor, token: string, host: string): Promise<string | null> {
  const [act] = await db
    .select({ id: acts.id, name: acts.name })
    .from(actCalendarFeeds)
    .innerJoin(acts, eq(acts.id, actCalendarFeeds.actId))
    .where(eq(actCalendarFeeds.token, token))
    .limit(1);
  if (!act) return null;
  const [bookings, blocks] = await Promise.all([
    rowsOf<BookingRow>(
      db.execute(sql`select b.id, e.name, e.location, e.venue, e.starttime, e.hours, ep.time_zone as zone, u.name as planner, b.created_at as stamp
        from bookings b join events e on e.id = b.event_id left join places ep on ep.id = e.place_id join users u on u.id = e.planner_id
        where b.act_id = ${act.id} and b.status <> 'cancelled' and e.cancelled_at is null order by e.starttime`),
    ),
    rowsOf<{ id: number; starts_on: string; ends_on: string; note: string | null; stamp: string | Date }>(
      db.execute(sql`select k.id, to_char(k.starts_on, 'YYYY-MM-DD') as starts_on, to_char(k.ends_on, 'YYYY-MM-DD') as ends_on, k.note, k.created_at as stamp
        from act_blocks k where k.act_id = ${act.id} order by k.starts_on`),
    ),
  ]);
  const root = calendar(
    `${act.name}: bookings and blocked days`,
    new Set(bookings.flatMap((row) => (row.zone ? [row.zone] : []))),
  );
  for (const row of bookings) root.addSubcomponent(bookingEvent(row, `booking-${row.id}@${host}`));
  for (const block of blocks) {
    const event = new ICAL.Component("vevent");
    event.updatePropertyWithValue("uid", `blocked-${block.id}@${host}`);
    event.updatePropertyWithValue("dtstamp", ICAL.Time.fromJSDate(new Date(block.stamp), true));
    textProperty(event, "summary", block.note ? `Blocked: ${block.note}` : "Blocked");
    dayProperty(event, "dtstart", block.starts_on);
    // An all-day event ends on the day after its last (exclusive).
    dayProperty(event, "dtend", addDays(block.ends_on, 1));
    event.updatePropertyWithValue("transp", "OPAQUE");
    root.addSubcomponent(event);
  }
  return root.toString();
}

/** GET /calendar/events/{eventUrl}.ics: one of the planner's events, with the acts booked for it. */
export async function plannerEventIcs(
  db: Executor,
  planner: SessionUser,
  eventUrl: string,
  host: string,
): Promise<{ name: string; ics: string }> {
  const [event] = await db
    .select({
      id: events.id,
      url: events.url,
      name: events.name,
      location: events.location,
      venue: events.venue,
      starttime: events.starttime,
      hours: events.hours,
      zone: places.timeZone,
      stamp: events.createdAt,
      notes: events.notes,
    })
    .from(events)
    .leftJoin(places, eq(places.id, events.placeId))
    .where(and(eq(events.url, eventUrl), eq(events.plannerId, planner.id), isNull(events.cancelledAt)))
    .limit(1);
  if (!event) throw notFound("No such event");
  const booked = await rowsOf<{ name: string }>(
    db.execute(
      sql`select a.name from bookings b join acts a on a.id = b.act_id where b.event_id = ${event.id} and b.status <> 'cancelled' order by a.name`,
    ),
  );
  const root = calendar(event.name, new Set(event.zone ? [event.zone] : []));
  const vevent = bookingEvent({ ...event, planner: planner.name }, `event-${event.id}@${host}`);
  const lines = [
    booked.length ? `Booked: ${booked.map((row) => row.name).join(", ")}` : "No act booked yet",
    ...(event.notes ? [event.notes] : []),
  ];
  textProperty(vevent, "description", lines.join("\n"));
  root.addSubcomponent(vevent);
  return { name: event.url, ics: root.toString() };
}
