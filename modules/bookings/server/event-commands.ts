// The planner's moves on an event (modules/bookings/booking-process.ts): create, change, cancel.
import { and, eq, isNull, ne } from "drizzle-orm";
import type { CreatedWithUrl, MessageResult } from "#domain/resources/results";
import { MESSAGES } from "#domain/messages";
import { CITY_AND_STATE, unknownPlaceMessage } from "#domain/places";
import { hasOffset, wallTimeToInstant } from "#domain/time-zones";
import type { CreateEventInput } from "../schemas";
import { uniqueSlug } from "#domain/slug";
import type { Database, Executor, Transaction } from "#server/db/client";
import { bookings, events, invites } from "#modules/bookings/server/tables";
import { tags } from "#modules/acts/server/tables";
import { conflict, notFound, validationFailed } from "#server/errors";
import { takeAccountAction } from "#modules/accounts/server";
import { findPlace, nearestPlaceLabels } from "#modules/discovery/server";
import type { SessionUser } from "#domain/session-user";
import type { JobQueue } from "#server/jobs/job-queue";
import { endBookingWithEvent } from "./booking-commands";
import { runInviteMove } from "./process/run-invite-move";
import { requirePlanner } from "./require-planner";
import { inviteAct } from "./invite-commands";

/**
 * Where an event happens: a known place (its time zone is the event's), or, for a location
 * that is not written "City, ST" ("Online"), none (UTC). "City, ST" that is no known place is a 422.
 */
async function eventPlace(db: Executor, location: string) {
  const place = await findPlace(db, location);
  if (place) return place;
  if (CITY_AND_STATE.test(location))
    throw validationFailed({ location: [unknownPlaceMessage(location, await nearestPlaceLabels(db, location))] });
  return null;
}

/** An event's columns from a create or edit: the place and its time zone, the start, and what an act needs to quote. */
async function eventColumns(db: Executor, input: CreateEventInput) {
  const place = await eventPlace(db, input.location);
  if (input.event_type) {
    const [known] = await db
      .select({ id: tags.id })
      .from(tags)
      .where(and(eq(tags.type, "Event Type"), eq(tags.name, input.event_type)))
      .limit(1);
    if (!known) throw validationFailed({ event_type: [MESSAGES.unknownEventType] });
  }
  // A wall time is the event's local time; a time with an offset is an instant already.
  const starttime = hasOffset(input.starttime)
    ? new Date(input.starttime)
    : wallTimeToInstant(input.starttime, place?.timeZone ?? "UTC");
  return {
    name: input.name,
    starttime,
    location: place?.label ?? input.location,
    placeId: place?.id ?? null,
    eventType: input.event_type ?? null,
    guests: input.guests ?? null,
    budgetDollars: input.budget ?? null,
    hours: input.hours ?? null,
    venue: input.venue ?? null,
    notes: input.notes ?? null,
  };
}

/** An event is made or moved only to a time still ahead (an edit that leaves the time alone is fine). */
function requireFuture(starttime: Date, now = new Date()): void {
  if (starttime <= now) throw validationFailed({ starttime: [MESSAGES.startInFuture] });
}

export async function createEvent(
  db: Database,
  planner: SessionUser,
  input: CreateEventInput,
): Promise<CreatedWithUrl> {
  requirePlanner(planner);
  const columns = await eventColumns(db, input);
  requireFuture(columns.starttime);
  return db.transaction(async (tx: Transaction) => {
    await takeAccountAction(tx, "eventCreated", planner.id);
    const [event] = await tx
      .insert(events)
      .values({ url: uniqueSlug(input.name), plannerId: planner.id, ...columns })
      .returning();
    if (input.actUrl) await inviteAct(tx, planner, event!, input.actUrl);
    return { url: event!.url, message: `${input.name} created` };
  });
}

/** The planner changes an event not cancelled; its invited acts read the new details on their invites. */
export async function updateEvent(
  db: Database,
  planner: SessionUser,
  eventUrl: string,
  input: CreateEventInput,
): Promise<MessageResult> {
  requirePlanner(planner);
  const columns = await eventColumns(db, input);
  return db.transaction(async (tx) => {
    const [event] = await tx
      .select({
        id: events.id,
        cancelledAt: events.cancelledAt,
        starttime: events.starttime,
        location: events.location,
      })
      .from(events)
      .where(and(eq(events.url, eventUrl), eq(events.plannerId, planner.id)))
      .for("update")
      .limit(1);
    if (!event) throw notFound("No such event");
    if (event.cancelledAt) throw conflict("A cancelled event cannot be changed");
    // A booked act agreed to a day and a place: moving either is cancelling and booking again
    // (the act would not be told, and a past date would open a review of an event to come).
    // To the minute: the edit form sends the start back as a wall time without seconds.
    const minute = (at: Date) => Math.floor(at.getTime() / 60_000);
    const moves = minute(event.starttime) !== minute(columns.starttime) || event.location !== columns.location;
    if (moves) {
      const [booked] = await tx
        .select({ id: bookings.id })
        .from(bookings)
        .where(and(eq(bookings.eventId, event.id), ne(bookings.status, "cancelled")))
        .limit(1);
      if (booked) throw conflict(MESSAGES.bookedEventMoves);
    }
    // Moving an event into the past would open a review of what never happened; its other details may still change.
    if (minute(event.starttime) !== minute(columns.starttime)) requireFuture(columns.starttime);
    await tx.update(events).set(columns).where(eq(events.id, event.id));
    return { message: `${input.name} saved` };
  });
}

/**
 * The planner calls an event off: its bookings are cancelled by their policies and its waiting
 * offers are withdrawn; every act invited to it (and not declined) is told, in the app and in
 * its conversation (a booked act, of its booking's end and what comes back).
 */
export async function cancelEvent(
  db: Database,
  jobs: JobQueue,
  planner: SessionUser,
  eventUrl: string,
): Promise<MessageResult> {
  requirePlanner(planner);
  return db.transaction(async (tx) => {
    const [event] = await tx
      .select()
      .from(events)
      .where(and(eq(events.url, eventUrl), eq(events.plannerId, planner.id)))
      .for("update")
      .limit(1);
    if (!event) throw notFound("No such event");
    if (event.cancelledAt) throw conflict(`${event.name} is already cancelled`);
    // Its bookings end as the planner cancelling each would: by its policy, with the refund owed
    // (or asked of Stripe) and its act told why; the rows and their ledger stay.
    const booked = await tx
      .select({ id: bookings.id, actId: bookings.actId })
      .from(bookings)
      .where(and(eq(bookings.eventId, event.id), eq(bookings.status, "confirmed")));
    for (const booking of booked)
      await endBookingWithEvent(tx, jobs, planner, booking.id, `${event.name} is cancelled.`);
    // Every other act still invited (not declined) is told, each the invite's cancel move; an act
    // whose booking was cancelled before was told then.
    const bookedActs = new Set(
      (await tx.select({ actId: bookings.actId }).from(bookings).where(eq(bookings.eventId, event.id))).map(
        (booking) => booking.actId,
      ),
    );
    const told = await tx
      .select({ inviteId: invites.id, actId: invites.actId })
      .from(invites)
      .where(and(eq(invites.eventId, event.id), isNull(invites.declinedAt)))
      .orderBy(invites.id);
    for (const { inviteId } of told.filter((each) => !bookedActs.has(each.actId)))
      await runInviteMove(
        tx,
        jobs,
        { inviteId, move: { invite: "cancel" }, by: "planner" },
        ({ act, offers: rows }) => {
          const waiting = rows.filter((offer) => offer.status === "pending").map((offer) => offer.id);
          return {
            offers: waiting.map((id) => ({ id, set: { status: "withdrawn" as const } })),
            callOff: waiting,
            notices: [
              {
                to: act.managerId,
                kind: "event_cancelled" as const,
                facts: { actName: act.name, actUrl: act.url, eventName: event.name },
              },
            ],
            thread: { by: planner, kind: "invite" as const, line: `${planner.name} cancelled ${event.name}.` },
            result: undefined,
          };
        },
      );
    await tx.update(events).set({ cancelledAt: new Date() }).where(eq(events.id, event.id));
    return { message: `${event.name} cancelled` };
  });
}
