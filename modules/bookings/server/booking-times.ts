import { formatShortCalendarDate } from "#domain/calendar-days";
import { formatPrice } from "#domain/prices";
import { EVENT_REMINDER_DAYS, morningAround } from "../bookings";
import { formatEventTime } from "#domain/time-zones";
import type { Database, Executor } from "#server/db/client";

import type { JobQueue } from "#server/jobs/job-queue";
import { ApiError } from "#server/errors";
import { daysBetween } from "../money";
import { dayIn } from "../events";
import { contactLine } from "./book-act";
import { runBookingMove, bookingFacts } from "./process/run-booking-move";
import { claimReminder } from "./process/sent-once";

/**
 * A booking's moments, each the morning of a day where the event happens: both sides are
 * reminded 7 days and 1 day before, and the morning after, the planner is asked for a review
 * and the booking is completed. A moment already past when the booking is made is skipped
 * (a booking for tomorrow gets its day-before reminder only if that morning is still ahead).
 */
export async function scheduleBookingJobs(
  tx: Executor,
  jobs: JobQueue,
  booking: { id: number; number: string },
  eventStart: Date,
  timeZone: string | null,
  now = new Date(),
): Promise<void> {
  const data = { subject: `Booking ${booking.number}`, bookingId: booking.id };
  for (const days of EVENT_REMINDER_DAYS) {
    const runAt = morningAround(eventStart, timeZone, days);
    if (runAt > now)
      await jobs.schedule(tx, "event_reminder", { key: `${booking.number}:${days}`, runAt, data: { ...data, days } });
  }
  await jobs.schedule(tx, "review_request", {
    key: booking.number,
    runAt: morningAround(eventStart, timeZone, -1),
    data,
  });
}

/** What the planner still owes, as the reminder says it. */
function stillDue(due: { kind: string; amountCents: number; dueOn: string }[]): string {
  if (!due.length) return "Nothing is left to pay.";
  return `Still due: ${due.map((payment) => `the ${payment.kind} of ${formatPrice(payment.amountCents)} (${formatShortCalendarDate(payment.dueOn)})`).join(" and ")}.`;
}

/** How soon the event is, as a reminder says it: "tomorrow", "in 6 days". */
export function soonWords(daysBefore: number): string {
  return daysBefore === 1 ? "tomorrow" : `in ${daysBefore} days`;
}

/**
 * The `event_reminder` job: both sides of a booking still confirmed are told what, when, where,
 * what is due, and whom to reach; once per booking and moment, and only while the event's day
 * is still ahead (a job run late says how soon it really is, or, on the day, nothing).
 */
export async function remindOfEvent(
  db: Database,
  jobs: JobQueue,
  bookingId: number,
  days: number,
  now = new Date(),
): Promise<boolean> {
  return db.transaction(async (tx) =>
    runBookingMove(tx, jobs, { bookingId, move: "remind", by: "time", now }, async ({ row, payments: paymentRows }) => {
      const daysBefore = daysBetween(dayIn(now, row.timeZone), dayIn(row.event.starttime, row.timeZone));
      if (daysBefore < 1 || !(await claimReminder(tx, "event_reminder", `${row.booking.number}:${days}`)))
        return { result: false };
      const [planner, manager] = [row.planner, row.manager];
      const facts = {
        ...bookingFacts(row),
        when: formatEventTime(row.event.starttime, row.timeZone),
        venue: row.event.venue ? `${row.event.venue}, ${row.event.location}` : row.event.location,
        // A late run says how soon it really is; the scheduled words otherwise.
        soon: soonWords(Math.min(days, daysBefore)),
        due: stillDue(paymentRows.filter((payment) => payment.status === "due")),
      };
      return {
        notices: [
          {
            to: row.planner.id,
            kind: "event_reminder" as const,
            facts: { ...facts, contact: manager ? contactLine(manager) : `${row.act.name}, through its messages` },
          },
          {
            to: row.act.managerId,
            kind: "event_reminder" as const,
            facts: { ...facts, contact: contactLine({ ...planner, phone: row.booking.plannerPhone ?? planner.phone }) },
          },
        ],
        result: true,
      };
    }).catch(notNow),
  );
}

/**
 * The `review_request` job, the morning after the event: the booking is completed and its
 * planner asked, once, for a review.
 */
export async function requestReview(
  db: Database,
  jobs: JobQueue,
  bookingId: number,
  now = new Date(),
): Promise<boolean> {
  return db.transaction(async (tx) =>
    runBookingMove(tx, jobs, { bookingId, move: "complete", by: "time", now }, async ({ row }) => {
      const first = await claimReminder(tx, "review_request", row.booking.number);
      return {
        notices: first
          ? [
              {
                to: row.planner.id,
                kind: "review_requested" as const,
                facts: {
                  actName: row.act.name,
                  actUrl: row.act.url,
                  eventName: row.event.name,
                  eventUrl: row.event.url,
                },
              },
            ]
          : [],
        result: first,
      };
    }).catch(notNow),
  );
}

/** A job whose booking's move is refused (cancelled since, or not yet its day) has nothing to do: it is done, not failed. */
export function notNow(error: unknown): false {
  if (error instanceof ApiError && error.status === 409) return false;
  throw error;
}
