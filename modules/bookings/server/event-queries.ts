// What the planner reads of their events: the events page, the invitable events, the acts invited.
import { bookingStatusAt } from "../bookings";
import { type SQL, and, asc, count, eq, gt, gte, ilike, inArray, isNull, sql } from "drizzle-orm";
import type { PageQuery, Paged } from "#domain/paging";
import type { InvitableEvent, PlannerEvent, PlannerInvite } from "../answers";
import { formatEventTime } from "#domain/time-zones";
import type { Executor } from "#server/db/client";
import { containsPattern } from "#server/db/like";
import { acts } from "#modules/acts/server/tables";
import { bookings, events, invites } from "#modules/bookings/server/tables";
import { places } from "#server/db/schema";
import { reviews } from "#modules/content/server/tables";
import { eventMisfits, findVisibleAct } from "#modules/acts/server";
import type { MisfitReason, Takes } from "#modules/acts/takes";
import type { SessionUser } from "#domain/session-user";
import { requirePlanner } from "./require-planner";
import { detailsOf, offerOf, inviteState, loadOffers } from "./process-answers";

/** One of the planner's events with its place's time zone, or undefined. */
export async function plannersEvent(db: Executor, planner: SessionUser, eventUrl: string) {
  const [row] = await db
    .select({ event: events, timeZone: places.timeZone })
    .from(events)
    .leftJoin(places, eq(places.id, events.placeId))
    .where(and(eq(events.url, eventUrl), eq(events.plannerId, planner.id)))
    .limit(1);
  return row;
}

/** A page of the planner's events, soonest first, with each invite, its offers and whether it is booked. */
export async function listPlannerEvents(
  db: Executor,
  planner: SessionUser,
  paging: PageQuery,
  now = new Date(),
): Promise<Paged<PlannerEvent>> {
  requirePlanner(planner);
  const mine = eq(events.plannerId, planner.id);
  const [eventRows, [counted]] = await Promise.all([
    db
      .select({ event: events, timeZone: places.timeZone })
      .from(events)
      .leftJoin(places, eq(places.id, events.placeId))
      .where(mine)
      .orderBy(asc(events.starttime), asc(events.id))
      .limit(paging.perPage)
      .offset((paging.page - 1) * paging.perPage)
      .then((rows) => rows.map(({ event, timeZone }) => ({ ...event, timeZone }))),
    db.select({ total: count() }).from(events).where(mine),
  ]);
  const meta = { page: paging.page, perPage: paging.perPage, total: counted?.total ?? 0 };
  const eventIds = eventRows.map((event) => event.id);
  const inviteRows = eventIds.length
    ? await db
        .select({
          id: invites.id,
          eventId: invites.eventId,
          actId: invites.actId,
          actUrl: acts.url,
          actName: acts.name,
          declinedAt: invites.declinedAt,
          releasedAt: invites.releasedAt,
          misfits: invites.misfits,
        })
        .from(invites)
        .innerJoin(acts, eq(acts.id, invites.actId))
        .where(inArray(invites.eventId, eventIds))
        .orderBy(asc(invites.createdAt))
    : [];
  const offerRows = await loadOffers(
    db,
    inviteRows.map((invite) => invite.id),
  );
  const [bookingRows, reviewRows] = eventIds.length
    ? await Promise.all([
        db.select().from(bookings).where(inArray(bookings.eventId, eventIds)),
        db
          .select({ actId: reviews.actId, eventId: reviews.eventId })
          .from(reviews)
          .where(inArray(reviews.eventId, eventIds)),
      ])
    : [[], []];
  const data = eventRows.map(
    (event): PlannerEvent => ({
      url: event.url,
      name: event.name,
      location: event.location,
      starttime: event.starttime.toISOString(),
      short_starttime: formatEventTime(event.starttime, event.timeZone),
      time_zone: event.timeZone ?? "UTC",
      cancelled: event.cancelledAt !== null,
      details: detailsOf(event),
      invites: inviteRows
        .filter((invite) => invite.eventId === event.id)
        .map((invite): PlannerInvite => {
          const own = offerRows.filter((offer) => offer.inviteId === invite.id);
          const booking = bookingRows.find((each) => each.eventId === event.id && each.actId === invite.actId);
          const booked = booking !== undefined && booking.status !== "cancelled";
          const reviewed = reviewRows.some((review) => review.eventId === event.id && review.actId === invite.actId);
          return {
            id: invite.id,
            act: { url: invite.actUrl, name: invite.actName },
            fits: invite.misfits.length === 0,
            misfits: invite.misfits as MisfitReason[],
            state: inviteState(
              own,
              booked,
              invite.declinedAt !== null,
              event.cancelledAt !== null || booking?.status === "cancelled",
              invite.releasedAt !== null,
            ),
            offers: own.map((offer) => offerOf(offer)),
            booking: booking?.number ?? null,
            // The same rule as the review's own check (planner-reviews.ts): booked, over (the day
            // after the event, where it happens), not yet reviewed.
            review_due:
              booked &&
              bookingStatusAt(booking.status, event.starttime, event.timeZone, now) === "completed" &&
              !reviewed,
          };
        }),
    }),
  );
  return { data, meta };
}

/** The acts invited to any of the planner's events still to come: a result card says "Invited" for them. */
export async function invitedActUrls(db: Executor, planner: SessionUser, now = new Date()): Promise<string[]> {
  requirePlanner(planner);
  const rows = await db
    .selectDistinct({ url: acts.url })
    .from(invites)
    .innerJoin(events, eq(events.id, invites.eventId))
    .innerJoin(acts, eq(acts.id, invites.actId))
    .where(and(eq(events.plannerId, planner.id), gte(events.starttime, now)));
  return rows.map((row) => row.url).sort();
}

/**
 * The planner's events still to come, soonest first (50 at most), that also meet `more`; each
 * judged against what `act` takes, when the list is for one act.
 */
async function upcomingEvents(
  db: Executor,
  planner: SessionUser,
  more: SQL | undefined,
  now: Date,
  act?: { id: number; placeId: number | null; takes: Takes | null },
): Promise<InvitableEvent[]> {
  const rows = await db
    .select({
      id: events.id,
      url: events.url,
      name: events.name,
      starttime: events.starttime,
      timeZone: places.timeZone,
    })
    .from(events)
    .leftJoin(places, eq(places.id, events.placeId))
    .where(and(eq(events.plannerId, planner.id), gt(events.starttime, now), isNull(events.cancelledAt), more))
    .orderBy(asc(events.starttime))
    .limit(50);
  const misfits = await Promise.all(rows.map((row) => (act ? eventMisfits(db, act, row.id) : [])));
  return rows.map(
    (row, index): InvitableEvent => ({
      url: row.url,
      name: row.name,
      short_starttime: formatEventTime(row.starttime, row.timeZone),
      fits: !misfits[index]?.length,
      misfits: misfits[index] ?? [],
    }),
  );
}

/** Upcoming events of the planner whose name contains the terms, without those the act is already invited to. */
export async function eventsToInvite(
  db: Executor,
  planner: SessionUser,
  actUrl: string,
  searchTerms: string,
  now = new Date(),
): Promise<InvitableEvent[]> {
  requirePlanner(planner);
  const act = await findVisibleAct(db, actUrl, planner);
  return upcomingEvents(
    db,
    planner,
    and(
      searchTerms ? ilike(events.name, containsPattern(searchTerms)) : undefined,
      sql`not exists (select 1 from ${invites} where ${invites.eventId} = ${events.id} and ${invites.actId} = ${act.id})`,
    ),
    now,
    act,
  );
}

/** The planner's upcoming events, for a quote request to choose from. */
export async function plannerUpcomingEvents(
  db: Executor,
  planner: SessionUser,
  now = new Date(),
): Promise<InvitableEvent[]> {
  requirePlanner(planner);
  return upcomingEvents(db, planner, undefined, now);
}
