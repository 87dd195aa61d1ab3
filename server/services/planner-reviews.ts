import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { ReviewableEvent } from "../../domain/resources/events";
import type { CreatedResult } from "../../domain/resources/results";
import type { PlannerReviewInput } from "../../domain/schemas/review";
import type { Database, Executor } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { acts, bookings, events, reviews } from "../db/schema";
import { conflict, forbidden, validationFailed } from "../errors";
import { findVisibleAct } from "./act-visibility";
import { notify } from "./notifications";
import type { SessionUser } from "./viewer";

export const NOT_ELIGIBLE = "Choose one of your events in which this act was booked and that has started";

/** The planner's events that have started, booked this act, and have no review of it yet. */
export async function eligibleEvents(db: Executor, planner: SessionUser, actId: number, now = new Date()) {
  return db
    .select({ url: events.url, name: events.name })
    .from(events)
    .innerJoin(bookings, and(eq(bookings.eventId, events.id), eq(bookings.actId, actId)))
    .where(and(eq(events.plannerId, planner.id), lte(events.starttime, now), notReviewed(bookings.actId)))
    .orderBy(asc(events.starttime));
}

/**
 * The same, for an act the caller already found and may see (the profile page): one query,
 * joined by the act's address, rather than reading the act again.
 */
export async function eligibleEventsByActUrl(db: Executor, planner: SessionUser, actUrl: string, now = new Date()): Promise<ReviewableEvent[]> {
  return db
    .select({ url: events.url, name: events.name })
    .from(events)
    .innerJoin(bookings, eq(bookings.eventId, events.id))
    .innerJoin(acts, and(eq(acts.id, bookings.actId), eq(acts.url, actUrl)))
    .where(and(eq(events.plannerId, planner.id), lte(events.starttime, now), notReviewed(bookings.actId)))
    .orderBy(asc(events.starttime));
}

const notReviewed = (actId: typeof bookings.actId) => sql`not exists (select 1 from ${reviews} where ${reviews.actId} = ${actId} and ${reviews.eventId} = ${events.id})`;

export async function eligibleEventsForAct(db: Executor, viewer: SessionUser, actUrl: string): Promise<ReviewableEvent[]> {
  if (viewer.role !== "PLANNER") throw forbidden("Only planners review the acts they booked");
  const act = await findVisibleAct(db, actUrl, viewer);
  return eligibleEvents(db, viewer, act.id);
}

/** A verified review: the planner booked the act for this event, which has started. */
export async function addPlannerReview(db: Database, planner: SessionUser, actUrl: string, input: PlannerReviewInput): Promise<CreatedResult> {
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
  if (!eligible.some((item) => item.url === event.url)) throw validationFailed({ event_url: [NOT_ELIGIBLE] });
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
