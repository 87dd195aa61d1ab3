import { type SQL, and, asc, count, desc, eq, gt, gte, ilike, inArray, isNull, sql } from "drizzle-orm";
import type { PageQuery, Paged } from "#domain/paging";
import type { EventDetailsAnswer, InvitableEvent, Invite, Offer, PlannerEvent, PlannerInvite, QuoteRequestResult } from "../answers";
import type { BookingMade, CreatedWithUrl, MessageResult, OfferSent } from "#domain/resources/results";
import { type InviteState, dayIn, defaultOfferExpiry, offerExpiryRange, offerStatusAt } from "../events";
import { MESSAGES } from "#domain/messages";
import { formatPrice } from "#domain/prices";
import { CITY_AND_STATE, unknownPlaceMessage } from "#domain/places";
import { formatEventTime, hasOffset, wallTimeToInstant } from "#domain/time-zones";
import { canInviteToEvent, canManageAct } from "#domain/permissions";
import type { AcceptOfferInput, CreateEventInput, InviteActsInput, OfferInput } from "../schemas";
import { uniqueSlug } from "#domain/slug";
import type { Database, Executor, Transaction } from "#server/db/client";
import { isUniqueViolation } from "#server/db/errors";
import { containsPattern } from "#server/db/like";
import { acts, bookings, events, invites, offers, places, reviews, tags, users } from "#server/db/schema";
import { conflict, forbidden, notFound, validationFailed } from "#server/errors";
import { takeAccountAction } from "#server/services/account-limits";
import { notify } from "#server/services/notifications";
import { recordInEventConversation } from "#server/services/conversations";
import { dayStatus, isFreeOn } from "#server/services/availability";
import { formatShortCalendarDate } from "#domain/calendar-days";
import { AVAILABILITY_MESSAGES } from "#domain/availability";
import { findPlace, nearestPlaceLabels } from "#server/services/places";
import { actAccess, findVisibleAct } from "#server/services/act-visibility";
import type { SessionUser } from "#server/services/viewer";
import type { JobQueue } from "#server/jobs/job-queue";
import { OFFER_MOVES, canMove } from "../booking-process";
import { cancelOfferJobs, scheduleOfferJobs } from "./offer-times";
import { releaseOtherInvites, tellBothSides, unusedBookingNumber } from "./book-act";
import { cancelBookingJobs, scheduleBookingJobs } from "./booking-times";
import { schedulePayments } from "./payments";
import { lockedOffer } from "./locked-offer";

function requirePlanner(viewer: SessionUser) {
  if (viewer.role !== "PLANNER") throw forbidden("Only planners have events");
}

async function inviteAct(tx: Executor, planner: SessionUser, event: { id: number; name: string }, actUrl: string, requestMessage: string | null = null) {
  const act = await findVisibleAct(tx, actUrl, planner);
  if (!canInviteToEvent(planner, actAccess(act))) throw forbidden("This act cannot be invited");
  // Booked, blocked or busy that day: the same rule as search's date (issue 31).
  const day = await eventDay(tx, event.id);
  if (!(await isFreeOn(tx, act.id, day))) throw conflict(AVAILABILITY_MESSAGES.notAvailableOn(day));
  await takeAccountAction(tx, "actInvited", planner.id);
  try {
    await tx.insert(invites).values({ eventId: event.id, actId: act.id, requestMessage });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`${act.name} is already invited to this event`);
    throw error;
  }
  await notify(tx, act.managerId, "act_invited", { actName: act.name, actUrl: act.url, eventName: event.name });
  await recordInEventConversation(tx, planner, { plannerId: planner.id, actId: act.id, eventId: event.id }, "invite", `${planner.name} invited ${act.name} to ${event.name}.`);
  return act;
}

/** The day an event starts where it happens (YYYY-MM-DD; UTC without a place). */
async function eventDay(tx: Executor, eventId: number): Promise<string> {
  const [row] = await tx
    .select({ day: sql<string>`to_char(${events.starttime} at time zone coalesce(${places.timeZone}, 'UTC'), 'YYYY-MM-DD')` })
    .from(events)
    .leftJoin(places, eq(places.id, events.placeId))
    .where(eq(events.id, eventId))
    .limit(1);
  if (!row) throw notFound("No such event");
  return row.day;
}

/**
 * Where an event happens: a known place (its time zone is the event's), or, for a location
 * that is not written "City, ST" ("Online"), none (UTC). "City, ST" that is no known place is a 422.
 */
async function eventPlace(db: Executor, location: string) {
  const place = await findPlace(db, location);
  if (place) return place;
  if (CITY_AND_STATE.test(location)) throw validationFailed({ location: [unknownPlaceMessage(location, await nearestPlaceLabels(db, location))] });
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
  const starttime = hasOffset(input.starttime) ? new Date(input.starttime) : wallTimeToInstant(input.starttime, place?.timeZone ?? "UTC");
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

/** What an act needs to quote, as the API answers it. */
function detailsOf(event: Pick<typeof events.$inferSelect, "eventType" | "guests" | "budgetDollars" | "hours" | "venue" | "notes">): EventDetailsAnswer {
  return { event_type: event.eventType, guests: event.guests, budget: event.budgetDollars, hours: event.hours, venue: event.venue, notes: event.notes };
}

export async function createEvent(db: Database, planner: SessionUser, input: CreateEventInput): Promise<CreatedWithUrl> {
  requirePlanner(planner);
  const columns = await eventColumns(db, input);
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

/** The planner changes an event not cancelled; its invited acts read the new details on their invites. */
export async function updateEvent(db: Database, planner: SessionUser, eventUrl: string, input: CreateEventInput): Promise<MessageResult> {
  requirePlanner(planner);
  const columns = await eventColumns(db, input);
  return db.transaction(async (tx) => {
    const [event] = await tx
      .select({ id: events.id, cancelledAt: events.cancelledAt, starttime: events.starttime, location: events.location })
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
      const [booked] = await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.eventId, event.id)).limit(1);
      if (booked) throw conflict(MESSAGES.bookedEventMoves);
    }
    await tx.update(events).set(columns).where(eq(events.id, event.id));
    return { message: `${input.name} saved` };
  });
}

/** An offer as the API answers it: its stored status (`expired` is written by its job at the end of its last day). */
function offerOf(offer: typeof offers.$inferSelect): Offer {
  return {
    id: offer.id,
    price_cents: offer.priceCents,
    message: offer.message,
    status: offer.status,
    date_time_posted: offer.dateTimePosted.toISOString(),
    deposit_cents: offer.depositCents,
    expires_on: offer.expiresOn,
    terms: offer.terms,
  };
}

function inviteState(offerRows: { status: string }[], booked: boolean, declined = false, cancelled = false, released = false): InviteState {
  if (cancelled) return "cancelled";
  if (booked) return "booked";
  if (declined) return "declined";
  if (released) return "released";
  return offerRows.length ? "offered" : "invited";
}

async function loadOffers(db: Executor, inviteIds: number[]) {
  if (!inviteIds.length) return [];
  return db.select().from(offers).where(inArray(offers.inviteId, inviteIds)).orderBy(desc(offers.dateTimePosted));
}

/** A page of the planner's events, soonest first, with each invite, its offers and whether it is booked. */
export async function listPlannerEvents(db: Executor, planner: SessionUser, paging: PageQuery, now = new Date()): Promise<Paged<PlannerEvent>> {
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
        .select({ id: invites.id, eventId: invites.eventId, actId: invites.actId, actUrl: acts.url, actName: acts.name, declinedAt: invites.declinedAt, releasedAt: invites.releasedAt })
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
        db.select({ actId: reviews.actId, eventId: reviews.eventId }).from(reviews).where(inArray(reviews.eventId, eventIds)),
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
          const booked = bookingRows.some((booking) => booking.eventId === event.id && booking.actId === invite.actId);
          const reviewed = reviewRows.some((review) => review.eventId === event.id && review.actId === invite.actId);
          return {
            id: invite.id,
            act: { url: invite.actUrl, name: invite.actName },
            state: inviteState(own, booked, invite.declinedAt !== null, event.cancelledAt !== null, invite.releasedAt !== null),
            offers: own.map((offer) => offerOf(offer)),
            // The same rule as the review's own check (planner-reviews.ts): booked, started, not yet reviewed.
            review_due: booked && event.starttime <= now && !reviewed,
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

/** The planner's events still to come, soonest first (50 at most), that also meet `more`. */
async function upcomingEvents(db: Executor, planner: SessionUser, more: SQL | undefined, now: Date): Promise<InvitableEvent[]> {
  const rows = await db
    .select({ url: events.url, name: events.name, starttime: events.starttime, timeZone: places.timeZone })
    .from(events)
    .leftJoin(places, eq(places.id, events.placeId))
    .where(and(eq(events.plannerId, planner.id), gt(events.starttime, now), isNull(events.cancelledAt), more))
    .orderBy(asc(events.starttime))
    .limit(50);
  return rows.map((row): InvitableEvent => ({ url: row.url, name: row.name, short_starttime: formatEventTime(row.starttime, row.timeZone) }));
}

/** Upcoming events of the planner whose name contains the terms, without those the act is already invited to. */
export async function eventsToInvite(db: Executor, planner: SessionUser, actUrl: string, searchTerms: string, now = new Date()): Promise<InvitableEvent[]> {
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
  );
}

/** The planner's upcoming events, for a quote request to choose from. */
export async function plannerUpcomingEvents(db: Executor, planner: SessionUser, now = new Date()): Promise<InvitableEvent[]> {
  requirePlanner(planner);
  return upcomingEvents(db, planner, undefined, now);
}

export async function inviteToEvent(db: Database, planner: SessionUser, actUrl: string, eventUrl: string): Promise<MessageResult> {
  requirePlanner(planner);
  return db.transaction(async (tx) => {
    const [event] = await tx
      .select()
      .from(events)
      .where(and(eq(events.url, eventUrl), eq(events.plannerId, planner.id)))
      .limit(1);
    if (!event) throw notFound("No such event");
    if (event.cancelledAt) throw conflict(`${event.name} is cancelled`);
    const act = await inviteAct(tx, planner, event, actUrl);
    return { message: `${act.name} invited to ${event.name}` };
  });
}

/**
 * A quote request: one event, up to 10 acts, each invited (with the planner's words in that
 * act's conversation of the event) unless it is already invited, not free that day, or
 * no public act. All or nothing: a limit reached refuses the whole request.
 */
export async function inviteActs(db: Database, planner: SessionUser, eventUrl: string, input: InviteActsInput): Promise<QuoteRequestResult[]> {
  requirePlanner(planner);
  return db.transaction(async (tx) => {
    const [event] = await tx
      .select({ id: events.id, name: events.name, cancelledAt: events.cancelledAt, day: sql<string>`to_char(${events.starttime} at time zone coalesce(${places.timeZone}, 'UTC'), 'YYYY-MM-DD')` })
      .from(events)
      .leftJoin(places, eq(places.id, events.placeId))
      .where(and(eq(events.url, eventUrl), eq(events.plannerId, planner.id)))
      .limit(1);
    if (!event) throw notFound("No such event");
    if (event.cancelledAt) throw conflict(`${event.name} is cancelled`);
    const results: QuoteRequestResult[] = [];
    for (const actUrl of [...new Set(input.acts)]) {
      const [act] = await tx.select().from(acts).where(eq(acts.url, actUrl)).limit(1);
      if (!act || !canInviteToEvent(planner, actAccess(act))) {
        results.push({ act: actUrl, status: "not_found" });
        continue;
      }
      const [invited] = await tx
        .select({ id: invites.id })
        .from(invites)
        .where(and(eq(invites.eventId, event.id), eq(invites.actId, act.id)))
        .limit(1);
      if (invited) {
        results.push({ act: actUrl, status: "already_invited" });
        continue;
      }
      if (!(await isFreeOn(tx, act.id, event.day))) {
        results.push({ act: actUrl, status: "unavailable" });
        continue;
      }
      await inviteAct(tx, planner, event, actUrl, input.message || null);
      if (input.message) await recordInEventConversation(tx, planner, { plannerId: planner.id, actId: act.id, eventId: event.id }, "text", input.message);
      results.push({ act: actUrl, status: "invited" });
    }
    return results;
  });
}

/** A page of the invites to the acts the caller manages (an artist's, or an admin's own), newest first. */
export async function listArtistInvites(db: Executor, artist: SessionUser, paging: PageQuery): Promise<Paged<Invite>> {
  if (artist.role !== "ARTIST" && artist.role !== "ADMIN") throw forbidden("Only artists receive invites");
  const managed = eq(acts.managerId, artist.id);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: invites.id,
        actUrl: acts.url,
        actName: acts.name,
        eventId: events.id,
        eventUrl: events.url,
        actId: acts.id,
        eventName: events.name,
        starttime: events.starttime,
        location: events.location,
        timeZone: places.timeZone,
        declinedAt: invites.declinedAt,
        releasedAt: invites.releasedAt,
        requestMessage: invites.requestMessage,
        cancelledAt: events.cancelledAt,
        event: events,
        plannerName: users.name,
      })
      .from(invites)
      .innerJoin(acts, eq(acts.id, invites.actId))
      .innerJoin(events, eq(events.id, invites.eventId))
      .innerJoin(users, eq(users.id, events.plannerId))
      .leftJoin(places, eq(places.id, events.placeId))
      .where(managed)
      .orderBy(desc(invites.createdAt), desc(invites.id))
      .limit(paging.perPage)
      .offset((paging.page - 1) * paging.perPage),
    db.select({ total: count() }).from(invites).innerJoin(acts, eq(acts.id, invites.actId)).where(managed),
  ]);
  const meta = { page: paging.page, perPage: paging.perPage, total: counted?.total ?? 0 };
  const offerRows = await loadOffers(
    db,
    rows.map((row) => row.id),
  );
  const bookingRows = rows.length
    ? await db
        .select()
        .from(bookings)
        .where(inArray(bookings.actId, [...new Set(rows.map((row) => row.actId))]))
    : [];
  // The act's other commitments that day, so an artist is warned before quoting into it.
  const actDays = await Promise.all(rows.map((row) => dayStatus(db, row.actId, dayIn(row.starttime, row.timeZone), row.eventId)));
  const data = rows.map((row, index): Invite => {
    const own = offerRows.filter((offer) => offer.inviteId === row.id);
    const booked = bookingRows.some((booking) => booking.eventId === row.eventId && booking.actId === row.actId);
    return {
      id: row.id,
      act: { url: row.actUrl, name: row.actName },
      event: {
        url: row.eventUrl,
        name: row.eventName,
        location: row.location,
        starttime: row.starttime.toISOString(),
        short_starttime: formatEventTime(row.starttime, row.timeZone),
        time_zone: row.timeZone ?? "UTC",
        details: detailsOf(row.event),
        planner: { name: row.plannerName },
      },
      request: row.requestMessage,
      state: inviteState(own, booked, row.declinedAt !== null, row.cancelledAt !== null, row.releasedAt !== null),
      offers: own.map((offer) => offerOf(offer)),
      act_day: actDays[index] ?? null,
    };
  });
  return { data, meta };
}

/** The invite, when the caller manages its act (its artist or an admin); else 404. */
export async function findManagedInvite(db: Executor, viewer: SessionUser, inviteId: number) {
  const [row] = await db.select({ invite: invites, act: acts }).from(invites).innerJoin(acts, eq(acts.id, invites.actId)).where(eq(invites.id, inviteId)).limit(1);
  if (!row || !canManageAct(viewer, actAccess(row.act))) throw notFound("No such invite");
  return row;
}

/** The offer, when the caller is the planner of its event; else 404. */
export async function findPlannersOffer(db: Executor, viewer: SessionUser, offerId: number) {
  requirePlanner(viewer);
  const [row] = await db
    .select({ offer: offers, plannerId: events.plannerId })
    .from(offers)
    .innerJoin(invites, eq(invites.id, offers.inviteId))
    .innerJoin(events, eq(events.id, invites.eventId))
    .where(eq(offers.id, offerId))
    .limit(1);
  if (!row || row.plannerId !== viewer.id) throw notFound("No such offer");
  return row.offer;
}

/** The invite, when the caller is the planner of its event; else 404. */
export async function findPlannersInvite(db: Executor, viewer: SessionUser, inviteId: number) {
  requirePlanner(viewer);
  const [row] = await db.select({ invite: invites, plannerId: events.plannerId }).from(invites).innerJoin(events, eq(events.id, invites.eventId)).where(eq(invites.id, inviteId)).limit(1);
  if (!row || row.plannerId !== viewer.id) throw notFound("No such invite");
  return row.invite;
}

/**
 * The planner takes an invite back, with any offer on it; the act is told. A booked act's
 * invite stays: the booking is an agreement the invite no longer decides.
 */
export async function withdrawInvite(db: Database, planner: SessionUser, inviteId: number): Promise<MessageResult> {
  requirePlanner(planner);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ invite: invites, event: events, actName: acts.name, actUrl: acts.url, managerId: acts.managerId })
      .from(invites)
      .innerJoin(events, eq(events.id, invites.eventId))
      .innerJoin(acts, eq(acts.id, invites.actId))
      .where(eq(invites.id, inviteId))
      .for("update");
    if (!row || row.event.plannerId !== planner.id) throw notFound("No such invite");
    const [booking] = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.eventId, row.event.id), eq(bookings.actId, row.invite.actId)))
      .limit(1);
    if (booking) throw conflict(`${row.actName} is booked for ${row.event.name}: the invite cannot be withdrawn`);
    await tx.delete(invites).where(eq(invites.id, inviteId));
    await notify(tx, row.managerId, "invite_withdrawn", { actName: row.actName, actUrl: row.actUrl, eventName: row.event.name });
    return { message: `Invite of ${row.actName} to ${row.event.name} withdrawn` };
  });
}

/** The act's artist (or an admin) answers an invite with a price and a message. */
export async function submitOffer(db: Database, jobs: JobQueue, artist: SessionUser, inviteId: number, input: OfferInput): Promise<OfferSent> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ invite: invites, act: acts, event: { name: events.name, plannerId: events.plannerId, starttime: events.starttime, cancelledAt: events.cancelledAt }, timeZone: places.timeZone })
      .from(invites)
      .innerJoin(acts, eq(acts.id, invites.actId))
      .innerJoin(events, eq(events.id, invites.eventId))
      .leftJoin(places, eq(places.id, events.placeId))
      .where(eq(invites.id, inviteId))
      .for("update", { of: invites });
    if (!row || !canManageAct(artist, actAccess(row.act))) throw notFound("No such invite");
    if (row.event.cancelledAt) throw conflict(`${row.event.name} is cancelled`);
    if (row.invite.declinedAt) throw conflict("This invite was declined");
    if (row.invite.releasedAt) throw conflict(MESSAGES.inviteReleased(row.event.name));
    const [booked] = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.eventId, row.invite.eventId), eq(bookings.actId, row.act.id)));
    if (booked) throw conflict("This invite is already booked");
    // The offer stands from today to its last day, which is the event's day at the latest (where the event happens).
    const expiresOn = input.expires_on ?? defaultOfferExpiry(row.event.starttime, row.timeZone);
    const range = offerExpiryRange(row.event.starttime, row.timeZone);
    if (expiresOn < range.first || expiresOn > range.last) throw validationFailed({ expires_on: [MESSAGES.offerExpiryOutOfRange] });
    const [offer] = await tx
      .insert(offers)
      .values({ inviteId, priceCents: Math.round(input.price * 100), message: input.message, depositCents: input.deposit_cents ?? 0, expiresOn, terms: input.terms })
      .returning();
    await scheduleOfferJobs(tx, jobs, { id: offer!.id, expiresOn }, row.timeZone);
    await notify(tx, row.event.plannerId, "offer_received", { actName: row.act.name, actUrl: row.act.url, eventName: row.event.name, price: formatPrice(offer!.priceCents) });
    const offerText = [
      `${row.act.name} offers to play ${row.event.name} for ${formatPrice(offer!.priceCents)}.`,
      offer!.depositCents > 0 ? `Deposit ${formatPrice(offer!.depositCents)}.` : "",
      `Open until ${formatShortCalendarDate(expiresOn)}.`,
      input.message,
      input.terms ? `Cancellation terms: ${input.terms}` : "",
    ]
      .filter(Boolean)
      .join(" ");
    await recordInEventConversation(tx, artist, { plannerId: row.event.plannerId, actId: row.act.id, eventId: row.invite.eventId }, "offer", offerText);
    const day = dayIn(row.event.starttime, row.timeZone);
    const taken = await dayStatus(tx, row.act.id, day, row.invite.eventId);
    return { id: offer!.id, message: "Offer sent", ...(taken ? { warning: AVAILABILITY_MESSAGES.quotingTakenDay(day, taken) } : {}) };
  });
}

/**
 * Holds the act's day until the transaction ends, on every server: whoever books the act for that
 * day next waits, then sees this booking.
 */
async function lockActDay(tx: Executor, actId: number, day: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${actId}, hashtext(${`act-day:${day}`}))`);
}

/**
 * The planner's offer that still waits for an answer, locked for it: 404 for another planner's,
 * 409 once answered or expired.
 */
async function pendingOfferOf(tx: Executor, planner: SessionUser, offerId: number) {
  const locked = await lockedOffer(tx, offerId);
  if (!locked || locked.event.plannerId !== planner.id) throw notFound("No such offer");
  const row = { ...locked, actName: locked.act.name, actUrl: locked.act.url, managerId: locked.act.managerId };
  if (row.event.cancelledAt) throw conflict(`${row.event.name} is cancelled`);
  const status = offerStatusAt(row.offer.status, row.offer.expiresOn, row.timeZone);
  if (status === "expired") throw conflict(MESSAGES.offerExpired);
  // Accepting and declining start from the same state.
  if (!canMove(OFFER_MOVES.accept, status)) throw conflict("This offer was already answered");
  return row;
}

/**
 * The event's planner accepts an offer, which books the act; an offer is accepted once, and not
 * after its last day. Both sides are told with the other's contact; unless the planner keeps
 * them (booking several acts for one event), the event's other acts are released.
 */
export async function acceptOffer(db: Database, jobs: JobQueue, planner: SessionUser, offerId: number, input: AcceptOfferInput = { release_others: true }): Promise<BookingMade> {
  requirePlanner(planner);
  return db.transaction(async (tx) => {
    const row = await pendingOfferOf(tx, planner, offerId);
    // An act plays one event a day: two planners accepting at once for one evening queue on the
    // act's day, and the second then finds it booked (or blocked, or busy since the offer).
    const day = dayIn(row.event.starttime, row.timeZone);
    await lockActDay(tx, row.invite.actId, day);
    if (await dayStatus(tx, row.invite.actId, day, row.event.id)) throw conflict(AVAILABILITY_MESSAGES.notAvailableOn(day));
    const number = await unusedBookingNumber(tx);
    const plannerPhone = input.phone?.trim() || null;
    let bookingId: number;
    try {
      const [made] = await tx.insert(bookings).values({ eventId: row.event.id, actId: row.invite.actId, offerId, number, plannerPhone }).returning({ id: bookings.id });
      bookingId = made!.id;
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(`${row.actName} is already booked for this event`);
      throw error;
    }
    await scheduleBookingJobs(tx, jobs, { id: bookingId, number }, row.event.starttime, row.timeZone);
    await schedulePayments(tx, jobs, { id: bookingId, number }, row.offer, row.event.starttime, row.timeZone);
    await tx.update(offers).set({ status: "accepted" }).where(eq(offers.id, offerId));
    // The act's other offers for this event wait for nothing now.
    const others = await tx
      .update(offers)
      .set({ status: "withdrawn" })
      .where(and(eq(offers.inviteId, row.invite.id), eq(offers.status, "pending")))
      .returning({ id: offers.id });
    await cancelOfferJobs(tx, jobs, [offerId, ...others.map((other) => other.id)]);
    const booked = { number, event: row.event, timeZone: row.timeZone, act: row.act, offer: row.offer, plannerPhone };
    await tellBothSides(tx, planner, booked);
    const bookedText = `${planner.name} accepted the offer of ${formatPrice(row.offer.priceCents)}: ${row.actName} is booked for ${row.event.name}. Booking ${number}.`;
    await recordInEventConversation(tx, planner, { plannerId: planner.id, actId: row.invite.actId, eventId: row.event.id }, "booking", bookedText);
    if (input.release_others) await releaseOtherInvites(tx, jobs, planner, booked);
    return { message: `${row.actName} booked for ${row.event.name}`, booking: number };
  });
}

/** The event's planner says no to an offer; the act is told, in the app and in the conversation. */
export async function declineOffer(db: Database, jobs: JobQueue, planner: SessionUser, offerId: number): Promise<MessageResult> {
  requirePlanner(planner);
  return db.transaction(async (tx) => {
    const row = await pendingOfferOf(tx, planner, offerId);
    await tx.update(offers).set({ status: "declined" }).where(eq(offers.id, offerId));
    await cancelOfferJobs(tx, jobs, [offerId]);
    await notify(tx, row.managerId, "offer_declined", { actName: row.actName, actUrl: row.actUrl, eventName: row.event.name, price: formatPrice(row.offer.priceCents) });
    const text = `${planner.name} declined the offer of ${formatPrice(row.offer.priceCents)} for ${row.event.name}.`;
    await recordInEventConversation(tx, planner, { plannerId: planner.id, actId: row.invite.actId, eventId: row.event.id }, "offer", text);
    return { message: `Offer from ${row.actName} declined` };
  });
}

/** The act's artist says no to an invite not yet booked; its waiting offers go with it; the planner is told. */
export async function declineInvite(db: Database, artist: SessionUser, inviteId: number): Promise<MessageResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ invite: invites, act: acts, event: events })
      .from(invites)
      .innerJoin(acts, eq(acts.id, invites.actId))
      .innerJoin(events, eq(events.id, invites.eventId))
      .where(eq(invites.id, inviteId))
      .for("update", { of: invites });
    if (!row || !canManageAct(artist, actAccess(row.act))) throw notFound("No such invite");
    if (row.invite.declinedAt) throw conflict("This invite is already declined");
    if (row.invite.releasedAt) throw conflict(MESSAGES.inviteReleased(row.event.name));
    if (row.event.cancelledAt) throw conflict(`${row.event.name} is cancelled`);
    const [booked] = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.eventId, row.event.id), eq(bookings.actId, row.act.id)));
    if (booked) throw conflict(`${row.act.name} is booked for ${row.event.name}: the invite cannot be declined`);
    await tx.update(invites).set({ declinedAt: new Date() }).where(eq(invites.id, inviteId));
    await tx
      .update(offers)
      .set({ status: "withdrawn" })
      .where(and(eq(offers.inviteId, inviteId), eq(offers.status, "pending")));
    await notify(tx, row.event.plannerId, "invite_declined", { actName: row.act.name, actUrl: row.act.url, eventName: row.event.name });
    await recordInEventConversation(tx, artist, { plannerId: row.event.plannerId, actId: row.act.id, eventId: row.event.id }, "invite", `${row.act.name} declined the invite to ${row.event.name}.`);
    return { message: `Invite to ${row.event.name} declined` };
  });
}

/** The offer, when the caller manages its act (its artist or an admin); else 404. */
export async function findManagedOffer(db: Executor, viewer: SessionUser, offerId: number) {
  const [row] = await db
    .select({ offer: offers, act: acts })
    .from(offers)
    .innerJoin(invites, eq(invites.id, offers.inviteId))
    .innerJoin(acts, eq(acts.id, invites.actId))
    .where(eq(offers.id, offerId))
    .limit(1);
  if (!row || !canManageAct(viewer, actAccess(row.act))) throw notFound("No such offer");
  return row;
}

/** The act's artist takes back an offer the planner has not answered; the planner is told. */
export async function withdrawOffer(db: Database, jobs: JobQueue, artist: SessionUser, offerId: number): Promise<MessageResult> {
  return db.transaction(async (tx) => {
    const row = await lockedOffer(tx, offerId);
    if (!row || !canManageAct(artist, actAccess(row.act))) throw notFound("No such offer");
    if (!canMove(OFFER_MOVES.withdraw, offerStatusAt(row.offer.status, row.offer.expiresOn, row.timeZone))) throw conflict("Only an offer waiting for an answer can be withdrawn");
    await tx.update(offers).set({ status: "withdrawn" }).where(eq(offers.id, offerId));
    await cancelOfferJobs(tx, jobs, [offerId]);
    await notify(tx, row.event.plannerId, "offer_withdrawn", { actName: row.act.name, actUrl: row.act.url, eventName: row.event.name, price: formatPrice(row.offer.priceCents) });
    await recordInEventConversation(
      tx,
      artist,
      { plannerId: row.event.plannerId, actId: row.act.id, eventId: row.event.id },
      "offer",
      `${row.act.name} withdrew the offer of ${formatPrice(row.offer.priceCents)} for ${row.event.name}.`,
    );
    return { message: "Offer withdrawn" };
  });
}

/**
 * The planner calls an event off: its bookings end and its waiting offers are withdrawn, and
 * every act invited to it (and not declined) is told, in the app and in its conversation.
 */
export async function cancelEvent(db: Database, jobs: JobQueue, planner: SessionUser, eventUrl: string): Promise<MessageResult> {
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
    await tx.update(events).set({ cancelledAt: new Date() }).where(eq(events.id, event.id));
    const told = await tx
      .select({ inviteId: invites.id, actId: acts.id, actName: acts.name, actUrl: acts.url, managerId: acts.managerId })
      .from(invites)
      .innerJoin(acts, eq(acts.id, invites.actId))
      .where(and(eq(invites.eventId, event.id), isNull(invites.declinedAt)));
    if (told.length)
      await tx
        .update(offers)
        .set({ status: "withdrawn" })
        .where(
          and(
            inArray(
              offers.inviteId,
              told.map((row) => row.inviteId),
            ),
            eq(offers.status, "pending"),
          ),
        );
    const ended = await tx.delete(bookings).where(eq(bookings.eventId, event.id)).returning({ number: bookings.number });
    await cancelBookingJobs(
      tx,
      jobs,
      ended.map((booking) => booking.number),
    );
    for (const act of told) {
      await notify(tx, act.managerId, "event_cancelled", { actName: act.actName, actUrl: act.actUrl, eventName: event.name });
      await recordInEventConversation(tx, planner, { plannerId: planner.id, actId: act.actId, eventId: event.id }, "invite", `${planner.name} cancelled ${event.name}.`);
    }
    return { message: `${event.name} cancelled` };
  });
}
