import { commandRoute } from "#server/api/command-route";
import { z } from "@hono/zod-openapi";
import {
  actDecisionSchema,
  featuredResultSchema,
  internalUseOnlyResultSchema,
  messageResultSchema,
  nationallyRecognizedResultSchema,
} from "#domain/resources/results";
import { canRequestTagUpdate } from "#domain/permissions";
import { tagUpdateRequestSchema } from "#modules/moderation/answers";
import { reassignSchema, setStatusSchema, toggleFeatureSchema } from "#modules/moderation/schemas";
import { tagSelectionSchema } from "#modules/moderation/tag-schemas";
import {
  reassignAct,
  setActStatus,
  setFeatured,
  toggleInternalUseOnly,
  toggleNationallyRecognized,
} from "../act-moderation";
import {
  cancelTagUpdateRequest,
  decideTagUpdateRequest,
  editTags,
  listTagUpdateRequests,
  requestTagUpdate,
} from "../act-tags";
import { adminOnly, requireAdmin } from "#server/api/guards";
import { onAct } from "#modules/acts/server";
import { apiRoute, dataResponse } from "#server/api/route-docs";
import { actionRoute, actionRouteWithBody, actUrlParam, createRouter } from "#server/api/router";

const ADMIN_ERRORS = [400, 401, 403, 404, 409, 422];

export const moderationRoutes = createRouter()
  .openapi(
    actionRouteWithBody({
      guard: adminOnly,
      path: "/acts/set-status/{actUrl}",
      result: actDecisionSchema,
      tags: ["Moderation"],
      summary: "Approve or decline an act (admin)",
      params: actUrlParam,
      body: setStatusSchema,
      errors: ADMIN_ERRORS,
    }),
    async (c) => {
      const admin = requireAdmin(c);
      return c.json(
        { data: await setActStatus(c.get("db"), admin, c.req.valid("param").actUrl, c.req.valid("json")) },
        200,
      );
    },
  )
  .openapi(
    actionRouteWithBody({
      guard: adminOnly,
      path: "/acts/reassign/{actUrl}",
      result: messageResultSchema,
      tags: ["Moderation"],
      summary: "Move an act to another ARTIST account; clears internal use only (admin)",
      params: actUrlParam,
      body: reassignSchema,
      errors: ADMIN_ERRORS,
    }),
    async (c) => {
      const admin = requireAdmin(c);
      return c.json(
        { data: await reassignAct(c.get("db"), admin, c.req.valid("param").actUrl, c.req.valid("json").act) },
        200,
      );
    },
  )
  .openapi(
    actionRouteWithBody({
      guard: adminOnly,
      path: "/act/toggleFeature/{actUrl}",
      result: featuredResultSchema,
      tags: ["Moderation"],
      summary: "Feature or unfeature an approved act (admin)",
      params: actUrlParam,
      body: toggleFeatureSchema,
      errors: ADMIN_ERRORS,
    }),
    async (c) => {
      const admin = requireAdmin(c);
      return c.json(
        {
          data: await setFeatured(
            c.get("db"),
            admin,
            c.req.valid("param").actUrl,
            c.req.valid("json").is_featured === 1,
          ),
        },
        200,
      );
    },
  )
  .openapi(
    actionRoute({
      guard: adminOnly,
      path: "/acts/toggle-nationally-recognized/{actUrl}",
      result: nationallyRecognizedResultSchema,
      tags: ["Moderation"],
      summary: "Flip the nationally recognized mark (admin)",
      params: actUrlParam,
      errors: [401, 403, 404],
    }),
    async (c) => {
      const admin = requireAdmin(c);
      return c.json({ data: await toggleNationallyRecognized(c.get("db"), admin, c.req.valid("param").actUrl) }, 200);
    },
  )
  .openapi(
    actionRoute({
      guard: adminOnly,
      path: "/acts/toggle-internal-use-only/{actUrl}",
      result: internalUseOnlyResultSchema,
      tags: ["Moderation"],
      summary: "Flip the internal-use-only mark (admin)",
      params: actUrlParam,
      errors: [401, 403, 404],
    }),
    async (c) => {
      const admin = requireAdmin(c);
      return c.json({ data: await toggleInternalUseOnly(c.get("db"), admin, c.req.valid("param").actUrl) }, 200);
    },
  )
  .openapi(
    actionRouteWithBody({
      guard: adminOnly,
      path: "/acts/edit-tags/{actUrl}",
      result: messageResultSchema,
      tags: ["Tags"],
      summary: "Set an act's tags at once (admin)",
      params: actUrlParam,
      body: tagSelectionSchema,
      errors: ADMIN_ERRORS,
    }),
    async (c) => {
      const admin = requireAdmin(c);
      return c.json(
        { data: await editTags(c.get("db"), admin, c.req.valid("param").actUrl, c.req.valid("json")) },
        200,
      );
    },
  )
  .openapi(
    ...commandRoute(
      actionRouteWithBody({
        guard: onAct(canRequestTagUpdate),
        path: "/acts/request-to-update-tags/{actUrl}",
        result: messageResultSchema,
        tags: ["Tags"],
        summary: "Ask admins for new tags (the act's artist or an admin); one pending request per act",
        params: actUrlParam,
        body: tagSelectionSchema,
        errors: ADMIN_ERRORS,
      }),
      (deps, c) => requestTagUpdate(deps.db, deps.viewer, c.req.valid("param").actUrl, c.req.valid("json")),
    ),
  )
  .openapi(
    ...commandRoute(
      actionRoute({
        guard: onAct(canRequestTagUpdate),
        path: "/acts/cancel-tag-update-request/{actUrl}",
        result: messageResultSchema,
        tags: ["Tags"],
        summary: "Cancel the pending request (the act's artist or an admin)",
        params: actUrlParam,
        errors: [401, 403, 404, 409],
      }),
      (deps, c) => cancelTagUpdateRequest(deps.db, deps.viewer, c.req.valid("param").actUrl),
    ),
  )
  .openapi(
    actionRoute({
      guard: adminOnly,
      path: "/acts/accept-tag-update-request/{actUrl}",
      result: messageResultSchema,
      tags: ["Tags"],
      summary: "Accept the pending request: the act takes the requested tags (admin)",
      params: actUrlParam,
      errors: [401, 403, 404, 409],
    }),
    async (c) => {
      const admin = requireAdmin(c);
      return c.json({ data: await decideTagUpdateRequest(c.get("db"), admin, c.req.valid("param").actUrl, true) }, 200);
    },
  )
  .openapi(
    actionRoute({
      guard: adminOnly,
      path: "/acts/decline-tag-update-request/{actUrl}",
      result: messageResultSchema,
      tags: ["Tags"],
      summary: "Decline the pending request (admin)",
      params: actUrlParam,
      errors: [401, 403, 404, 409],
    }),
    async (c) => {
      const admin = requireAdmin(c);
      return c.json(
        { data: await decideTagUpdateRequest(c.get("db"), admin, c.req.valid("param").actUrl, false) },
        200,
      );
    },
  )
  .openapi(
    ...commandRoute(
      apiRoute({
        method: "get",
        middleware: [onAct()],
        path: "/acts/get-tag-update-requests/{actUrl}",
        tags: ["Tags"],
        summary: "Pending tag update requests, oldest first (the act's artist and admins)",
        request: { params: actUrlParam },
        responses: {
          200: dataResponse("Pending requests, oldest first", z.array(tagUpdateRequestSchema)),
        },
      }),
      (deps, c) => listTagUpdateRequests(deps.db, deps.viewer, c.req.valid("param").actUrl),
    ),
  );
