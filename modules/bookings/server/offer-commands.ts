// The moves on an offer (modules/bookings/booking-process.ts): send, accept (which books), decline, withdraw.
import { and, eq, sql } from "drizzle-orm";
import type { BookingMade, MessageResult, OfferSent } from "#domain/resources/results";
import { dayIn, defaultOfferExpiry, offerExpiryRange, offerStatusAt } from "../events";
import { MESSAGES } from "#domain/messages";
import { fitsOneCardPayment, formatPrice } from "#domain/prices";
import { canManageAct } from "#domain/permissions";
import type { AcceptOfferInput, OfferInput } from "../schemas";
import type { Database, Executor } from "#server/db/client";
import { isUniqueViolation } from "#server/db/errors";
import { acts, bookings, events, invites, offers, places } from "#server/db/schema";
import { conflict, notFound, validationFailed } from "#server/errors";
import { notify } from "#modules/notifications/server";
import { recordInEventConversation } from "#modules/conversations/server";
import { dayStatus } from "#modules/availability/server";
import { formatShortCalendarDate } from "#modules/availability/calendar-days";
import { AVAILABILITY_MESSAGES } from "#modules/availability/availability";
import { actAccess } from "#modules/acts/server";
import type { SessionUser } from "#domain/session-user";
import type { JobQueue } from "#server/jobs/job-queue";
import { OFFER_MOVES, canMove } from "../booking-process";
import { feeBasisPoints } from "../money";
import { cancelOfferJobs, scheduleOfferJobs } from "./offer-times";
import { releaseOtherInvites, tellBothSides, unusedBookingNumber } from "./book-act";
import { scheduleBooking } from "./booking-schedule";
import type { CardGateway } from "./card-gateway";
import { lockedOffer } from "./locked-offer";
import { requirePlanner } from "./require-planner";

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

/** The act's artist (or an admin) answers an invite with a price and a message. */
export async function submitOffer(
  db: Database,
  jobs: JobQueue,
  artist: SessionUser,
  inviteId: number,
  input: OfferInput,
  /** Stripe, when configured: an act that takes cards offers only amounts one card payment can carry. */
  cards?: CardGateway,
  now = new Date(),
): Promise<OfferSent> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        invite: invites,
        act: acts,
        event: {
          name: events.name,
          plannerId: events.plannerId,
          starttime: events.starttime,
          cancelledAt: events.cancelledAt,
        },
        timeZone: places.timeZone,
      })
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
    if (now >= row.event.starttime) throw conflict(MESSAGES.eventStarted);
    if (cards && row.act.cardPayments && row.act.stripeAccountId) requireCardAmounts(input);
    // The offer stands from today to its last day, which is the event's day at the latest (where the event happens).
    const expiresOn = input.expires_on ?? defaultOfferExpiry(row.event.starttime, row.timeZone);
    const range = offerExpiryRange(row.event.starttime, row.timeZone);
    if (expiresOn < range.first || expiresOn > range.last)
      throw validationFailed({ expires_on: [MESSAGES.offerExpiryOutOfRange] });
    const [offer] = await tx
      .insert(offers)
      .values({
        inviteId,
        priceCents: Math.round(input.price * 100),
        message: input.message,
        depositCents: input.deposit_cents ?? 0,
        expiresOn,
        terms: input.terms,
        cancellationPolicy: input.cancellation_policy,
      })
      .returning();
    await scheduleOfferJobs(tx, jobs, { id: offer!.id, expiresOn }, row.timeZone);
    await notify(tx, row.event.plannerId, "offer_received", {
      actName: row.act.name,
      actUrl: row.act.url,
      eventName: row.event.name,
      price: formatPrice(offer!.priceCents),
    });
    const offerText = [
      `${row.act.name} offers to play ${row.event.name} for ${formatPrice(offer!.priceCents)}.`,
      offer!.depositCents > 0 ? `Deposit ${formatPrice(offer!.depositCents)}.` : "",
      `Open until ${formatShortCalendarDate(expiresOn)}.`,
      input.message,
      input.terms ? `Cancellation terms: ${input.terms}` : "",
    ]
      .filter(Boolean)
      .join(" ");
    await recordInEventConversation(
      tx,
      artist,
      { plannerId: row.event.plannerId, actId: row.act.id, eventId: row.invite.eventId },
      "offer",
      offerText,
    );
    const day = dayIn(row.event.starttime, row.timeZone);
    const taken = await dayStatus(tx, row.act.id, day, row.invite.eventId);
    return {
      id: offer!.id,
      message: "Offer sent",
      ...(taken ? { warning: AVAILABILITY_MESSAGES.quotingTakenDay(day, taken) } : {}),
    };
  });
}

/**
 * An offer to an act paid by card: its deposit and its balance are each one Stripe charge, so
 * each is 0 or between Stripe's bounds (a 30-cent deposit would make a Checkout Stripe refuses).
 */
function requireCardAmounts(input: OfferInput): void {
  const price = Math.round(input.price * 100);
  const deposit = input.deposit_cents ?? 0;
  if (!fitsOneCardPayment(deposit)) throw validationFailed({ deposit_cents: [MESSAGES.cardPaymentBounds] });
  if (!fitsOneCardPayment(price - deposit)) throw validationFailed({ price: [MESSAGES.cardPaymentBounds] });
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
export async function acceptOffer(
  db: Database,
  jobs: JobQueue,
  planner: SessionUser,
  offerId: number,
  input: AcceptOfferInput = { release_others: true },
  /** The address the planner accepted from, kept with the agreement. */
  from: string | null = null,
  /** Stripe, when configured: a booking of an act that takes card payments is paid through us. */
  cards?: CardGateway,
): Promise<BookingMade> {
  requirePlanner(planner);
  return db.transaction(async (tx) => {
    const row = await pendingOfferOf(tx, planner, offerId);
    if (new Date() >= row.event.starttime) throw conflict(MESSAGES.eventStarted);
    // An act plays one event a day: two planners accepting at once for one evening queue on the
    // act's day, and the second then finds it booked (or blocked, or busy since the offer).
    const day = dayIn(row.event.starttime, row.timeZone);
    await lockActDay(tx, row.invite.actId, day);
    if (await dayStatus(tx, row.invite.actId, day, row.event.id))
      throw conflict(AVAILABILITY_MESSAGES.notAvailableOn(day));
    const number = await unusedBookingNumber(tx);
    const plannerPhone = input.phone?.trim() || null;
    let bookingId: number;
    try {
      const [made] = await tx
        .insert(bookings)
        .values({
          eventId: row.event.id,
          actId: row.invite.actId,
          offerId,
          number,
          plannerPhone,
          acceptedBy: planner.id,
          acceptedFrom: from,
          provider: cards && row.act.cardPayments && row.act.stripeAccountId ? "stripe" : "offline",
          // The fee is part of what was agreed: a change of PLATFORM_FEE_PERCENT applies to bookings made after it.
          feeBasisPoints: cards ? feeBasisPoints(cards.feePercent) : null,
        })
        .returning({ id: bookings.id });
      bookingId = made!.id;
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(`${row.actName} is already booked for this event`);
      throw error;
    }
    await scheduleBooking(tx, jobs, { id: bookingId, number }, row.offer, {
      starttime: row.event.starttime,
      timeZone: row.timeZone,
    });
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
    await recordInEventConversation(
      tx,
      planner,
      { plannerId: planner.id, actId: row.invite.actId, eventId: row.event.id },
      "booking",
      bookedText,
    );
    if (input.release_others) await releaseOtherInvites(tx, jobs, planner, booked);
    return { message: `${row.actName} booked for ${row.event.name}`, booking: number };
  });
}

/** The event's planner says no to an offer; the act is told, in the app and in the conversation. */
export async function declineOffer(
  db: Database,
  jobs: JobQueue,
  planner: SessionUser,
  offerId: number,
): Promise<MessageResult> {
  requirePlanner(planner);
  return db.transaction(async (tx) => {
    const row = await pendingOfferOf(tx, planner, offerId);
    await tx.update(offers).set({ status: "declined" }).where(eq(offers.id, offerId));
    await cancelOfferJobs(tx, jobs, [offerId]);
    await notify(tx, row.managerId, "offer_declined", {
      actName: row.actName,
      actUrl: row.actUrl,
      eventName: row.event.name,
      price: formatPrice(row.offer.priceCents),
    });
    const text = `${planner.name} declined the offer of ${formatPrice(row.offer.priceCents)} for ${row.event.name}.`;
    await recordInEventConversation(
      tx,
      planner,
      { plannerId: planner.id, actId: row.invite.actId, eventId: row.event.id },
      "offer",
      text,
    );
    return { message: `Offer from ${row.actName} declined` };
  });
}

/** The act's artist takes back an offer the planner has not answered; the planner is told. */
export async function withdrawOffer(
  db: Database,
  jobs: JobQueue,
  artist: SessionUser,
  offerId: number,
): Promise<MessageResult> {
  return db.transaction(async (tx) => {
    const row = await lockedOffer(tx, offerId);
    if (!row || !canManageAct(artist, actAccess(row.act))) throw notFound("No such offer");
    if (!canMove(OFFER_MOVES.withdraw, offerStatusAt(row.offer.status, row.offer.expiresOn, row.timeZone)))
      throw conflict("Only an offer waiting for an answer can be withdrawn");
    await tx.update(offers).set({ status: "withdrawn" }).where(eq(offers.id, offerId));
    await cancelOfferJobs(tx, jobs, [offerId]);
    await notify(tx, row.event.plannerId, "offer_withdrawn", {
      actName: row.act.name,
      actUrl: row.act.url,
      eventName: row.event.name,
      price: formatPrice(row.offer.priceCents),
    });
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
