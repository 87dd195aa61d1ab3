// The moves on an offer (modules/bookings/booking-process.ts): send, accept (which books), decline, withdraw.
import { recordAgreement } from "./booking-queries";
import { placePoint, travelCentsTo } from "#modules/acts/server";
import { eq, sql } from "drizzle-orm";
import type { BookingMade, MessageResult, OfferSent } from "#domain/resources/results";
import { dayIn, defaultOfferExpiry, offerExpiryRange } from "../events";
import { MESSAGES } from "#domain/messages";
import { fitsOneCardPayment, formatPrice } from "#domain/prices";
import { canManageAct } from "#domain/permissions";
import { type AcceptOfferInput, type OfferInput, offerPriceCents } from "../schemas";
import type { Database, Executor } from "#server/db/client";
import { isUniqueViolation } from "#server/db/errors";
import { acts } from "#modules/acts/server/tables";
import { bookings, events, invites, offers } from "#modules/bookings/server/tables";
import { conflict, notFound, rateLimited, validationFailed } from "#server/errors";
import { LIMITS } from "#domain/limits";
import { takeAccountAction } from "#modules/accounts/server";
import { dayStatus } from "#modules/availability/server";
import { formatShortCalendarDate } from "#domain/calendar-days";
import { AVAILABILITY_MESSAGES } from "#modules/availability/availability";
import { actAccess } from "#modules/acts/server";
import type { SessionUser } from "#domain/session-user";
import type { JobQueue } from "#server/jobs/job-queue";
import { feeBasisPoints } from "../money";
import { scheduleOfferJobs } from "./offer-times";
import { bothSidesNotices, releaseOtherInvites, unusedBookingNumber } from "./book-act";
import { findManagedInvite } from "./invite-commands";
import { type InviteDecision, type InviteNow, type OfferRow, runInviteMove } from "./process/run-invite-move";
import { scheduleBooking } from "./booking-schedule";
import type { CardGateway } from "#server/payments/card-gateway";
import { paidByCard, payingOf } from "./accept-terms";
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
    await findManagedInvite(tx, artist, inviteId);
    return runInviteMove(tx, jobs, { inviteId, move: { invite: "offer" }, by: "act", now }, async (row) => {
      if (cards && row.act.cardPayments && row.act.stripeAccountId) requireCardAmounts(input);
      await takeOfferPlaces(tx, artist, row.offers.length, now);
      // The offer stands from today to its last day, which is the event's day at the latest (where the event happens).
      const expiresOn = input.expires_on ?? defaultOfferExpiry(row.event.starttime, row.timeZone);
      const range = offerExpiryRange(row.event.starttime, row.timeZone);
      if (expiresOn < range.first || expiresOn > range.last)
        throw validationFailed({ expires_on: [MESSAGES.offerExpiryOutOfRange] });
      // Travel is a line of the price: what the act charges to reach the event, which the price must cover.
      const travelCents = (await travelCentsTo(tx, row.act, await placePoint(tx, row.event.placeId))) ?? 0;
      if (offerPriceCents(input)! < travelCents)
        throw validationFailed({ price_cents: [MESSAGES.priceCoversTravel(formatPrice(travelCents))] });
      const [offer] = await tx
        .insert(offers)
        .values({
          inviteId,
          priceCents: offerPriceCents(input)!,
          travelCents,
          message: input.message,
          depositCents: input.deposit_cents ?? 0,
          expiresOn,
          terms: input.terms,
          cancellationPolicy: input.cancellation_policy,
          sentBy: artist.id,
        })
        .returning();
      await scheduleOfferJobs(tx, jobs, { id: offer!.id, expiresOn }, row.timeZone);
      const offerText = [
        `${row.act.name} offers to play ${row.event.name} for ${formatPrice(offer!.priceCents)}.`,
        offer!.depositCents > 0 ? `Deposit ${formatPrice(offer!.depositCents)}.` : "",
        `Open until ${formatShortCalendarDate(expiresOn)}.`,
        input.message,
        input.terms ? `Cancellation terms: ${input.terms}` : "",
      ]
        .filter(Boolean)
        .join(" ");
      const day = dayIn(row.event.starttime, row.timeZone);
      const taken = await dayStatus(tx, row.act.id, day, row.invite.eventId);
      return {
        notices: [
          {
            to: row.event.plannerId,
            kind: "offer_received" as const,
            facts: {
              actName: row.act.name,
              actUrl: row.act.url,
              eventName: row.event.name,
              price: formatPrice(offer!.priceCents),
            },
          },
        ],
        thread: { by: artist, kind: "offer" as const, line: offerText },
        result: {
          id: offer!.id,
          message: "Offer sent",
          ...(taken ? { warning: AVAILABILITY_MESSAGES.quotingTakenDay(day, taken) } : {}),
        },
      };
    });
  });
}

/**
 * An offer is a notice, a mail, two jobs and a thread line: an invite holds a few in all, and one
 * account sends a few an hour, each counted as a message too (contract, limits round 4).
 */
async function takeOfferPlaces(tx: Executor, sender: SessionUser, offersOnInvite: number, now: Date): Promise<void> {
  if (offersOnInvite >= LIMITS.maxOffersPerInvite) throw rateLimited(MESSAGES.offersPerInviteUsed, 24 * 60 * 60);
  await takeAccountAction(tx, "offerSent", sender.id, 1, now);
  await takeAccountAction(tx, "messageSent", sender.id, 1, now);
}

/**
 * An offer to an act paid by card: its deposit and its balance are each one Stripe charge, so
 * each is 0 or between Stripe's bounds (a 30-cent deposit would make a Checkout Stripe refuses).
 */
function requireCardAmounts(input: OfferInput): void {
  const price = offerPriceCents(input)!;
  const deposit = input.deposit_cents ?? 0;
  if (!fitsOneCardPayment(deposit)) throw validationFailed({ deposit_cents: [MESSAGES.cardPaymentBounds] });
  if (!fitsOneCardPayment(price - deposit))
    throw validationFailed({
      [input.price_cents === undefined ? "price" : "price_cents"]: [MESSAGES.cardPaymentBounds],
    });
}

/**
 * Holds the act's day until the transaction ends, on every server: whoever books the act for that
 * day next waits, then sees this booking.
 */
export async function lockActDay(tx: Executor, actId: number, day: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${actId}, hashtext(${`act-day:${day}`}))`);
}

/** The offer's invite, read without a lock: the move locks the invite and reads the offer again. */
async function inviteOfOffer(tx: Executor, offerId: number): Promise<number> {
  const [row] = await tx.select({ inviteId: offers.inviteId }).from(offers).where(eq(offers.id, offerId));
  if (!row) throw notFound("No such offer");
  return row.inviteId;
}

/**
 * The event's planner accepts an offer, which books the act; an offer is accepted once, before
 * the event starts and not after its last day. Both sides are told with the other's contact;
 * unless the planner keeps them (booking several acts for one event), the event's other acts are
 * released. Accepts of one event queue on its row, then each on its invite.
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
    await findPlannersOffer(tx, planner, offerId);
    const inviteId = await inviteOfOffer(tx, offerId);
    // The event first, then the invite: releasing the event's other invites never waits on an
    // accept that waits on this one.
    await tx.execute(
      sql`select id from ${events} where id = (select event_id from ${invites} where id = ${inviteId}) for update`,
    );
    return runInviteMove(tx, jobs, { inviteId, move: { offer: "accept", offerId }, by: "planner" }, (row) =>
      bookTheOffer(tx, jobs, planner, row, {
        offerId,
        input,
        from,
        cards,
        line: (offer, number) =>
          `${planner.name} accepted the offer of ${formatPrice(offer.priceCents)}: ${row.act.name} is booked for ${row.event.name}. Booking ${number}.`,
      }),
    );
  });
}

export interface BookingTheOffer {
  offerId: number;
  input: AcceptOfferInput;
  /** The address the planner booked from, kept with the agreement. */
  from: string | null;
  cards?: CardGateway;
  /** The booking's line in the thread. */
  line: (offer: OfferRow, number: string) => string;
}

/**
 * What booking an offer decides, in its invite's move (accepting it, or booking an offering at
 * once): the act's day held and found free, the booking with its schedule and signed agreement,
 * the act's other waiting offers withdrawn, both sides told, and the event's other acts released
 * unless the planner keeps them.
 */
export async function bookTheOffer(
  tx: Executor,
  jobs: JobQueue,
  planner: SessionUser,
  row: InviteNow,
  { offerId, input, from, cards, line }: BookingTheOffer,
): Promise<InviteDecision<BookingMade>> {
  const offer = row.offers.find((each) => each.id === offerId)!;
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
        provider: paidByCard(row.act, cards) ? "stripe" : "offline",
        // The fee is part of what was agreed: a change of PLATFORM_FEE_PERCENT applies to bookings made after it.
        feeBasisPoints: cards ? feeBasisPoints(cards.feePercent) : null,
      })
      .returning({ id: bookings.id });
    bookingId = made!.id;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`${row.act.name} is already booked for this event`);
    throw error;
  }
  await scheduleBooking(tx, jobs, { id: bookingId, number }, offer, {
    starttime: row.event.starttime,
    timeZone: row.timeZone,
  });
  await recordAgreement(tx, planner, number);
  // The act's other offers for this event wait for nothing now.
  const others = row.offers.filter((each) => each.id !== offerId && each.status === "pending");
  const booked = {
    number,
    event: row.event,
    timeZone: row.timeZone,
    act: row.act,
    offer,
    plannerPhone,
    paying: payingOf(row.act, cards),
  };
  const notices = await bothSidesNotices(tx, planner, booked);
  if (input.release_others) await releaseOtherInvites(tx, jobs, planner, booked);
  return {
    offers: others.map((each) => ({ id: each.id, set: { status: "withdrawn" as const } })),
    notices,
    thread: { by: planner, kind: "booking" as const, line: line(offer, number) },
    callOff: [offerId, ...others.map((each) => each.id)],
    result: { message: `${row.act.name} booked for ${row.event.name}`, booking: number },
  };
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
    await findPlannersOffer(tx, planner, offerId);
    const inviteId = await inviteOfOffer(tx, offerId);
    return runInviteMove(tx, jobs, { inviteId, move: { offer: "decline", offerId }, by: "planner" }, (row) => {
      const offer = row.offers.find((each) => each.id === offerId)!;
      const price = formatPrice(offer.priceCents);
      return {
        notices: [
          {
            to: row.act.managerId,
            kind: "offer_declined" as const,
            facts: { actName: row.act.name, actUrl: row.act.url, eventName: row.event.name, price },
          },
        ],
        thread: {
          by: planner,
          kind: "offer" as const,
          line: `${planner.name} declined the offer of ${price} for ${row.event.name}.`,
        },
        callOff: [offerId],
        result: { message: `Offer from ${row.act.name} declined` },
      };
    });
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
    await findManagedOffer(tx, artist, offerId);
    const inviteId = await inviteOfOffer(tx, offerId);
    return runInviteMove(
      tx,
      jobs,
      {
        inviteId,
        move: { offer: "withdraw", offerId },
        by: "act",
        refusal: () => "Only an offer waiting for an answer can be withdrawn",
      },
      (row) => {
        const offer = row.offers.find((each) => each.id === offerId)!;
        const price = formatPrice(offer.priceCents);
        return {
          notices: [
            {
              to: row.event.plannerId,
              kind: "offer_withdrawn" as const,
              facts: { actName: row.act.name, actUrl: row.act.url, eventName: row.event.name, price },
            },
          ],
          thread: {
            by: artist,
            kind: "offer" as const,
            line: `${row.act.name} withdrew the offer of ${price} for ${row.event.name}.`,
          },
          callOff: [offerId],
          result: { message: "Offer withdrawn" },
        };
      },
    );
  });
}
