import { commandRoute } from "#server/api/command-route";
import { z } from "@hono/zod-openapi";
import { createdResultSchema, messageResultSchema } from "#domain/resources/results";
import { canAddReview } from "#domain/permissions";
import { reviewableEventSchema } from "#modules/bookings/answers";
import {
  type ReviewRemovalInput,
  adminReviewSchema,
  plannerReviewSchema,
  reviewRemovalSchema,
  reviewReplySchema,
} from "#modules/content/review-schemas";
import { badRequest, forbidden, validationError } from "#server/errors";
import { addPlannerReview, eligibleEventsForAct } from "#modules/content/server/planner-reviews";
import {
  addAdminReview,
  deleteReview,
  deleteReviewReply,
  editReviewReply,
  findAnswerableReview,
  replyToReview,
} from "#modules/content/server/reviews";
import { adminOnly, onItem, requireAdmin, requireViewer } from "#server/api/guards";
import { onAct } from "#modules/acts/server";
import { apiRoute, dataResponse, errorResponses } from "#server/api/route-docs";
import { idParam, actionRoute, actUrlParam, createRouter } from "#server/api/router";

// `unrepresentable: "any"` is zod's option for types JSON Schema cannot spell (none here), not a TypeScript any.
const reviewBodyDocument = z.toJSONSchema(z.union([adminReviewSchema, plannerReviewSchema]), {
  io: "input",
  unrepresentable: "any",
}) as Record<string, unknown>;

const reviewIdParam = idParam("reviewId");

export const reviewRoutes = createRouter()
  .openapi(
    ...commandRoute(
      apiRoute({
        method: "get",
        middleware: [onAct((viewer) => viewer.role === "PLANNER", "Planners")],
        path: "/entertainer-reviews/eligible-events-for-entertainer-review/{actUrl}",
        tags: ["Reviews"],
        summary: "The planner's started events in which the act was booked and not yet reviewed",
        request: { params: actUrlParam },
        responses: {
          200: dataResponse("Eligible events", z.array(reviewableEventSchema)),
        },
      }),
      (deps, c) => eligibleEventsForAct(deps.db, deps.viewer, c.req.valid("param").actUrl),
    ),
  )
  .openapi(
    apiRoute({
      method: "post",
      middleware: [onAct(canAddReview, "Planners (for an eligible event of theirs) and admins")],
      path: "/entertainer-reviews/add-entertainer-review/{actUrl}",
      tags: ["Reviews"],
      summary: "Add a review: admins name the reviewer; planners pick an eligible event",
      request: {
        params: actUrlParam,
        // Which rules the body follows depends on who asks, so the handler checks it; the
        // document gets the plain JSON Schema, which the router does not validate against.
        body: { content: { "application/json": { schema: reviewBodyDocument } }, required: true },
      },
      responses: { 201: dataResponse("Added", createdResultSchema), ...errorResponses(409) },
    }),
    async (c) => {
      const viewer = requireViewer(c);
      const { actUrl } = c.req.valid("param");
      let input: unknown;
      try {
        input = await c.req.json();
      } catch {
        throw badRequest("Malformed JSON in request body");
      }
      if (viewer.role === "ADMIN") {
        const parsed = adminReviewSchema.safeParse(input);
        if (!parsed.success) throw validationError(parsed.error, input);
        return c.json({ data: await addAdminReview(c.get("db"), viewer, actUrl, parsed.data) }, 201);
      }
      if (viewer.role === "PLANNER") {
        const parsed = plannerReviewSchema.safeParse(input);
        if (!parsed.success) throw validationError(parsed.error, input);
        return c.json({ data: await addPlannerReview(c.get("db"), viewer, actUrl, parsed.data) }, 201);
      }
      throw forbidden("Only planners and admins add reviews");
    },
  )
  .openapi(
    apiRoute({
      method: "post",
      middleware: [adminOnly],
      path: "/entertainer-reviews/delete-entertainer-review/{reviewId}",
      tags: ["Reviews"],
      summary: "Delete a review (admin), with a reason its reviewer and the act are told",
      // The reason is optional, and so is the body that carries it.
      request: {
        params: reviewIdParam,
        body: { content: { "application/json": { schema: reviewRemovalSchema } }, required: false },
      },
      responses: { 200: dataResponse("Done", messageResultSchema), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const admin = requireAdmin(c);
      const input = (c.req.valid("json") as ReviewRemovalInput | undefined) ?? { reason: null };
      return c.json({ data: await deleteReview(c.get("db"), admin, c.req.valid("param").reviewId, input) }, 200);
    },
  )
  .openapi(
    apiRoute({
      method: "post",
      middleware: [onItem("reviewId", findAnswerableReview, "The act's artist")],
      path: "/entertainer-reviews/reply/{reviewId}",
      tags: ["Reviews"],
      summary: "Answer a review of the act, once and in public (its artist)",
      request: {
        params: reviewIdParam,
        body: { content: { "application/json": { schema: reviewReplySchema } }, required: true },
      },
      responses: { 201: dataResponse("Answered", createdResultSchema), ...errorResponses(409) },
    }),
    async (c) => {
      const viewer = requireViewer(c);
      return c.json(
        { data: await replyToReview(c.get("db"), viewer, c.req.valid("param").reviewId, c.req.valid("json")) },
        201,
      );
    },
  )
  .openapi(
    ...commandRoute(
      apiRoute({
        method: "post",
        middleware: [onItem("reviewId", findAnswerableReview, "The act's artist")],
        path: "/entertainer-reviews/reply/edit/{reviewId}",
        tags: ["Reviews"],
        summary: "Change the act's answer to a review, within a day of posting it (its artist)",
        request: {
          params: reviewIdParam,
          body: { content: { "application/json": { schema: reviewReplySchema } }, required: true },
        },
        responses: { 200: dataResponse("Changed", messageResultSchema), ...errorResponses(409) },
      }),
      (deps, c) => editReviewReply(deps.db, deps.viewer, c.req.valid("param").reviewId, c.req.valid("json")),
    ),
  )
  .openapi(
    ...commandRoute(
      actionRoute({
        guard: onItem("reviewId", findAnswerableReview, "Admins"),
        path: "/entertainer-reviews/reply/delete/{reviewId}",
        result: messageResultSchema,
        tags: ["Reviews"],
        summary: "Take down the act's answer to a review (admins)",
        params: reviewIdParam,
        errors: [401, 403, 404],
      }),
      (deps, c) => deleteReviewReply(deps.db, deps.viewer, c.req.valid("param").reviewId),
    ),
  );
