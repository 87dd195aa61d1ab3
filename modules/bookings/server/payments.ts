import { eq } from "drizzle-orm";
import { PAYMENT_REMINDER_DAYS, dayAfter, morningOf, paymentSchedule } from "../bookings";
import { formatShortCalendarDate } from "#domain/calendar-days";
import { dayIn } from "../events";
import { formatPrice } from "#domain/prices";
import type { Database, Executor } from "#server/db/client";
import { payments } from "#modules/bookings/server/tables";
import type { JobQueue } from "#server/jobs/job-queue";
import { postToLedger } from "./ledger";
import { daysBetween } from "../money";
import { notNow } from "./booking-times";
import { paymentReminderKey } from "./process/booking-jobs";
import { runBookingMove, bookingFacts } from "./process/run-booking-move";
import { claimReminder } from "./process/sent-once";

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

/**
 * The `payment_due` job: the planner is reminded of a payment still due on a booking still
 * confirmed, once per payment and moment, and not after its day (a late run says how soon).
 */
export async function remindPaymentDue(
  db: Database,
  jobs: JobQueue,
  paymentId: number,
  days: number,
  now = new Date(),
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [found] = await tx.select({ bookingId: payments.bookingId }).from(payments).where(eq(payments.id, paymentId));
    if (!found) return false;
    return runBookingMove(
      tx,
      jobs,
      { bookingId: found.bookingId, move: "remindToPay", by: "time", now },
      async ({ row, payments: paymentRows }) => {
        const payment = paymentRows.find((each) => each.id === paymentId)!;
        // A late run says how soon it really is; none once the day has passed.
        const daysLeft = Math.min(days, daysBetween(dayIn(now, row.timeZone), payment.dueOn));
        if (payment.status !== "due" || daysLeft < 0) return { result: false };
        if (!(await claimReminder(tx, "payment_due", paymentReminderKey(row.booking.number, payment.kind, days))))
          return { result: false };
        return {
          notices: [
            {
              to: row.planner.id,
              kind: "payment_due" as const,
              facts: {
                ...bookingFacts(row),
                price: formatPrice(payment.amountCents),
                paymentKind: payment.kind,
                day: formatShortCalendarDate(payment.dueOn),
                soon: daysLeft === 0 ? "today" : daysLeft === 1 ? "tomorrow" : `in ${daysLeft} days`,
                // A card booking is paid through us: the reminder says where.
                ...(row.booking.provider === "stripe"
                  ? {
                      due: row.booking.cardSavedAt
                        ? `We charge it to the card you saved on ${formatShortCalendarDate(payment.dueOn)}; to pay another way, pay it from the booking's page before then.`
                        : "Pay it by card from the booking's page.",
                    }
                  : {}),
              },
            },
          ],
          result: true,
        };
      },
    ).catch(notNow);
  });
}
