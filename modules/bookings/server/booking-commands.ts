// The moves on a booking itself (modules/bookings/booking-process.ts): either side cancels it.
import { MESSAGES } from "#domain/messages";
import type { MessageResult } from "#domain/resources/results";
import type { Database, Executor } from "#server/db/client";
import { forbidden } from "#server/errors";
import type { JobQueue } from "#server/jobs/job-queue";
import type { SessionUser } from "#domain/session-user";
import { type CancellingSide, refundWords } from "../money";
import type { CancelBookingInput } from "../schemas";
import { findBooking, sideOf } from "./booking-queries";
import { type BookingNow, type Decision, runBookingMove, bookingFacts } from "./process/run-booking-move";
import { refundIfCancelled } from "./process/what-was-paid";

/**
 * The booking's planner or its act's manager cancels it, before the event starts: what was paid
 * comes back by the policy (everything when the act cancels), less what was already given back,
 * owed by the act (offline) or refunded to the planner's card (a job asks Stripe); what was
 * still due is due no more; the booking's jobs are called off; the other side is told, and the
 * thread says it. The event itself goes on.
 */
export async function cancelBooking(
  db: Database,
  jobs: JobQueue,
  viewer: SessionUser,
  number: string,
  input: CancelBookingInput,
  now = new Date(),
): Promise<MessageResult> {
  return db.transaction(async (tx) => {
    const row = await findBooking(tx, viewer, number);
    const side = sideOf(row, viewer);
    if (!side) throw forbidden(MESSAGES.notABookingSide);
    const money = await runBookingMove(
      tx,
      jobs,
      { bookingId: row.booking.id, move: "cancelOne", by: side, now, refusedFrom: CANCEL_REFUSALS },
      (booking) => decideCancel(booking, viewer, side, input.reason),
    );
    return { message: `Booking ${row.booking.number} cancelled. ${money}` };
  });
}

const CANCEL_REFUSALS = {
  cancelled: MESSAGES.bookingAlreadyCancelled,
  completed: MESSAGES.bookingNotCancellable,
} as const;

/**
 * Its planner cancels the whole event: the booking ends as the planner cancelling it would, in
 * the event's transaction. Answers what it means for money, in words.
 */
export async function endBookingWithEvent(
  tx: Executor,
  jobs: JobQueue,
  planner: SessionUser,
  bookingId: number,
  reason: string,
  now = new Date(),
): Promise<string> {
  return runBookingMove(
    tx,
    jobs,
    { bookingId, move: "cancel", by: "planner", now, refusedFrom: CANCEL_REFUSALS },
    (booking) => decideCancel(booking, planner, "planner", reason),
  );
}

/**
 * The cancel move's decision: the refund by the one rule, what was due no longer due, the refund
 * owed (and, by card, asked of Stripe), the other side told, and the thread's line.
 */
function decideCancel(
  booking: BookingNow,
  viewer: SessionUser,
  side: CancellingSide,
  reason: string,
): Decision<string> {
  const { row } = booking;
  const { refundCents, keptCents } = refundIfCancelled(row, booking.payments, booking.balances, side, booking.now);
  const money = refundWords(refundCents, keptCents);
  const noLongerDue = booking.payments
    .filter((payment) => payment.status === "due")
    .map((payment) => ({
      paymentId: payment.id,
      memo: `${payment.kind === "deposit" ? "Deposit" : "Balance"} no longer due: the booking is cancelled`,
      lines: [
        { account: "act_earned" as const, amountCents: payment.amountCents },
        { account: "planner_owes" as const, amountCents: -payment.amountCents },
      ],
    }));
  const owed = {
    memo: `Refund owed by the act on cancelling (${side === "act" ? "the act cancelled" : `${row.policy} policy`})`,
    lines: [
      { account: "act_earned" as const, amountCents: refundCents },
      { account: "refund_owed" as const, amountCents: -refundCents },
    ],
  };
  return {
    booking: { cancelledAt: booking.now, cancelledBy: side, cancelReason: reason },
    ledger: [...noLongerDue, owed],
    ...(row.booking.provider === "stripe" ? { cardRefund: { cents: refundCents, key: "cancel" } } : {}),
    notices: [
      {
        to: side === "planner" ? row.act.managerId : row.planner.id,
        kind: "booking_cancelled",
        facts: {
          ...bookingFacts(row),
          fromName: viewer.name,
          excerpt: reason,
          due: money,
        },
      },
    ],
    thread: { by: viewer, line: `${viewer.name} cancelled booking ${row.booking.number}: "${reason}". ${money}` },
    result: money,
  };
}
