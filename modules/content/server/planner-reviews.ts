import { and, asc, eq, isNull, sql, ne } from "drizzle-orm";
import type { ReviewableEvent } from "#modules/bookings/answers";
import type { CreatedResult } from "#domain/resources/results";
import type { PlannerReviewInput } from "../review-schemas";
import type { Database, Executor } from "#server/db/client";
import { isUniqueViolation } from "#server/db/errors";
import { bookings, events } from "#modules/bookings/server/tables";
import { places } from "#server/db/schema";
import { reviews } from "#modules/content/server/tables";
import { type BookingStatus, bookingStatusAt } from "#modules/bookings/bookings";
import { MESSAGES } from "#domain/messages";
import { conflict, forbidden, validationFailed } from "#server/errors";
import { findVisibleAct } from "#modules/acts/server";
import { notify } from "#modules/notifications/server";
import type { SessionUser } from "#domain/session-user";

export const NOT_ELIGIBLE = "Choose one of your events in which this act was booked and that has started";

/** A booking on one of a planner's events that no review of the act for that event answers yet. */
export interface UnreviewedBooking {
  actId: number;
  url: string;
  name: string;
  starttime: Date;
  status: BookingStatus;
  timeZone: string | null;
}

/**
 * The planner's bookings without a review, soonest event first: with the time, all that decides
 * which of their events may review which act. One list per planner, so a page can keep it
 * (server/cache/viewer-cache.ts) and find any act's reviewable events in it.
 */
export async function unreviewedBookings(db: Executor, plannerId: string): Promise<UnreviewedBooking[]> {
  return db
    .select({
      actId: bookings.actId,
      url: events.url,
      name: events.name,
      starttime: events.starttime,
      status: bookings.status,
      timeZone: places.timeZone,
    })
    .from(events)
    .innerJoin(bookings, eq(bookings.eventId, events.id))
    .leftJoin(places, eq(places.id, events.placeId))
    .where(
      and(
        eq(events.plannerId, plannerId),
        isNull(events.cancelledAt),
        ne(bookings.status, "cancelled"),
        notReviewed(bookings.actId),
      ),
    )
    .orderBy(asc(events.starttime), asc(events.id));
}

/**
 * The planner's events that booked this act, are over (the booking completed: the day after the
 * event, where it happens), and have no review of it yet: a verified review is of what happened.
 */
export function reviewableEvents(
  unreviewed: readonly UnreviewedBooking[],
  actId: number,
  now = new Date(),
): ReviewableEvent[] {
  return unreviewed
    .filter(
      (booking) =>
        booking.actId === actId &&
        bookingStatusAt(booking.status, booking.starttime, booking.timeZone, now) === "completed",
    )
    .map(({ url, name }) => ({ url, name }));
}

export async function eligibleEvents(
  db: Executor,
  planner: SessionUser,
  actId: number,
  now = new Date(),
): Promise<ReviewableEvent[]> {
  return reviewableEvents(await unreviewedBookings(db, planner.id), actId, now);
}

const notReviewed = (actId: typeof bookings.actId) =>
  sql`not exists (select 1 from ${reviews} where ${reviews.actId} = ${actId} and ${reviews.eventId} = ${events.id})`;

export async function eligibleEventsForAct(
  db: Executor,
  viewer: SessionUser,
  actUrl: string,
): Promise<ReviewableEvent[]> {
  if (viewer.role !== "PLANNER") throw forbidden("Only planners review the acts they booked");
  const act = await findVisibleAct(db, actUrl, viewer);
  return eligibleEvents(db, viewer, act.id);
}

/**
 * A verified review: the planner booked the act for this event, which is over. A booking of it
 * cancelled, or an event still to come, is told so (422 'You can review an act after its event').
 */
export async function addPlannerReview(
  db: Database,
  planner: SessionUser,
  actUrl: string,
  input: PlannerReviewInput,
): Promise<CreatedResult> {
  const act = await findVisibleAct(db, actUrl, planner);
  const [event] = await db
    .select()
    .from(events)
    .where(and(eq(events.url, input.event_url), eq(events.plannerId, planner.id)))
    .limit(1);
  if (!event) throw validationFailed({ event_url: [NOT_ELIGIBLE] });
  const [existing] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.actId, act.id), eq(reviews.eventId, event.id)))
    .limit(1);
  if (existing) throw conflict("You have already reviewed this act for this event");
  const eligible = await eligibleEvents(db, planner, act.id);
  if (!eligible.some((item) => item.url === event.url)) {
    const [booked] = await db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.eventId, event.id), eq(bookings.actId, act.id)))
      .limit(1);
    throw validationFailed({ event_url: [booked ? MESSAGES.reviewAfterEvent : NOT_ELIGIBLE] });
  }
  try {
    // The review and its notification are one write.
    const [review] = await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(reviews)
        .values({
          actId: act.id,
          eventId: event.id,
          authorId: planner.id,
          rating: input.rating,
          title: input.title,
          body: input.body,
          reviewerName: planner.name,
          allowReviewerName: input.allow_reviewer_name,
          source: "booking",
        })
        .returning({ id: reviews.id });
      await notify(tx, act.managerId, "review_posted", { actName: act.name, actUrl: act.url, rating: input.rating });
      return inserted;
    });
    return { id: review!.id, message: "Review added" };
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict("You have already reviewed this act for this event");
    throw error;
  }
}
