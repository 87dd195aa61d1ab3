import { eq } from "drizzle-orm";
import { PAYMENT_REMINDER_DAYS, dayAfter, morningOf, paymentSchedule } from "../bookings";
import { formatShortCalendarDate } from "#modules/availability/calendar-days";
import { dayIn } from "../events";
import { formatPrice } from "#domain/prices";
import type { Database, Executor } from "#server/db/client";
import { acts, bookings, events, payments, places } from "#server/db/schema";
import type { JobQueue } from "#server/jobs/job-queue";
import { notify } from "#modules/notifications/server";
import { postToLedger } from "./ledger";

/**
 * A new booking's payments (its deposit and balance, each on a day where the event happens),
 * and for each the payer's reminders: 3 days before its day and on the day, at 9 AM there.
 * A reminder whose morning has passed (a deposit due today) is skipped.
 */
export async function schedulePayments(
  tx: Executor,
  jobs: JobQueue,
  booking: { id: number; number: string },
  offer: { priceCents: number; depositCents: number },
  eventStart: Date,
  timeZone: string | null,
  now = new Date(),
): Promise<void> {
  const schedule = paymentSchedule(
    offer.priceCents,
    offer.depositCents,
    dayIn(now, timeZone),
    dayIn(eventStart, timeZone),
  );
  if (!schedule.length) return;
  const made = await tx
    .insert(payments)
    .values(
      schedule.map((payment) => ({
        bookingId: booking.id,
        kind: payment.kind,
        amountCents: payment.amountCents,
        dueOn: payment.dueOn,
      })),
    )
    .returning({ id: payments.id, kind: payments.kind, dueOn: payments.dueOn, amountCents: payments.amountCents });
  for (const payment of made) {
    await postToLedger(tx, {
      booking,
      paymentId: payment.id,
      memo: `${payment.kind === "deposit" ? "Deposit" : "Balance"} due ${payment.dueOn}`,
      lines: [
        { account: "planner_owes", amountCents: payment.amountCents },
        { account: "act_earned", amountCents: -payment.amountCents },
      ],
    });
    for (const days of PAYMENT_REMINDER_DAYS) {
      const runAt = morningOf(dayAfter(payment.dueOn, -days), timeZone);
      if (runAt <= now) continue;
      await jobs.schedule(tx, "payment_due", {
        key: paymentReminderKey(booking.number, payment.kind, days),
        runAt,
        data: { subject: `Booking ${booking.number}`, paymentId: payment.id, days },
      });
    }
  }
}

export const paymentReminderKey = (bookingNumber: string, kind: string, days: number) =>
  `${bookingNumber}:${kind}:${days}`;

/** The `payment_due` job: the planner is reminded of a payment still due on a booking still confirmed. */
export async function remindPaymentDue(db: Database, paymentId: number, days: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        payment: payments,
        booking: bookings,
        eventName: events.name,
        plannerId: events.plannerId,
        cancelledAt: events.cancelledAt,
        actName: acts.name,
        actUrl: acts.url,
      })
      .from(payments)
      .innerJoin(bookings, eq(bookings.id, payments.bookingId))
      .innerJoin(events, eq(events.id, bookings.eventId))
      .innerJoin(acts, eq(acts.id, bookings.actId))
      .leftJoin(places, eq(places.id, events.placeId))
      .where(eq(payments.id, paymentId))
      .for("update", { of: payments });
    if (row?.payment.status !== "due" || row.booking.status !== "confirmed" || row.cancelledAt) return false;
    await notify(tx, row.plannerId, "payment_due", {
      actName: row.actName,
      actUrl: row.actUrl,
      eventName: row.eventName,
      bookingNumber: row.booking.number,
      price: formatPrice(row.payment.amountCents),
      paymentKind: row.payment.kind,
      day: formatShortCalendarDate(row.payment.dueOn),
      soon: days === 0 ? "today" : `in ${days} days`,
      // A card booking is paid through us: the reminder says where.
      ...(row.booking.provider === "stripe" ? { due: "Pay it by card from the booking's page." } : {}),
    });
    return true;
  });
}
