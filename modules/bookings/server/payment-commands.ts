// The moves on a booking's payments: offline, the act's manager records what the planner paid it.
import { eq } from "drizzle-orm";
import { addDays, formatShortCalendarDate } from "#domain/calendar-days";
import { MESSAGES } from "#domain/messages";
import { canManageAct } from "#domain/permissions";
import { formatPrice } from "#domain/prices";
import type { MessageResult } from "#domain/resources/results";
import type { Database, Executor } from "#server/db/client";
import { acts } from "#modules/acts/server/tables";
import { bookings, events, payments } from "#modules/bookings/server/tables";
import { conflict, forbidden, notFound, validationFailed } from "#server/errors";
import type { JobQueue } from "#server/jobs/job-queue";
import { actAccess } from "#modules/acts/server";
import type { SessionUser } from "#domain/session-user";
import { dayIn } from "../events";
import { PAYMENT_METHOD_NAMES, REFUND_PAID_MEMOS } from "../money";
import type { RecordPaymentInput, RecordRefundInput } from "../schemas";
import { type BookingNow, type PaymentRow, runBookingMove, bookingFacts } from "./process/run-booking-move";

/**
 * The payment's booking, when the viewer manages its act (or is an admin); its booking's planner
 * is told they may not, anyone else that there is no such payment. Read without a lock: the
 * move locks the booking and reads the payment again.
 */
async function managedPayment(tx: Executor, viewer: SessionUser, paymentId: number) {
  const [row] = await tx
    .select({ bookingId: bookings.id, provider: bookings.provider, act: acts, plannerId: events.plannerId })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .innerJoin(acts, eq(acts.id, bookings.actId))
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(eq(payments.id, paymentId));
  const manages = row !== undefined && canManageAct(viewer, actAccess(row.act));
  if (!row || (!manages && row.plannerId !== viewer.id)) throw notFound("No such payment");
  if (!manages) throw forbidden(MESSAGES.paymentNotYours);
  if (row.provider === "stripe") throw conflict(MESSAGES.paidByCard);
  return row;
}

/** The payment as the move found it, once its booking was locked. */
const paymentIn = (booking: BookingNow, paymentId: number): PaymentRow =>
  booking.payments.find((payment) => payment.id === paymentId)!;

/**
 * The day money changed hands, as the person says it: in the event's zone, not after today and
 * not more than a year before (a mistyped year would move the ledger decades back).
 */
function requirePaidOnRecently(paidOn: string, timeZone: string | null, now: Date): void {
  const today = dayIn(now, timeZone);
  if (paidOn > today) throw validationFailed({ paid_on: [MESSAGES.paidInFuture] });
  if (paidOn < addDays(today, -365)) throw validationFailed({ paid_on: [MESSAGES.paidLongAgo] });
}

/**
 * The act's manager (or an admin) says a payment reached the act: it is paid, the ledger moves
 * it from what the planner owes to what the act received, and the planner is told. Anyone who
 * may not see the booking is told there is no such payment; its planner, that they may not.
 * A booking cancelled meanwhile refuses it (the cancellation decided on what was paid then).
 */
export async function recordPayment(
  db: Database,
  jobs: JobQueue,
  viewer: SessionUser,
  paymentId: number,
  input: RecordPaymentInput,
  now = new Date(),
): Promise<MessageResult> {
  return db.transaction(async (tx) => {
    const found = await managedPayment(tx, viewer, paymentId);
    return runBookingMove(tx, jobs, { bookingId: found.bookingId, move: "record", by: "act", now }, (booking) => {
      const { row } = booking;
      const payment = paymentIn(booking, paymentId);
      if (payment.status !== "due") throw conflict(MESSAGES.paymentAlreadyRecorded);
      requirePaidOnRecently(input.paid_on, row.timeZone, now);
      const what = payment.kind === "deposit" ? "Deposit" : "Balance";
      const price = formatPrice(payment.amountCents);
      const day = formatShortCalendarDate(input.paid_on);
      return {
        payments: [
          {
            id: paymentId,
            set: { status: "paid", paidAt: now, paidOn: input.paid_on, method: input.method, note: input.note },
          },
        ],
        ledger: [
          {
            paymentId,
            memo: `${what} paid to the act (${PAYMENT_METHOD_NAMES[input.method]}, ${input.paid_on})`,
            lines: [
              { account: "act_received", amountCents: payment.amountCents },
              { account: "planner_owes", amountCents: -payment.amountCents },
            ],
          },
        ],
        notices: [
          {
            to: row.planner.id,
            kind: "payment_recorded",
            facts: {
              ...bookingFacts(row),
              price,
              paymentKind: payment.kind,
              day,
            },
          },
        ],
        thread: {
          by: viewer,
          line: `${row.act.name} recorded the ${payment.kind} of ${price} as paid on ${day} (${PAYMENT_METHOD_NAMES[input.method].toLowerCase()}). Booking ${row.booking.number}.`,
        },
        result: { message: `${what} of ${price} recorded as paid` },
      };
    });
  });
}

/**
 * The act's manager says it paid money of this payment back to the planner: at most what was
 * paid and not yet refunded. The ledger takes it from the refund the act owes after a
 * cancellation or a case, and any more (a refund of goodwill) from what the act earned.
 */
export async function recordRefund(
  db: Database,
  jobs: JobQueue,
  viewer: SessionUser,
  paymentId: number,
  input: RecordRefundInput,
  now = new Date(),
): Promise<MessageResult> {
  return db.transaction(async (tx) => {
    const found = await managedPayment(tx, viewer, paymentId);
    return runBookingMove(tx, jobs, { bookingId: found.bookingId, move: "recordRefund", by: "act", now }, (booking) => {
      const { row } = booking;
      const payment = paymentIn(booking, paymentId);
      if (payment.status === "due") throw conflict(MESSAGES.refundAbovePaid);
      if (input.amount_cents > payment.amountCents - payment.refundedCents) throw conflict(MESSAGES.refundAbovePaid);
      requirePaidOnRecently(input.paid_on, row.timeZone, now);
      // What the policy or a case says comes back, and no more: money the act keeps stays its own.
      const owed = Math.max(-booking.balances.refund_owed, 0);
      if (input.amount_cents > owed) throw conflict(MESSAGES.refundAboveOwed);
      const price = formatPrice(input.amount_cents);
      const refunded = payment.refundedCents + input.amount_cents;
      return {
        payments: [
          {
            id: paymentId,
            set: {
              status: "refunded",
              refundedCents: refunded,
              refundAskedCents: Math.max(refunded, payment.refundAskedCents),
            },
          },
        ],
        ledger: [
          {
            paymentId,
            memo: `${REFUND_PAID_MEMOS.offline} (${PAYMENT_METHOD_NAMES[input.method]}, ${input.paid_on})`,
            lines: [
              { account: "refund_owed", amountCents: input.amount_cents },
              { account: "act_received", amountCents: -input.amount_cents },
            ],
          },
        ],
        notices: [
          {
            to: row.planner.id,
            kind: "refund_paid" as const,
            facts: {
              ...bookingFacts(row),
              price,
              reason: `${row.act.name} says it paid you back ${price} on ${formatShortCalendarDate(input.paid_on)} (${PAYMENT_METHOD_NAMES[input.method].toLowerCase()})`,
            },
          },
        ],
        thread: {
          by: viewer,
          line: `${row.act.name} recorded a refund of ${price} to the planner, paid on ${formatShortCalendarDate(input.paid_on)} (${PAYMENT_METHOD_NAMES[input.method].toLowerCase()}). Booking ${row.booking.number}.`,
        },
        result: { message: `Refund of ${price} recorded` },
      };
    });
  });
}
