// The moves on a booking's payments: offline, the act's manager records what the planner paid it.
import { eq } from "drizzle-orm";
import { formatShortCalendarDate } from "#modules/availability/calendar-days";
import { MESSAGES } from "#domain/messages";
import { canManageAct } from "#domain/permissions";
import { formatPrice } from "#domain/prices";
import type { MessageResult } from "#domain/resources/results";
import type { Database, Executor } from "#server/db/client";
import { acts, bookings, events, payments, places } from "#server/db/schema";
import { conflict, forbidden, notFound, validationFailed } from "#server/errors";
import { actAccess } from "#modules/acts/server";
import { recordInEventConversation } from "#modules/conversations/server";
import { notify } from "#modules/notifications/server";
import type { SessionUser } from "#domain/session-user";
import { dayIn } from "../events";
import { PAYMENT_METHOD_NAMES } from "../money";
import type { RecordPaymentInput, RecordRefundInput } from "../schemas";
import { bookingBalances, postToLedger } from "./ledger";

/**
 * The payment, locked for the change, when the viewer manages its act (or is an admin); its
 * booking's planner is told they may not, anyone else that there is no such payment.
 */
async function managedPayment(tx: Executor, viewer: SessionUser, paymentId: number) {
  const [row] = await tx
    .select({ payment: payments, booking: bookings, act: acts, event: events, timeZone: places.timeZone })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .innerJoin(acts, eq(acts.id, bookings.actId))
    .innerJoin(events, eq(events.id, bookings.eventId))
    .leftJoin(places, eq(places.id, events.placeId))
    .where(eq(payments.id, paymentId))
    .for("update", { of: payments });
  const manages = row !== undefined && canManageAct(viewer, actAccess(row.act));
  if (!row || (!manages && row.event.plannerId !== viewer.id)) throw notFound("No such payment");
  if (!manages) throw forbidden(MESSAGES.paymentNotYours);
  if (row.booking.provider === "stripe") throw conflict(MESSAGES.paidByCard);
  return row;
}

/**
 * The act's manager (or an admin) says a payment reached the act: it is paid, the ledger moves
 * it from what the planner owes to what the act received, and the planner is told. Anyone who
 * may not see the booking is told there is no such payment; its planner, that they may not.
 */
export async function recordPayment(
  db: Database,
  viewer: SessionUser,
  paymentId: number,
  input: RecordPaymentInput,
  now = new Date(),
): Promise<MessageResult> {
  return db.transaction(async (tx) => {
    const row = await managedPayment(tx, viewer, paymentId);
    if (row.booking.status === "cancelled") throw conflict(MESSAGES.bookingCancelled);
    if (row.payment.status !== "due") throw conflict(MESSAGES.paymentAlreadyRecorded);
    if (input.paid_on > dayIn(now, row.timeZone)) throw validationFailed({ paid_on: [MESSAGES.paidInFuture] });
    await tx
      .update(payments)
      .set({ status: "paid", paidAt: now, paidOn: input.paid_on, method: input.method, note: input.note })
      .where(eq(payments.id, paymentId));
    const what = row.payment.kind === "deposit" ? "Deposit" : "Balance";
    await postToLedger(tx, {
      booking: row.booking,
      paymentId,
      memo: `${what} paid to the act (${PAYMENT_METHOD_NAMES[input.method]}, ${input.paid_on})`,
      lines: [
        { account: "act_received", amountCents: row.payment.amountCents },
        { account: "planner_owes", amountCents: -row.payment.amountCents },
      ],
    });
    const price = formatPrice(row.payment.amountCents);
    await notify(tx, row.event.plannerId, "payment_recorded", {
      actName: row.act.name,
      actUrl: row.act.url,
      eventName: row.event.name,
      bookingNumber: row.booking.number,
      price,
      paymentKind: row.payment.kind,
      day: formatShortCalendarDate(input.paid_on),
    });
    const line = `${row.act.name} recorded the ${row.payment.kind} of ${price} as paid on ${formatShortCalendarDate(input.paid_on)} (${PAYMENT_METHOD_NAMES[input.method].toLowerCase()}). Booking ${row.booking.number}.`;
    await recordInEventConversation(
      tx,
      viewer,
      { plannerId: row.event.plannerId, actId: row.act.id, eventId: row.event.id },
      "booking",
      line,
    );
    return { message: `${what} of ${price} recorded as paid` };
  });
}

/**
 * The act's manager says it paid money of this payment back to the planner: at most what was
 * paid and not yet refunded. The ledger takes it from the refund the act owes after a
 * cancellation, and any more (a refund of goodwill) from what the act earned.
 */
export async function recordRefund(
  db: Database,
  viewer: SessionUser,
  paymentId: number,
  input: RecordRefundInput,
  now = new Date(),
): Promise<MessageResult> {
  return db.transaction(async (tx) => {
    const row = await managedPayment(tx, viewer, paymentId);
    if (row.payment.status === "due") throw conflict(MESSAGES.refundAbovePaid);
    if (input.amount_cents > row.payment.amountCents - row.payment.refundedCents)
      throw conflict(MESSAGES.refundAbovePaid);
    if (input.paid_on > dayIn(now, row.timeZone)) throw validationFailed({ paid_on: [MESSAGES.paidInFuture] });
    await tx
      .update(payments)
      .set({ status: "refunded", refundedCents: row.payment.refundedCents + input.amount_cents })
      .where(eq(payments.id, paymentId));
    const owed = -(await bookingBalances(tx, row.booking.number)).refund_owed;
    const fromOwed = Math.min(Math.max(owed, 0), input.amount_cents);
    const price = formatPrice(input.amount_cents);
    await postToLedger(tx, {
      booking: row.booking,
      paymentId,
      memo: `Refund paid to the planner (${PAYMENT_METHOD_NAMES[input.method]}, ${input.paid_on})`,
      lines: [
        { account: "refund_owed", amountCents: fromOwed },
        { account: "act_earned", amountCents: input.amount_cents - fromOwed },
        { account: "act_received", amountCents: -input.amount_cents },
      ],
    });
    await recordInEventConversation(
      tx,
      viewer,
      { plannerId: row.event.plannerId, actId: row.act.id, eventId: row.event.id },
      "booking",
      `${row.act.name} recorded a refund of ${price} to the planner, paid on ${formatShortCalendarDate(input.paid_on)} (${PAYMENT_METHOD_NAMES[input.method].toLowerCase()}). Booking ${row.booking.number}.`,
    );
    return { message: `Refund of ${price} recorded` };
  });
}
