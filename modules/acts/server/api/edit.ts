import { commandRoute } from "#server/api/command-route";
import { canSubmitApplication } from "#domain/permissions";
import { createdWithUrlSchema, messageResultSchema } from "#domain/resources/results";
import { actUpdateSchema, createActSchema, paymentInstructionsSchema } from "#modules/acts/schemas";
import { createAct, setPaymentInstructions, submitApplication, updateActProfile } from "../act-profile-edit";
import { setTravel } from "../act-travel";
import { travelSchema } from "#modules/acts/travel";
import { takesSchema } from "#modules/acts/takes";
import { setTakes } from "../act-takes";
import { roles, requireViewer } from "#server/api/guards";
import { onAct } from "#modules/acts/server/on-act";
import { apiRoute, errorResponses, dataResponse } from "#server/api/route-docs";
import { actionRoute, actionRouteWithBody, actUrlParam, createRouter } from "#server/api/router";

export const actEditRoutes = createRouter()
  .openapi(
    apiRoute({
      method: "post",
      middleware: [roles("ARTIST", "ADMIN")],
      path: "/acts/create",
      tags: ["Acts"],
      summary: "Create an act (artist or admin); it starts as a draft",
      description: "An artist creates at most 5 acts a day (429 beyond); admins are not counted.",
      request: { body: { content: { "application/json": { schema: createActSchema } }, required: true } },
      responses: { 201: dataResponse("Created", createdWithUrlSchema), ...errorResponses(429) },
    }),
    async (c) => c.json({ data: await createAct(c.get("db"), requireViewer(c), c.req.valid("json")) }, 201),
  )
  .openapi(
    ...commandRoute(
      actionRouteWithBody({
        guard: onAct(),
        path: "/acts/update/{actUrl}",
        tags: ["Acts"],
        summary: "Update the profile (the act's artist or an admin; additional_info admins only)",
        params: actUrlParam,
        body: actUpdateSchema,
        result: messageResultSchema,
      }),
      (deps, c) => updateActProfile(deps.db, deps.viewer, c.req.valid("param").actUrl, c.req.valid("json")),
    ),
  )
  .openapi(
    ...commandRoute(
      actionRouteWithBody({
        guard: onAct(),
        path: "/acts/{actUrl}/payment-instructions",
        tags: ["Acts"],
        summary: "Say how planners pay the act directly (the act's artist or an admin)",
        description:
          "1-1000 characters: whom to pay and how. Bookings paid directly answer them as `payment_instructions`, and the booking page, the confirmation mail and the agreement show them to the planner.",
        params: actUrlParam,
        body: paymentInstructionsSchema,
        result: messageResultSchema,
      }),
      (deps, c) => setPaymentInstructions(deps.db, deps.viewer, c.req.valid("param").actUrl, c.req.valid("json")),
    ),
  )
  .openapi(
    ...commandRoute(
      actionRouteWithBody({
        guard: onAct(),
        path: "/acts/{actUrl}/travel",
        tags: ["Acts"],
        summary: "Say what travel costs (the act's artist or an admin)",
        description:
          "The first `free_miles` are free; each whole mile beyond, from the nearest of the act's locations as the crow flies, costs `cents_per_mile` (at most 1,000). The profile asked with `event_url`, search results with a place and offers answer `travel_cents`.",
        params: actUrlParam,
        body: travelSchema,
        result: messageResultSchema,
      }),
      (deps, c) => setTravel(deps.db, deps.viewer, c.req.valid("param").actUrl, c.req.valid("json")),
    ),
  )
  .openapi(
    ...commandRoute(
      actionRouteWithBody({
        guard: onAct(),
        path: "/acts/{actUrl}/lead-preferences",
        tags: ["Acts"],
        summary: "Say what the act takes: event types, least budget, distance, days (the act's artist or an admin)",
        description:
          "The profile and search items answer them as `takes`. A quote request or invite outside them is still delivered, marked `fits: false` with the reasons (`event_type`, `budget`, `distance`, `weekday`) on GET /api/invites, the planner's events and the planner's list of events to invite to. Every event type must be one of the Event Type tags (422 on `event_types`).",
        params: actUrlParam,
        body: takesSchema,
        result: messageResultSchema,
      }),
      (deps, c) => setTakes(deps.db, deps.viewer, c.req.valid("param").actUrl, c.req.valid("json")),
    ),
  )
  .openapi(
    ...commandRoute(
      actionRoute({
        guard: onAct(canSubmitApplication),
        path: "/acts/submit-application/{actUrl}",
        tags: ["Acts"],
        summary: "Submit a draft for approval (the act's artist or an admin)",
        params: actUrlParam,
        result: messageResultSchema,
        errors: [409],
      }),
      (deps, c) => submitApplication(deps.db, deps.viewer, c.req.valid("param").actUrl),
    ),
  );
