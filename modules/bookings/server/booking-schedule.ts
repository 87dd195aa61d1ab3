// A booking's schedule: what the book move writes for its time and money.
import type { Executor } from "#server/db/client";
import type { JobQueue } from "#server/jobs/job-queue";
import { scheduleBookingJobs } from "./booking-times";
import { schedulePayments } from "./payments";

/**
 * What the book move writes for a booking's time and money: its payments (due in the ledger, with
 * their reminders) and its moments (reminders, the review request), as of `now`. The seed makes
 * the demo's bookings with it too, so they have schedules, payments and ledgers.
 */
export async function scheduleBooking(
  tx: Executor,
  jobs: JobQueue,
  booking: { id: number; number: string },
  offer: { priceCents: number; depositCents: number },
  event: { starttime: Date; timeZone: string | null },
  now = new Date(),
): Promise<void> {
  await scheduleBookingJobs(tx, jobs, booking, event.starttime, event.timeZone, now);
  await schedulePayments(tx, jobs, booking, offer, event.starttime, event.timeZone, now);
}
