// The names of a booking's and an offer's jobs, and calling them off: what the runners and the schedulers share.
import type { Executor } from "#server/db/client";
import type { JobQueue } from "#server/jobs/job-queue";
import { EVENT_REMINDER_DAYS, PAYMENT_KINDS, PAYMENT_REMINDER_DAYS } from "../../bookings";

export const paymentReminderKey = (bookingNumber: string, kind: string, days: number) =>
  `${bookingNumber}:${kind}:${days}`;

/** A payment's off-session charge on its day, once per booking and payment kind. */
export const paymentChargeKey = (bookingNumber: string, kind: string) => `${bookingNumber}:${kind}`;

/** The booking is cancelled: its moments, and its payments' reminders, are called off. */
export async function cancelBookingJobs(tx: Executor, jobs: JobQueue, bookingNumbers: string[]): Promise<void> {
  for (const number of bookingNumbers) {
    for (const days of EVENT_REMINDER_DAYS) await jobs.cancel(tx, "event_reminder", `${number}:${days}`);
    for (const kind of PAYMENT_KINDS)
      for (const days of PAYMENT_REMINDER_DAYS)
        await jobs.cancel(tx, "payment_due", paymentReminderKey(number, kind, days));
    for (const kind of PAYMENT_KINDS) await jobs.cancel(tx, "payment_charge", paymentChargeKey(number, kind));
    await jobs.cancel(tx, "review_request", number);
  }
}

/** The offer was answered: nothing is left to remind of, or to close. */
export async function cancelOfferJobs(tx: Executor, jobs: JobQueue, offerIds: number[]): Promise<void> {
  for (const id of offerIds) {
    await jobs.cancel(tx, "offer_expiring", String(id));
    await jobs.cancel(tx, "offer_expire", String(id));
  }
}
