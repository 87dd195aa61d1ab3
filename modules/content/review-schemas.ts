import { z } from "zod";
import { LIMITS } from "#domain/limits";
import { MESSAGES } from "#domain/messages";
import { optionalLine, optionalText, requiredLine, requiredText, text, urlSlugSchema } from "#domain/schemas/fields";

const rating = z
  .number({ error: MESSAGES.ratingRequired })
  .int(MESSAGES.ratingRequired)
  .min(LIMITS.ratingMin, MESSAGES.ratingRequired)
  .max(LIMITS.ratingMax, MESSAGES.ratingRequired);

const reviewBase = z.object({
  rating,
  title: requiredLine(LIMITS.title, MESSAGES.reviewTitleRequired),
  body: requiredText(LIMITS.reviewBody, MESSAGES.reviewBodyRequired),
});

/** An admin's review names its reviewer. */
export const adminReviewSchema = reviewBase.extend({
  reviewer_name: requiredLine(LIMITS.reviewerName, MESSAGES.reviewerNameRequired),
  /** Why it is added (from the act's former site, a phone call…): shown with it, so that readers can weigh it. */
  reason: optionalLine(LIMITS.reviewSourceNote),
});

/** A planner's review names the event it is for; showing their name defaults to yes. */
export const plannerReviewSchema = reviewBase.extend({
  event_url: text({ error: MESSAGES.eventRequired }).trim().min(1, MESSAGES.eventRequired).pipe(urlSlugSchema),
  allow_reviewer_name: z.boolean({ error: "Must be true or false" }).default(true),
});

/** The act's answer to a review. */
export const reviewReplySchema = z.object({ body: requiredText(LIMITS.reviewReply, MESSAGES.reviewReplyRequired) });

/** Why an admin removes a review: told to its reviewer and the act. */
export const reviewRemovalSchema = z.object({ reason: optionalText(LIMITS.reviewReply) });

export type ReviewReplyInput = z.infer<typeof reviewReplySchema>;
export type ReviewRemovalInput = z.infer<typeof reviewRemovalSchema>;
export type AdminReviewInput = z.infer<typeof adminReviewSchema>;
export type PlannerReviewInput = z.infer<typeof plannerReviewSchema>;
