// Stripe tells us what happened by webhook: each event is verified by the SDK and applied once.
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { MESSAGES } from "#domain/messages";
import type { Database, Executor } from "#server/db/client";
import { formatShortCalendarDate } from "#modules/availability/calendar-days";
import { formatPrice } from "#domain/prices";
import { acts, bookings, events, offers, payments, places, stripeEvents, users } from "#server/db/schema";
import { notify } from "#modules/notifications/server";
import { badRequest, conflict } from "#server/errors";
import type { JobQueue } from "#server/jobs/job-queue";
import { dayIn } from "../events";
import { releaseAt } from "../money";
import type { CardGateway } from "./card-gateway";
import { scheduleCardRefund } from "./card-refunds";
import { bookingBalances, lockedPayment, postToLedger } from "./ledger";

/**
 * A webhook call: its Stripe-Signature must verify against the raw body with our secret (the
 * SDK's check, which also refuses an old timestamp), else 400 and nothing changes.
 */
export async function receiveStripeWebhook(
  db: Database,
  jobs: JobQueue,
  cards: CardGateway | undefined,
  rawBody: string,
  signature: string | undefined,
): Promise<{ received: true; applied: boolean }> {
  if (!cards) throw conflict(MESSAGES.cardPaymentsNotSetUp);
  let event: Stripe.Event;
  try {
    event = cards.stripe.webhooks.constructEvent(rawBody, signature ?? "", cards.webhookSecret);
  } catch {
    throw badRequest("The Stripe-Signature header does not verify");
  }
  return { received: true, applied: await applyStripeEvent(db, jobs, event) };
}

/**
 * Applies one event in one transaction with its id: a retried delivery, or the same event at two
 * servers at once (the second waits on the first's row, then finds it), changes nothing more.
 * Events we do not act on are kept as seen all the same.
 */
export async function applyStripeEvent(db: Database, jobs: JobQueue, event: Stripe.Event): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (!fresh) return false;
    switch (event.type) {
      case "account.updated":
        await accountUpdated(tx, event.data.object);
        break;
      case "checkout.session.completed":
      case "checkout.session.async_payment_succeeded":
        await checkoutPaid(tx, jobs, event.data.object, new Date(event.created * 1000));
        break;
      case "charge.refunded":
        await chargeRefunded(tx, event.data.object);
        break;
      case "transfer.created":
        await applyRelease(tx, event.data.object);
        break;
    }
    return true;
  });
}

/** Whether the act may take card payments: Stripe lets its account charge and pay out. */
async function accountUpdated(tx: Executor, account: Stripe.Account): Promise<void> {
  await tx
    .update(acts)
    .set({ cardPayments: Boolean(account.charges_enabled && account.payouts_enabled) })
    .where(eq(acts.stripeAccountId, account.id));
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === "string" ? value : (value?.id ?? null);

/**
 * A Checkout Session paid: its payment is paid by card and held by us until its release. A
 * payment already paid (another session of it paid too) or of a booking cancelled since is
 * refunded whole: that money was never the booking's.
 */
async function checkoutPaid(tx: Executor, jobs: JobQueue, session: Stripe.Checkout.Session, at: Date): Promise<void> {
  if (session.payment_status !== "paid") return;
  const paymentId = Number(session.metadata?.payment_id);
  const intentId = idOf(session.payment_intent);
  if (!Number.isSafeInteger(paymentId) || !intentId) return;
  const [row] = await tx
    .select({
      payment: payments,
      booking: bookings,
      policy: offers.cancellationPolicy,
      event: events,
      timeZone: places.timeZone,
    })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .innerJoin(offers, eq(offers.id, bookings.offerId))
    .innerJoin(events, eq(events.id, bookings.eventId))
    .leftJoin(places, eq(places.id, events.placeId))
    .where(eq(payments.id, paymentId))
    .for("update", { of: payments });
  if (!row) return;
  if (row.payment.status !== "due" || row.booking.status === "cancelled") {
    await scheduleCardRefund(tx, jobs, {
      paymentIntentId: intentId,
      paymentId: null,
      cents: session.amount_total ?? 0,
      key: `unwanted-${session.id}`,
    });
    return;
  }
  const eventDay = dayIn(row.event.starttime, row.timeZone);
  const release = releaseAt(row.payment.kind, row.policy, eventDay, row.timeZone, at);
  await tx
    .update(payments)
    .set({
      status: "paid",
      paidAt: at,
      paidOn: dayIn(at, row.timeZone),
      method: "card",
      paymentIntentId: intentId,
      checkoutSessionId: session.id,
      releaseAt: release,
    })
    .where(eq(payments.id, paymentId));
  await postToLedger(tx, {
    booking: row.booking,
    paymentId,
    memo: `${row.payment.kind === "deposit" ? "Deposit" : "Balance"} paid by card, held until its release`,
    lines: [
      { account: "platform_held", amountCents: row.payment.amountCents },
      { account: "planner_owes", amountCents: -row.payment.amountCents },
    ],
  });
  const act = await actSide(tx, row.booking);
  await notify(tx, act.managerId, "card_paid", {
    fromName: act.plannerName,
    actName: act.actName,
    actUrl: act.actUrl,
    eventName: act.eventName,
    bookingNumber: row.booking.number,
    price: formatPrice(row.payment.amountCents),
    paymentKind: row.payment.kind,
    due: release <= at ? "at once" : `on ${formatShortCalendarDate(dayIn(release, row.timeZone))}`,
  });
}

/**
 * Stripe refunded (some more of) a charge: the payment's refunds are what Stripe says in all,
 * so a retried or late event adds only what is new. The ledger takes it from the refund owed
 * (a cancellation or a case), any more from what the act earned, and out of what we hold.
 */
async function chargeRefunded(tx: Executor, charge: Stripe.Charge): Promise<void> {
  const intentId = idOf(charge.payment_intent);
  if (!intentId) return;
  const row = await lockedPayment(tx, eq(payments.paymentIntentId, intentId));
  if (!row) return;
  const added = Math.min(charge.amount_refunded, row.payment.amountCents) - row.payment.refundedCents;
  if (added <= 0) return;
  await tx
    .update(payments)
    .set({ status: "refunded", refundedCents: row.payment.refundedCents + added })
    .where(eq(payments.id, row.payment.id));
  const owed = -(await bookingBalances(tx, row.booking.number)).refund_owed;
  const fromOwed = Math.min(Math.max(owed, 0), added);
  await postToLedger(tx, {
    booking: row.booking,
    paymentId: row.payment.id,
    memo: "Refunded to the planner's card",
    lines: [
      { account: "refund_owed", amountCents: fromOwed },
      { account: "act_earned", amountCents: added - fromOwed },
      { account: "platform_held", amountCents: -added },
    ],
  });
}

/**
 * Money held was transferred to the act's account, less our fee: from the transfer itself (the
 * release pass) or its transfer.created event, whichever comes first; the other finds it done.
 */
export async function applyRelease(tx: Executor, transfer: Stripe.Transfer): Promise<void> {
  const paymentId = Number(transfer.metadata?.payment_id);
  const feeCents = Number(transfer.metadata?.fee_cents ?? 0);
  if (!Number.isSafeInteger(paymentId) || !Number.isSafeInteger(feeCents)) return;
  const row = await lockedPayment(tx, eq(payments.id, paymentId));
  if (!row || row.payment.transferId) return;
  await tx
    .update(payments)
    .set({ transferId: transfer.id, releasedCents: transfer.amount + feeCents, feeCents })
    .where(eq(payments.id, paymentId));
  const act = await actSide(tx, row.booking);
  await notify(tx, act.managerId, "payout_sent", {
    actName: act.actName,
    actUrl: act.actUrl,
    eventName: act.eventName,
    bookingNumber: row.booking.number,
    price: formatPrice(transfer.amount),
    paymentKind: row.payment.kind,
    due: feeCents ? `, after the platform's fee of ${formatPrice(feeCents)}` : "",
  });
  await postToLedger(tx, {
    booking: row.booking,
    paymentId,
    memo: `${row.payment.kind === "deposit" ? "Deposit" : "Balance"} released to the act${feeCents ? ", less the platform's fee" : ""}`,
    lines: [
      { account: "act_received", amountCents: transfer.amount },
      { account: "platform_held", amountCents: -transfer.amount },
      { account: "act_earned", amountCents: feeCents },
      { account: "platform_fee", amountCents: -feeCents },
    ],
  });
}

/** Who is told of a booking's card money, and the names the notice gives: the act's manager, the act, the event, the planner. */
async function actSide(tx: Executor, booking: { actId: number; eventId: number }) {
  const [side] = await tx
    .select({
      managerId: acts.managerId,
      actName: acts.name,
      actUrl: acts.url,
      eventName: events.name,
      plannerName: users.name,
    })
    .from(acts)
    .innerJoin(events, eq(events.id, booking.eventId))
    .innerJoin(users, eq(users.id, events.plannerId))
    .where(eq(acts.id, booking.actId));
  return side!;
}
