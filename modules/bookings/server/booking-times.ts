import { and, eq } from "drizzle-orm";
import { formatShortCalendarDate } from "#modules/availability/calendar-days";
import { formatPrice } from "#domain/prices";
import { EVENT_REMINDER_DAYS, PAYMENT_KINDS, PAYMENT_REMINDER_DAYS, morningAround } from "../bookings";
import { formatEventTime } from "#domain/time-zones";
import type { Database, Executor } from "#server/db/client";
import { acts, bookings, events, payments, places, users } from "#server/db/schema";
import type { JobQueue } from "#server/jobs/job-queue";
import { notify } from "#modules/notifications/server";
import { contactLine } from "./book-act";
import { paymentReminderKey } from "./payments";

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

/** The booking is gone (its event cancelled): its moments, and its payments' reminders, are called off. */
export async function cancelBookingJobs(tx: Executor, jobs: JobQueue, bookingNumbers: string[]): Promise<void> {
  for (const number of bookingNumbers) {
    for (const days of EVENT_REMINDER_DAYS) await jobs.cancel(tx, "event_reminder", `${number}:${days}`);
    for (const kind of PAYMENT_KINDS)
      for (const days of PAYMENT_REMINDER_DAYS)
        await jobs.cancel(tx, "payment_due", paymentReminderKey(number, kind, days));
    await jobs.cancel(tx, "review_request", number);
  }
}

/** A booking with both sides' contacts, locked against a change meanwhile. */
async function lockedBooking(tx: Executor, bookingId: number) {
  const [row] = await tx
    .select({ booking: bookings, event: events, act: acts, timeZone: places.timeZone })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .innerJoin(acts, eq(acts.id, bookings.actId))
    .leftJoin(places, eq(places.id, events.placeId))
    .where(eq(bookings.id, bookingId))
    .for("update", { of: bookings });
  return row;
}

/** What the planner still owes, as the reminder says it. */
function stillDue(due: { kind: string; amountCents: number; dueOn: string }[]): string {
  if (!due.length) return "Nothing is left to pay.";
  return `Still due: ${due.map((payment) => `the ${payment.kind} of ${formatPrice(payment.amountCents)} (${formatShortCalendarDate(payment.dueOn)})`).join(" and ")}.`;
}

const contactOf = async (tx: Executor, userId: string | null) =>
  userId
    ? (
        await tx
          .select({ name: users.name, email: users.email, phone: users.phone })
          .from(users)
          .where(eq(users.id, userId))
      )[0]
    : undefined;

/** The `event_reminder` job: both sides of a booking still confirmed are told what, when, where, what is due, and whom to reach. */
export async function remindOfEvent(db: Database, bookingId: number, days: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await lockedBooking(tx, bookingId);
    if (row?.booking.status !== "confirmed" || row.event.cancelledAt) return false;
    const [planner, manager] = await Promise.all([
      contactOf(tx, row.event.plannerId),
      contactOf(tx, row.act.managerId),
    ]);
    const facts = {
      actName: row.act.name,
      actUrl: row.act.url,
      eventName: row.event.name,
      bookingNumber: row.booking.number,
      when: formatEventTime(row.event.starttime, row.timeZone),
      venue: row.event.venue ? `${row.event.venue}, ${row.event.location}` : row.event.location,
      soon: days === 1 ? "tomorrow" : `in ${days} days`,
      due: stillDue(
        await tx
          .select({ kind: payments.kind, amountCents: payments.amountCents, dueOn: payments.dueOn })
          .from(payments)
          .where(and(eq(payments.bookingId, bookingId), eq(payments.status, "due"))),
      ),
    };
    await notify(tx, row.event.plannerId, "event_reminder", {
      ...facts,
      contact: manager ? contactLine(manager) : `${row.act.name}, through its messages`,
    });
    if (planner)
      await notify(tx, row.act.managerId, "event_reminder", {
        ...facts,
        contact: contactLine({ ...planner, phone: row.booking.plannerPhone ?? planner.phone }),
      });
    return true;
  });
}

/** The `review_request` job, the morning after the event: the booking is completed and its planner asked, once, for a review. */
export async function requestReview(db: Database, bookingId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await lockedBooking(tx, bookingId);
    if (row?.booking.status !== "confirmed" || row.event.cancelledAt) return false;
    await tx.update(bookings).set({ status: "completed" }).where(eq(bookings.id, bookingId));
    await notify(tx, row.event.plannerId, "review_requested", {
      actName: row.act.name,
      actUrl: row.act.url,
      eventName: row.event.name,
      eventUrl: row.event.url,
    });
    return true;
  });
}
