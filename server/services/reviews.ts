import { eq } from "drizzle-orm";
import type { CreatedResult, MessageResult } from "../../domain/resources/results";
import { MESSAGES } from "../../domain/messages";
import type { AdminReviewInput } from "../../domain/schemas/review";
import type { Database } from "../db/client";
import { reviews } from "../db/schema";
import { notFound } from "../errors";
import { lockAct } from "./act-moderation";
import { recordModeration } from "./moderation-log";
import { notify } from "./notifications";
import type { SessionUser } from "./viewer";

/** An admin's review, under the reviewer name they give. */
export async function addAdminReview(db: Database, admin: SessionUser, actUrl: string, input: AdminReviewInput): Promise<CreatedResult> {
  return db.transaction(async (tx) => {
    const act = await lockAct(tx, actUrl);
    const [review] = await tx
      .insert(reviews)
      .values({ actId: act.id, authorId: admin.id, rating: input.rating, title: input.title, body: input.body, reviewerName: input.reviewer_name, allowReviewerName: true })
      .returning();
    await recordModeration(tx, {
      actId: act.id,
      actorId: admin.id,
      action: "add_review",
      before: {},
      after: { review_id: review!.id, rating: input.rating, title: input.title, reviewer_name: input.reviewer_name },
    });
    await notify(tx, act.managerId, "review_posted", { actName: act.name, actUrl: act.url, rating: input.rating });
    return { id: review!.id, message: "Review added" };
  });
}

export async function deleteReview(db: Database, admin: SessionUser, reviewId: number): Promise<MessageResult> {
  return db.transaction(async (tx) => {
    const [review] = await tx.select().from(reviews).where(eq(reviews.id, reviewId)).for("update");
    if (!review) throw notFound("No such review");
    await tx.delete(reviews).where(eq(reviews.id, reviewId));
    await recordModeration(tx, {
      actId: review.actId,
      actorId: admin.id,
      action: "delete_review",
      before: { review_id: review.id, rating: review.rating, title: review.title, body: review.body, reviewer_name: review.reviewerName },
      after: {},
    });
    return { message: MESSAGES.reviewDeleted };
  });
}
