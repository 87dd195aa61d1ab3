import { and, count, eq, inArray, isNull, sql } from "drizzle-orm";
import { canAnswerReview, canManageAct, canRemoveReviewAnswer } from "#domain/permissions";
import { reviewAnswerEditable } from "#domain/ratings";
import { messageExcerpt } from "#modules/notifications/notifications";
import type { ReviewRemovalInput, ReviewReplyInput } from "../review-schemas";
import type { Executor } from "#server/db/client";
import type { CreatedResult, MessageResult } from "#domain/resources/results";
import { MESSAGES } from "#domain/messages";
import type { AdminReviewInput } from "../review-schemas";
import type { Database } from "#server/db/client";
import { acts } from "#modules/acts/server/tables";
import { reviews } from "#modules/content/server/tables";
import { users } from "#modules/accounts/server/tables";
import { conflict, forbidden, notFound } from "#server/errors";
import { actAccess } from "#modules/acts/server";
import { lockAct } from "#modules/moderation/server";
import { recordModeration } from "#modules/moderation/server";
import { notify } from "#modules/notifications/server";
import type { SessionUser } from "#domain/session-user";
import { type ReadCache, cachedBatchRead } from "#server/cache/cached-read";
import { actTag } from "#server/db/change-notices";

/** An admin's review, under the reviewer name they give. */
export async function addAdminReview(
  db: Database,
  admin: SessionUser,
  actUrl: string,
  input: AdminReviewInput,
): Promise<CreatedResult> {
  return db.transaction(async (tx) => {
    const act = await lockAct(tx, actUrl);
    const [review] = await tx
      .insert(reviews)
      .values({
        actId: act.id,
        authorId: admin.id,
        rating: input.rating,
        title: input.title,
        body: input.body,
        reviewerName: input.reviewer_name,
        allowReviewerName: true,
        sourceNote: input.reason ?? null,
      })
      .returning();
    await recordModeration(tx, {
      actId: act.id,
      actorId: admin.id,
      action: "add_review",
      before: {},
      after: {
        review_id: review!.id,
        rating: input.rating,
        title: input.title,
        reviewer_name: input.reviewer_name,
        reason: input.reason ?? null,
      },
    });
    await notify(tx, act.managerId, "review_posted", { actName: act.name, actUrl: act.url, rating: input.rating });
    return { id: review!.id, message: "Review added" };
  });
}

/** A review and its act, when the caller manages the act (its artist, or an admin); 404 when there is no such review, 403 when it is not theirs. */
export async function findAnswerableReview(db: Executor, viewer: SessionUser, reviewId: number) {
  const [row] = await db
    .select({ review: reviews, act: acts })
    .from(reviews)
    .innerJoin(acts, eq(acts.id, reviews.actId))
    .where(eq(reviews.id, reviewId))
    .limit(1);
  if (!row) throw notFound("No such review");
  if (!canManageAct(viewer, actAccess(row.act))) throw forbidden("Only the act's artist answers its reviews");
  return row;
}

/** The act's one public answer to a review; its reviewer is told. A second answer is 409. */
export async function replyToReview(
  db: Database,
  viewer: SessionUser,
  reviewId: number,
  input: ReviewReplyInput,
): Promise<CreatedResult> {
  return db.transaction(async (tx) => {
    const { review, act } = await findAnswerableReview(tx, viewer, reviewId);
    // An admin may take an answer down, not write one in the act's name.
    if (!canAnswerReview(viewer, actAccess(act))) throw forbidden("Only the act's artist answers its reviews");
    const [answered] = await tx
      .update(reviews)
      .set({ replyBody: input.body, replyCreatedAt: new Date() })
      .where(and(eq(reviews.id, review.id), isNull(reviews.replyBody)))
      .returning({ id: reviews.id });
    if (!answered) throw conflict("This review already has an answer");
    if (review.authorId && review.source === "booking") {
      await notify(tx, review.authorId, "review_reply", {
        actName: act.name,
        actUrl: act.url,
        excerpt: messageExcerpt(input.body),
      });
    }
    return { id: review.id, message: "Answer posted" };
  });
}

/** Changes the act's answer, in its first day: its artist only. */
export async function editReviewReply(
  db: Database,
  viewer: SessionUser,
  reviewId: number,
  input: ReviewReplyInput,
): Promise<MessageResult> {
  return db.transaction(async (tx) => {
    const { review, act } = await findAnswerableReview(tx, viewer, reviewId);
    if (!canAnswerReview(viewer, actAccess(act))) throw forbidden("Only the act's artist answers its reviews");
    const [locked] = await tx
      .select({ body: reviews.replyBody, postedAt: reviews.replyCreatedAt })
      .from(reviews)
      .where(eq(reviews.id, review.id))
      .for("update");
    if (!locked?.body || !locked.postedAt) throw notFound("This review has no answer");
    if (!reviewAnswerEditable(locked.postedAt)) throw conflict(MESSAGES.reviewReplyEditOver);
    await tx.update(reviews).set({ replyBody: input.body, replyEditedAt: new Date() }).where(eq(reviews.id, review.id));
    return { message: "Answer changed" };
  });
}

/** Takes the act's answer down: an admin's moderation; the act may then answer again. */
export async function deleteReviewReply(db: Database, viewer: SessionUser, reviewId: number): Promise<MessageResult> {
  return db.transaction(async (tx) => {
    const { review, act } = await findAnswerableReview(tx, viewer, reviewId);
    if (!canRemoveReviewAnswer(viewer, actAccess(act))) throw forbidden("Only an admin takes an answer down");
    if (review.replyBody === null) throw notFound("This review has no answer");
    await tx
      .update(reviews)
      .set({ replyBody: null, replyCreatedAt: null, replyEditedAt: null })
      .where(eq(reviews.id, review.id));
    return { message: "Answer removed" };
  });
}

/** An admin removes a review, with a reason its reviewer and the act's artist are told. */
export async function deleteReview(
  db: Database,
  admin: SessionUser,
  reviewId: number,
  input: ReviewRemovalInput = { reason: null },
): Promise<MessageResult> {
  return db.transaction(async (tx) => {
    const [review] = await tx.select().from(reviews).where(eq(reviews.id, reviewId)).for("update");
    if (!review) throw notFound("No such review");
    await tx.delete(reviews).where(eq(reviews.id, reviewId));
    const [act] = await tx
      .select({ name: acts.name, url: acts.url, managerId: acts.managerId })
      .from(acts)
      .where(eq(acts.id, review.actId));
    const facts = {
      actName: act!.name,
      actUrl: act!.url,
      excerpt: messageExcerpt(review.title),
      reason: input.reason ?? null,
    };
    const [author] = review.authorId
      ? await tx.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, review.authorId))
      : [];
    // The reviewer, when a planner wrote it (an admin's own review tells nobody but the act).
    if (author && author.role === "PLANNER") await notify(tx, author.id, "review_removed", facts);
    await notify(tx, act!.managerId, "review_removed", facts);
    await recordModeration(tx, {
      actId: review.actId,
      actorId: admin.id,
      action: "delete_review",
      before: {
        review_id: review.id,
        rating: review.rating,
        title: review.title,
        body: review.body,
        reviewer_name: review.reviewerName,
        reason: input.reason ?? null,
      },
      after: {},
    });
    return { message: MESSAGES.reviewDeleted };
  });
}

/** One act's reviews, and how many of them come from verified bookings. */
interface ReviewCounts {
  count: number;
  verified: number;
}

/** The review counts of the acts at these addresses that have reviews, by address. */
async function readReviewCountsByAct(db: Executor, actUrls: readonly string[]): Promise<Map<string, ReviewCounts>> {
  const rows = await db
    .select({
      url: acts.url,
      count: count(),
      verified: sql<number>`count(*) filter (where ${reviews.source} = 'booking')`.mapWith(Number),
    })
    .from(reviews)
    .innerJoin(acts, eq(acts.id, reviews.actId))
    .where(inArray(acts.url, [...actUrls]))
    .groupBy(acts.url);
  return new Map(rows.map(({ url, ...counts }) => [url, counts]));
}

/**
 * Each act's review counts, kept by act (reviews notify their act's `act:<url>`): a crawler's
 * listings share their acts, so most of its listings find every act's counts kept and send no
 * statement for the sentence.
 */
const keptReviewCounts = cachedBatchRead<ReviewCounts>({
  name: "review-counts",
  maxEntries: 20_000,
  tag: actTag,
  read: readReviewCountsByAct,
  absent: { count: 0, verified: 0 },
});

/** How many reviews the acts at these addresses have, and how many of them come from verified bookings: a listing's sentence. */
export async function reviewSourceCounts(
  db: Executor,
  actUrls: readonly string[],
  cache?: ReadCache,
): Promise<ReviewCounts> {
  // No act, no statement: the batch reads only the acts it has not kept.
  const each = await keptReviewCounts({ db, cache }, [...new Set(actUrls)]);
  return {
    count: each.reduce((sum, counts) => sum + counts.count, 0),
    verified: each.reduce((sum, counts) => sum + counts.verified, 0),
  };
}
