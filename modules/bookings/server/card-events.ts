// Stripe tells us what happened by webhook: each event is verified by the SDK and applied once.
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { MESSAGES } from "#domain/messages";
import type { Database, Executor } from "#server/db/client";
import { formatShortCalendarDate } from "#domain/calendar-days";
import { formatPrice } from "#domain/prices";
import { acts } from "#modules/acts/server/tables";
import { bookings, payments, stripeEvents } from "#modules/bookings/server/tables";
import { users } from "#modules/accounts/server/tables";
import { badRequest, conflict } from "#server/errors";
import type { JobQueue } from "#server/jobs/job-queue";
import { dayIn } from "../events";
import { REFUND_PAID_MEMOS, releaseAt } from "../money";
import type { CardGateway } from "#server/payments/card-gateway";
import { scheduleCardRefund } from "./process/card-refund-asks";
import { disputeClosed, disputeOpened } from "./card-disputes";
import { runBookingMove, bookingFacts } from "./process/run-booking-move";

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
  // Signed is not readable: an event without its id, type or object is refused, never a 5xx.
  if (!isReadableEvent(event)) throw badRequest("The event is not one Stripe sends: it has no id, type or object");
  return { received: true, applied: await applyStripeEvent(db, jobs, event) };
}

function isReadableEvent(event: unknown): event is Stripe.Event {
  const candidate = event as { id?: unknown; type?: unknown; created?: unknown; data?: { object?: unknown } } | null;
  return (
    typeof candidate?.id === "string" &&
    candidate.id.length > 0 &&
    typeof candidate.type === "string" &&
    typeof candidate.created === "number" &&
    typeof candidate.data?.object === "object" &&
    candidate.data.object !== null
  );
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
    const outcome = await applyFresh(tx, jobs, event);
    if (outcome === true) return true;
    // Kept for admins (/admin/cases): what came signed and was not applied, and why; or what waits.
    await tx
      .update(stripeEvents)
      .set(
        typeof outcome === "string"
          ? { notApplied: outcome }
          : { waitingFor: outcome.waitingFor, payload: event as unknown as Record<string, unknown> },
      )
      .where(eq(stripeEvents.id, event.id));
    return false;
  });
}

/** What an event did: applied (true), not applied and why, or waiting for the payment it names. */
type Outcome = true | string | { waitingFor: string };

async function applyFresh(tx: Executor, jobs: JobQueue, event: Stripe.Event): Promise<Outcome> {
  // Our charges are the platform's own: an event of a connected account's is not about them.
  if (event.account && event.type !== "account.updated") return `An event of the account ${event.account}, not ours`;
  switch (event.type) {
    case "account.updated":
      await accountUpdated(tx, event.data.object);
      return true;
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      return checkoutPaid(tx, jobs, event.data.object, new Date(event.created * 1000));
    case "charge.refunded":
      return chargeRefunded(tx, jobs, event.data.object);
    case "charge.dispute.created":
      return disputeOpened(tx, jobs, event.data.object);
    case "charge.dispute.closed":
      return disputeClosed(tx, jobs, event.data.object);
    case "transfer.created":
      await applyRelease(tx, jobs, event.data.object, "stripe");
      return true;
    default:
      return true;
  }
}

/** Whether the act may take card payments: Stripe lets its account charge and pay out. */
async function accountUpdated(tx: Executor, account: Stripe.Account): Promise<void> {
  await tx
    .update(acts)
    .set({ cardPayments: Boolean(account.charges_enabled && account.payouts_enabled) })
    .where(eq(acts.stripeAccountId, account.id));
}

/** A Stripe field that is an id, or the object it names when expanded. */
export const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === "string" ? value : (value?.id ?? null);

/** A Checkout Session paid: the payment it names is paid by card (the session's amount checked). */
async function checkoutPaid(
  tx: Executor,
  jobs: JobQueue,
  session: Stripe.Checkout.Session,
  at: Date,
): Promise<Outcome> {
  if (session.payment_status !== "paid") return true;
  const paymentId = Number(session.metadata?.payment_id);
  const intentId = idOf(session.payment_intent);
  if (!Number.isSafeInteger(paymentId) || !intentId) return "A paid session that names no payment of ours";
  return cardPaymentPaid(tx, jobs, {
    paymentId,
    intentId,
    amountCents: session.amount_total,
    currency: session.currency,
    sessionId: session.id,
    at,
    by: "stripe",
  });
}

/** A charge Stripe made for one of our payments: on Checkout (by webhook) or off-session (by our job). */
export interface CardCharged {
  paymentId: number;
  intentId: string;
  amountCents: number | null;
  currency: string | null;
  /** The Checkout Session paid, or null for a saved card charged off-session. */
  sessionId: string | null;
  at: Date;
  by: "stripe" | "time";
}

/**
 * A card charge for a payment: its payment is paid by card and held by us until its release. The
 * booking is locked first, as for every move of it, so a cancellation at the same moment either
 * came first (and the money goes back whole: it was never the booking's) or counts this
 * payment. A charge whose amount or currency is not the payment's is not applied: answered
 * with why, and kept for admins to see. The same charge told twice changes nothing more.
 */
export async function cardPaymentPaid(tx: Executor, jobs: JobQueue, charged: CardCharged): Promise<Outcome> {
  const { paymentId, intentId, at } = charged;
  const unwantedKey = `unwanted-${charged.sessionId ?? intentId}`;
  const [found] = await tx
    .select({ bookingId: payments.bookingId, amountCents: payments.amountCents, provider: bookings.provider })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(eq(payments.id, paymentId));
  if (found?.provider !== "stripe") return `A paid session for payment ${paymentId}, which is not paid by card`;
  if (charged.amountCents !== found.amountCents || charged.currency?.toLowerCase() !== "usd")
    return `A paid session of ${charged.amountCents} ${charged.currency} for payment ${paymentId}, which is ${found.amountCents} usd`;
  const paid = await runBookingMove(
    tx,
    jobs,
    { bookingId: found.bookingId, move: "payByCard", by: charged.by },
    async (booking) => {
      const { row } = booking;
      const payment = booking.payments.find((each) => each.id === paymentId)!;
      // This very charge, told again (the job's retry after Stripe answered): nothing more.
      if (payment.paymentIntentId === intentId) return { result: false };
      if (payment.status !== "due" || booking.status === "cancelled") {
        await scheduleCardRefund(tx, jobs, {
          paymentIntentId: intentId,
          paymentId: null,
          cents: charged.amountCents ?? 0,
          key: unwantedKey,
        });
        // What Stripe kept of it is read next, and written in the booking's ledger.
        await jobs.schedule(tx, "card_charge", {
          key: unwantedKey,
          runAt: new Date(),
          data: { subject: `Booking ${row.booking.number}`, bookingId: row.booking.id, paymentIntentId: intentId },
        });
        return { result: false };
      }
      const release = releaseAt(payment.kind, row.policy, dayIn(row.event.starttime, row.timeZone), row.timeZone, at);
      const marked = await payoutMarked(tx, row.act.managerId);
      const when =
        release <= at ? "as soon as it may be" : `on ${formatShortCalendarDate(dayIn(release, row.timeZone))}`;
      const paidFacts = { ...bookingFacts(row), price: formatPrice(payment.amountCents), paymentKind: payment.kind };
      return {
        payments: [
          {
            id: paymentId,
            set: {
              status: "paid",
              paidAt: at,
              paidOn: dayIn(at, row.timeZone),
              method: "card",
              paymentIntentId: intentId,
              ...(charged.sessionId ? { checkoutSessionId: charged.sessionId } : {}),
              releaseAt: release,
            },
          },
        ],
        ledger: [
          {
            paymentId,
            memo: `${payment.kind === "deposit" ? "Deposit" : "Balance"} paid by card, held until its release`,
            lines: [
              { account: "platform_held", amountCents: payment.amountCents },
              { account: "planner_owes", amountCents: -payment.amountCents },
            ],
          },
        ],
        notices: [
          {
            to: row.act.managerId,
            kind: "card_paid",
            facts: {
              fromName: row.planner.name,
              ...paidFacts,
              // Releases wait for the admins' marks of the act's W-9 and direct deposit as well as their day.
              due: marked ? when : `${when}, once an admin has marked your W-9 and direct deposit details received`,
            },
          },
          { to: row.planner.id, kind: "payment_received", facts: paidFacts },
        ],
        result: true,
      };
    },
  );
  if (!paid) return true;
  // What Stripe kept of the charge, and the charge every transfer of it names, are read next.
  await jobs.schedule(tx, "card_charge", {
    key: String(paymentId),
    runAt: new Date(),
    data: { subject: `Payment ${paymentId}`, paymentId },
  });
  // A refund of this charge that came before its completion is applied now, as if just received.
  const waiting = await tx
    .update(stripeEvents)
    .set({ waitingFor: null })
    .where(eq(stripeEvents.waitingFor, intentId))
    .returning({ payload: stripeEvents.payload });
  for (const { payload } of waiting) {
    const early = payload as unknown as Stripe.Event;
    if (early.type === "charge.refunded") await chargeRefunded(tx, jobs, early.data.object);
  }
  return true;
}

/**
 * Stripe refunded (some more of) a charge: the payment's refunds are what Stripe says in all,
 * so a retried or late event adds only what is new. The ledger takes it from the refund owed
 * (a cancellation or a case), any more from what the act earned, and out of what we hold.
 */
async function chargeRefunded(tx: Executor, jobs: JobQueue, charge: Stripe.Charge): Promise<Outcome> {
  const intentId = idOf(charge.payment_intent);
  if (!intentId || typeof charge.amount_refunded !== "number") return "A refunded charge without its payment";
  const [found] = await tx
    .select({ bookingId: payments.bookingId, paymentId: payments.id })
    .from(payments)
    .where(eq(payments.paymentIntentId, intentId));
  // Before its checkout's completion (Stripe does not promise order), or of money that never became
  // a payment's (paid twice, or after a cancellation): kept until a payment of that charge is paid.
  if (!found) return { waitingFor: intentId };
  return runBookingMove(tx, jobs, { bookingId: found.bookingId, move: "refundedByCard", by: "stripe" }, (booking) => {
    const payment = booking.payments.find((each) => each.id === found.paymentId)!;
    const added = Math.min(charge.amount_refunded, payment.amountCents) - payment.refundedCents;
    if (added <= 0) return { result: true };
    const owed = -booking.balances.refund_owed;
    const fromOwed = Math.min(Math.max(owed, 0), added);
    const refunded = payment.refundedCents + added;
    return {
      payments: [
        {
          id: payment.id,
          set: {
            status: "refunded",
            refundedCents: refunded,
            refundAskedCents: Math.max(refunded, payment.refundAskedCents),
          },
        },
      ],
      notices: [
        {
          to: booking.row.planner.id,
          kind: "refund_paid",
          facts: {
            ...bookingFacts(booking.row),
            price: formatPrice(added),
            reason: `${formatPrice(added)} of your ${payment.kind} is refunded to your card: your bank shows it in 5 to 10 days`,
          },
        },
      ],
      ledger: [
        {
          paymentId: payment.id,
          memo: REFUND_PAID_MEMOS.card,
          lines: [
            { account: "refund_owed", amountCents: fromOwed },
            { account: "act_earned", amountCents: added - fromOwed },
            { account: "platform_held", amountCents: -added },
          ],
        },
      ],
      result: true,
    };
  });
}

/**
 * Money held was transferred to the act's account, less our fee: from the transfer itself (the
 * release pass) or its transfer.created event, whichever comes first; the other finds it done.
 */
export async function applyRelease(
  tx: Executor,
  jobs: JobQueue,
  transfer: Stripe.Transfer,
  by: "time" | "stripe" = "stripe",
): Promise<void> {
  const paymentId = Number(transfer.metadata?.payment_id);
  const feeCents = Number(transfer.metadata?.fee_cents ?? 0);
  if (!Number.isSafeInteger(paymentId) || !Number.isSafeInteger(feeCents) || !Number.isSafeInteger(transfer.amount))
    return;
  const [found] = await tx.select({ bookingId: payments.bookingId }).from(payments).where(eq(payments.id, paymentId));
  if (!found) return;
  await runBookingMove(
    tx,
    jobs,
    { bookingId: found.bookingId, move: "release", by },
    ({ row, payments: paymentRows }) => {
      const payment = paymentRows.find((each) => each.id === paymentId)!;
      if (payment.transferId) return { result: undefined };
      const what = payment.kind === "deposit" ? "Deposit" : "Balance";
      return {
        payments: [
          { id: paymentId, set: { transferId: transfer.id, releasedCents: transfer.amount + feeCents, feeCents } },
        ],
        notices: [
          {
            to: row.act.managerId,
            kind: "payout_sent",
            facts: {
              ...bookingFacts(row),
              price: formatPrice(transfer.amount),
              paymentKind: payment.kind,
              due: feeCents ? `, after the platform's fee of ${formatPrice(feeCents)}` : "",
            },
          },
        ],
        ledger: [
          {
            paymentId,
            memo: `${what} released to the act${feeCents ? ", less the platform's fee" : ""}`,
            lines: [
              { account: "act_received", amountCents: transfer.amount },
              { account: "platform_held", amountCents: -transfer.amount },
              { account: "act_earned", amountCents: feeCents },
              { account: "platform_fee", amountCents: -feeCents },
            ],
          },
        ],
        result: undefined,
      };
    },
  );
}

/** Whether admins have marked the manager's W-9 and direct deposit details received: releases wait for both. */
async function payoutMarked(tx: Executor, managerId: string | null): Promise<boolean> {
  if (!managerId) return false;
  const [row] = await tx
    .select({ w9: users.w9Received, deposit: users.directDepositReceived })
    .from(users)
    .where(eq(users.id, managerId));
  return Boolean(row?.w9 && row.deposit);
}
