// Booking an offering at once (issue 65, decision 0050): the act's standing offer, made for the
// planner's event on the act's invite and booked in the same move as accepting an offer books.
import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { BookingMade } from "#domain/resources/results";
import { MESSAGES } from "#domain/messages";
import { formatPrice } from "#domain/prices";
import { canInviteToEvent } from "#domain/permissions";
import type { SessionUser } from "#domain/session-user";
import type { Database, Executor } from "#server/db/client";
import { places } from "#server/db/schema";
import { conflict, notFound } from "#server/errors";
import type { JobQueue } from "#server/jobs/job-queue";
import type { CardGateway } from "#server/payments/card-gateway";
import { acts } from "#modules/acts/server/tables";
import { actAccess, findVisibleAct, placePoint, travelCentsTo } from "#modules/acts/server";
import { users } from "#modules/accounts/server/tables";
import { dayStatus } from "#modules/availability/server";
import { AVAILABILITY_MESSAGES } from "#modules/availability/availability";
import { packages } from "#modules/content/server/tables";
import { events, invites, offers } from "#modules/bookings/server/tables";
import { type InstantTerms, instantAnswer } from "#modules/content/instant";
import type { AcceptTerms } from "../bookings";
import { dayIn } from "../events";
import { acceptTermsOf } from "./accept-terms";
import type { InstantBookingInput } from "../schemas";
import { bookTheOffer, lockActDay } from "./offer-commands";
import { runInviteMove } from "./process/run-invite-move";
import { requirePlanner } from "./require-planner";

/**
 * The planner books an instant offering for one of their events: refused (409) when the
 * offering is not instant, its act cannot be booked, the event has started or is cancelled, or
 * the act is not free that day; else the act's invite to the event (made if need be) gets the
 * offering's terms as its offer, travel added for the event's place, signed by whoever made the
 * offering instant, and the planner books it.
 */
export async function bookInstantly(
  db: Database,
  jobs: JobQueue,
  planner: SessionUser,
  input: InstantBookingInput,
  from: string | null = null,
  cards?: CardGateway,
  now = new Date(),
): Promise<BookingMade> {
  requirePlanner(planner);
  return db.transaction(async (tx) => {
    const event = await lockPlannersEvent(tx, planner, input.event_url);
    const [offering] = await tx
      .select({ offering: packages, act: acts })
      .from(packages)
      .innerJoin(acts, eq(acts.id, packages.actId))
      .where(and(eq(packages.id, input.offering_id), sql`${packages.deletedAt} is null`))
      .limit(1);
    if (!offering) throw notFound("No such offering");
    const { act } = offering;
    const instant = offering.offering.instant;
    if (!canInviteToEvent(planner, actAccess(act))) throw conflict(MESSAGES.actNotBookable);
    if (!instant) throw conflict(MESSAGES.notInstant);
    if (event.cancelledAt) throw conflict(`${event.name} is cancelled`);
    if (now >= event.starttime) throw conflict(MESSAGES.eventStarted);
    // Said before anything is written: the day is held to the end, so two planners cannot both book it.
    const day = dayIn(event.starttime, event.timeZone);
    await lockActDay(tx, act.id, day);
    if (await dayStatus(tx, act.id, day, event.id)) throw conflict(AVAILABILITY_MESSAGES.notAvailableOn(day));
    const inviteId = await actsInvite(tx, event.id, act.id);
    const travelCents = (await travelCentsTo(tx, act, await placePoint(tx, event.placeId))) ?? 0;
    const [signer] = await tx.select({ id: users.id }).from(users).where(eq(users.id, instant.signed_by));
    const [offer] = await tx
      .insert(offers)
      .values({
        inviteId,
        priceCents: instant.price_cents + travelCents,
        travelCents,
        depositCents: instant.deposit_cents,
        message: `${offering.offering.title}. ${offering.offering.description}`,
        expiresOn: day,
        terms: instant.terms,
        cancellationPolicy: instant.cancellation_policy,
        // The act signed when it made the offering instant; a signer since removed is the act alone.
        sentBy: signer?.id ?? null,
        dateTimePosted: new Date(instant.signed_at),
        instantOfferingId: offering.offering.id,
      })
      .returning({ id: offers.id });
    const offerId = offer!.id;
    return runInviteMove(tx, jobs, { inviteId, move: { offer: "bookInstantly", offerId }, by: "planner", now }, (row) =>
      bookTheOffer(tx, jobs, planner, row, {
        offerId,
        input,
        from,
        cards,
        line: (booked, number) =>
          `${planner.name} booked ${act.name} instantly for ${row.event.name}: ${offering.offering.title}, ${formatPrice(booked.priceCents)}. Booking ${number}.`,
      }),
    );
  });
}

/** The planner's event by its address, locked as accepting locks it (404 for anyone else's). */
async function lockPlannersEvent(tx: Executor, planner: SessionUser, eventUrl: string) {
  const [event] = await tx
    .select({
      id: events.id,
      name: events.name,
      starttime: events.starttime,
      placeId: events.placeId,
      cancelledAt: events.cancelledAt,
      timeZone: places.timeZone,
    })
    .from(events)
    .leftJoin(places, eq(places.id, events.placeId))
    .where(and(eq(events.url, eventUrl), eq(events.plannerId, planner.id)))
    .limit(1);
  if (!event) throw notFound("No such event");
  await tx.execute(sql`select id from ${events} where id = ${event.id} for update`);
  return event;
}

/**
 * The act's invite to the event: the one the planner sent, or one made now (no notice or thread
 * line of its own: the booking's say it all). An invite the act declined, or one released, is
 * refused by the move as it stands.
 */
async function actsInvite(tx: Executor, eventId: number, actId: number): Promise<number> {
  const [invited] = await tx
    .select({ id: invites.id, declinedAt: invites.declinedAt, releasedAt: invites.releasedAt })
    .from(invites)
    .where(and(eq(invites.eventId, eventId), eq(invites.actId, actId)))
    .limit(1);
  if (invited?.declinedAt) throw conflict("This act declined your invite to this event");
  if (invited?.releasedAt) throw conflict("This act's invite to this event was closed when you booked another act");
  if (invited) return invited.id;
  const [made] = await tx.insert(invites).values({ eventId, actId }).returning({ id: invites.id });
  return made!.id;
}

/** What the planner reads before booking an offering at once, for one of their events. */
export interface InstantQuote {
  act: { url: string; name: string };
  offering: { id: number; title: string; description: string; instant: InstantTerms };
  /** The planner's events still to come, soonest first, and the one the quote is for. */
  events: { url: string; name: string; day: string; location: string }[];
  event: { url: string; name: string; starttime: string; day: string; timeZone: string | null } | null;
  /** Why the act cannot be booked that day ("This act is not available on ..."), or null when it is free. */
  unavailable: string | null;
  travel_cents: number;
  price_cents: number;
  agreeing: AcceptTerms;
  /** The event's other acts still waiting on it, released by booking unless the planner keeps them. */
  othersWaiting: string[];
}

/**
 * The booking step's figures, read with the rules the booking will follow: the price with travel
 * for the event's place, the payments and their days, how they are paid, and whether the day is
 * free. 404 for an offering that is not the act's, or not instant.
 */
export async function instantQuote(
  db: Executor,
  planner: SessionUser,
  actUrl: string,
  offeringId: number,
  eventUrl: string | null,
  cards?: CardGateway,
  now = new Date(),
): Promise<InstantQuote> {
  requirePlanner(planner);
  const act = await findVisibleAct(db, actUrl, planner);
  const [offering] = await db
    .select()
    .from(packages)
    .where(and(eq(packages.id, offeringId), eq(packages.actId, act.id), sql`${packages.deletedAt} is null`));
  if (!offering?.instant) throw notFound("No such offering");
  const upcoming = await db
    .select({
      id: events.id,
      url: events.url,
      name: events.name,
      starttime: events.starttime,
      location: events.location,
      placeId: events.placeId,
      timeZone: places.timeZone,
    })
    .from(events)
    .leftJoin(places, eq(places.id, events.placeId))
    .where(and(eq(events.plannerId, planner.id), sql`${events.cancelledAt} is null`, gt(events.starttime, now)))
    .orderBy(asc(events.starttime))
    .limit(50);
  const chosen = upcoming.find((event) => event.url === eventUrl) ?? upcoming[0];
  const instant = instantAnswer(offering.instant)!;
  const base = {
    act: { url: act.url, name: act.name },
    offering: { id: offering.id, title: offering.title, description: offering.description, instant },
    events: upcoming.map((event) => ({
      url: event.url,
      name: event.name,
      day: dayIn(event.starttime, event.timeZone),
      location: event.location,
    })),
  };
  if (!chosen)
    return {
      ...base,
      event: null,
      unavailable: null,
      travel_cents: 0,
      price_cents: instant.price_cents,
      agreeing: acceptTermsOf(
        { priceCents: instant.price_cents, depositCents: instant.deposit_cents },
        { starttime: now, timeZone: null },
        act,
        cards,
        now,
      ),
      othersWaiting: [],
    };
  const day = dayIn(chosen.starttime, chosen.timeZone);
  const taken = await dayStatus(db, act.id, day, chosen.id);
  const travelCents = (await travelCentsTo(db, act, await placePoint(db, chosen.placeId))) ?? 0;
  const priceCents = instant.price_cents + travelCents;
  const waiting = await db
    .select({ name: acts.name })
    .from(invites)
    .innerJoin(acts, eq(acts.id, invites.actId))
    .where(
      and(
        eq(invites.eventId, chosen.id),
        sql`${invites.actId} <> ${act.id}`,
        sql`${invites.declinedAt} is null`,
        sql`${invites.releasedAt} is null`,
      ),
    );
  return {
    ...base,
    event: {
      url: chosen.url,
      name: chosen.name,
      starttime: chosen.starttime.toISOString(),
      day,
      timeZone: chosen.timeZone,
    },
    unavailable: taken ? AVAILABILITY_MESSAGES.notAvailableOn(day) : null,
    travel_cents: travelCents,
    price_cents: priceCents,
    agreeing: acceptTermsOf(
      { priceCents, depositCents: instant.deposit_cents },
      { starttime: chosen.starttime, timeZone: chosen.timeZone },
      act,
      cards,
      now,
    ),
    othersWaiting: waiting.map((row) => row.name),
  };
}
