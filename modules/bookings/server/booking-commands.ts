// The moves on a booking itself (modules/bookings/booking-process.ts): either side cancels it.
import { eq } from "drizzle-orm";
import { MESSAGES } from "#domain/messages";
import type { MessageResult } from "#domain/resources/results";
import type { Database, Executor } from "#server/db/client";
import { bookings, payments } from "#server/db/schema";
import { conflict, forbidden } from "#server/errors";
import type { JobQueue } from "#server/jobs/job-queue";
import { recordInEventConversation } from "#modules/conversations/server";
import { notify } from "#modules/notifications/server";
import type { SessionUser } from "#domain/session-user";
import { BOOKING_MOVES, canMove } from "../booking-process";
import { type CancellingSide, refundWords } from "../money";
import type { CancelBookingInput } from "../schemas";
import { type BookingRow, findBooking, refundIfCancelled, sideOf } from "./booking-queries";
import { cancelBookingJobs } from "./booking-times";
import { refundBookingByCard } from "./card-refunds";
import { oweRefund, postToLedger } from "./ledger";

/**
 * The booking's planner or its act's manager cancels it: what was paid comes back by the
 * policy (everything when the act cancels), owed by the act (offline) or refunded to the
 * planner's card (a job asks Stripe), and written in the ledger; what was still due is due no
 * more; the booking's jobs are called off; the other side is told, and the thread says it. The
 * event itself goes on.
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
    const money = await endBooking(tx, jobs, viewer, row, side, input.reason, now);
    return { message: `Booking ${row.booking.number} cancelled. ${money}` };
  });
}

/**
 * Ends one booking in the caller's transaction (a side cancelling it, or its planner cancelling
 * the whole event): the refund by the policy, what was due no longer due, its jobs called off,
 * the other side told and the thread written. Answers what it means for money, in words.
 */
export async function endBooking(
  tx: Executor,
  jobs: JobQueue,
  viewer: SessionUser,
  row: BookingRow,
  side: CancellingSide,
  reason: string,
  now = new Date(),
): Promise<string> {
  const [locked] = await tx.select().from(bookings).where(eq(bookings.id, row.booking.id)).for("update");
  if (!locked || locked.status === "cancelled") throw conflict(MESSAGES.bookingAlreadyCancelled);
  if (!canMove(BOOKING_MOVES.cancelOne, locked.status)) throw conflict(MESSAGES.bookingNotCancellable);
  const paymentRows = await tx.select().from(payments).where(eq(payments.bookingId, locked.id)).for("update");
  const { refundCents, keptCents } = refundIfCancelled(row, paymentRows, side, now);
  await tx
    .update(bookings)
    .set({ status: "cancelled", cancelledAt: now, cancelledBy: side, cancelReason: reason })
    .where(eq(bookings.id, locked.id));
  for (const payment of paymentRows.filter((each) => each.status === "due")) {
    await postToLedger(tx, {
      booking: locked,
      paymentId: payment.id,
      memo: `${payment.kind === "deposit" ? "Deposit" : "Balance"} no longer due: the booking is cancelled`,
      lines: [
        { account: "act_earned", amountCents: payment.amountCents },
        { account: "planner_owes", amountCents: -payment.amountCents },
      ],
    });
  }
  await oweRefund(
    tx,
    locked,
    `Refund owed by the act on cancelling (${side === "act" ? "the act cancelled" : `${row.policy} policy`})`,
    refundCents,
  );
  if (locked.provider === "stripe") await refundBookingByCard(tx, jobs, paymentRows, refundCents, "cancel");
  await cancelBookingJobs(tx, jobs, [locked.number]);
  const money = refundWords(refundCents, keptCents);
  const facts = {
    actName: row.act.name,
    actUrl: row.act.url,
    eventName: row.event.name,
    bookingNumber: locked.number,
    fromName: viewer.name,
    excerpt: reason,
    due: money,
  };
  await notify(tx, side === "planner" ? row.act.managerId : row.planner.id, "booking_cancelled", facts);
  const line = `${viewer.name} cancelled booking ${locked.number}: "${reason}". ${money}`;
  await recordInEventConversation(
    tx,
    viewer,
    { plannerId: row.planner.id, actId: locked.actId, eventId: locked.eventId },
    "booking",
    line,
  );
  return money;
}
