import { commandRoute } from "#server/api/command-route";
import { z } from "@hono/zod-openapi";
import {
  invitableEventSchema,
  inviteSchema as inviteAnswerSchema,
  plannerEventSchema,
  quoteRequestResultSchema,
} from "#modules/bookings/answers";
import {
  bookingMadeSchema,
  createdWithUrlSchema,
  messageResultSchema,
  offerSentSchema,
} from "#domain/resources/results";
import { text } from "#domain/schemas/fields";
import { canInviteToEvent } from "#domain/permissions";
import {
  type AcceptOfferInput,
  acceptOfferSchema,
  createEventSchema,
  inviteActsSchema,
  inviteSchema,
  offerSchema,
  updateEventSchema,
} from "#modules/bookings/schemas";
import {
  findManagedInvite,
  findPlannersInvite,
  declineInvite,
  inviteActs,
  inviteToEvent,
  withdrawInvite,
} from "../invite-commands";
import {
  findPlannersOffer,
  acceptOffer,
  declineOffer,
  findManagedOffer,
  withdrawOffer,
  submitOffer,
} from "../offer-commands";
import { updateEvent, cancelEvent, createEvent } from "../event-commands";
import { eventsToInvite, listPlannerEvents } from "../event-queries";
import { listArtistInvites } from "../invite-queries";
import { onItem, roles, requireViewer } from "#server/api/guards";
import { onAct } from "#modules/acts/server";
import { socketAddress } from "#server/http/client-ip";
import { pageQuerySchema } from "#domain/paging";
import { apiRoute, dataResponse, errorResponses, pagedResponse } from "#server/api/route-docs";
import { idParam, actionRoute, actionRouteWithBody, actUrlParam, createRouter } from "#server/api/router";
import { pathSegmentSchema } from "#domain/schemas/fields";

const eventUrlParam = z.object({
  eventUrl: pathSegmentSchema().openapi({ param: { name: "eventUrl", in: "path" }, example: "summer-wedding" }),
});

export const eventRoutes = createRouter()
  .openapi(
    apiRoute({
      method: "post",
      middleware: [roles("PLANNER")],
      path: "/events/create",
      tags: ["Events"],
      summary: "Create an event (planner); with actUrl the act is invited at once",
      request: { body: { content: { "application/json": { schema: createEventSchema } }, required: true } },
      responses: { 201: dataResponse("Created", createdWithUrlSchema), ...errorResponses(404, 409, 429) },
    }),
    async (c) => {
      const viewer = requireViewer(c);
      return c.json({ data: await createEvent(c.get("db"), viewer, c.req.valid("json")) }, 201);
    },
  )
  .openapi(
    apiRoute({
      method: "get",
      middleware: [roles("PLANNER")],
      path: "/events",
      tags: ["Events"],
      summary: "A page of the planner's events with their invites, offers and bookings",
      request: { query: pageQuerySchema },
      responses: { 200: pagedResponse("The planner's events, soonest first", plannerEventSchema) },
    }),
    async (c) => c.json(await listPlannerEvents(c.get("db"), requireViewer(c), c.req.valid("query")), 200),
  )
  .openapi(
    ...commandRoute(
      apiRoute({
        method: "get",
        middleware: [onAct((viewer) => viewer.role === "PLANNER", "Planners")],
        path: "/events/events-to-invite/{actUrl}",
        tags: ["Events"],
        summary: "The planner's upcoming events whose name contains searchTerms, without those the act is invited to",
        request: { params: actUrlParam, query: z.object({ searchTerms: text().max(200).optional() }) },
        responses: { 200: dataResponse("Events, soonest first (50 at most)", z.array(invitableEventSchema)) },
      }),
      (deps, c) =>
        eventsToInvite(
          deps.db,
          deps.viewer,
          c.req.valid("param").actUrl,
          c.req.valid("query").searchTerms?.trim() ?? "",
        ),
    ),
  )
  .openapi(
    ...commandRoute(
      actionRouteWithBody({
        guard: onAct(canInviteToEvent, "Planners, for an approved act that is not for internal use only"),
        path: "/acts/invite-to-event/{actUrl}",
        result: messageResultSchema,
        tags: ["Events"],
        summary: "Invite an act to one of the planner's events (once per event)",
        params: actUrlParam,
        body: inviteSchema,
        errors: [400, 401, 403, 404, 409, 422, 429],
      }),
      (deps, c) => inviteToEvent(deps.db, deps.viewer, c.req.valid("param").actUrl, c.req.valid("json").event),
    ),
  )
  .openapi(
    ...commandRoute(
      apiRoute({
        method: "post",
        middleware: [roles("PLANNER")],
        path: "/events/invite-acts/{eventUrl}",
        tags: ["Events"],
        summary:
          "Request quotes: invite up to 10 acts to one of the planner's events at once, with words for each act's conversation",
        request: {
          params: eventUrlParam,
          body: { content: { "application/json": { schema: inviteActsSchema } }, required: true },
        },
        responses: {
          200: dataResponse(
            "For each act asked: invited, already invited, not free that day, or not found",
            z.array(quoteRequestResultSchema),
          ),
          ...errorResponses(404, 409, 429),
        },
      }),
      (deps, c) => inviteActs(deps.db, deps.viewer, c.req.valid("param").eventUrl, c.req.valid("json")),
    ),
  )
  .openapi(
    apiRoute({
      method: "get",
      middleware: [roles("ARTIST", "ADMIN")],
      path: "/invites",
      tags: ["Events"],
      summary: "A page of the invites to the artist's acts, with their offers",
      request: { query: pageQuerySchema },
      responses: { 200: pagedResponse("Invites, newest first", inviteAnswerSchema) },
    }),
    async (c) => c.json(await listArtistInvites(c.get("db"), requireViewer(c), c.req.valid("query")), 200),
  )
  .openapi(
    ...commandRoute(
      actionRouteWithBody({
        guard: onItem("inviteId", findManagedInvite, "The invited act's artist and admins"),
        path: "/offers/submit/{inviteId}",
        result: offerSentSchema,
        tags: ["Events"],
        summary: "Answer an invite with a price and a message (the act's artist)",
        description:
          "An invite holds at most 5 offers in all, and an account sends at most 20 offers an hour, each counted as a message toward the 120 an hour: 429 with Retry-After beyond, nothing written.",
        params: idParam("inviteId"),
        body: offerSchema,
        errors: [400, 401, 404, 409, 422, 429],
      }),
      (deps, c) =>
        submitOffer(deps.db, deps.jobs, deps.viewer, c.req.valid("param").inviteId, c.req.valid("json"), deps.cards),
    ),
  )
  .openapi(
    apiRoute({
      method: "post",
      middleware: [onItem("offerId", findPlannersOffer, "The event's planner")],
      path: "/offers/accept/{offerId}",
      tags: ["Events"],
      summary:
        "Accept an offer, which books the act and answers the booking's number (the event's planner); the event's other acts are released unless release_others is false",
      // Both fields are optional, and so is the body that carries them.
      request: {
        params: idParam("offerId"),
        body: { content: { "application/json": { schema: acceptOfferSchema } }, required: false },
      },
      responses: { 200: dataResponse("Booked", bookingMadeSchema), ...errorResponses(401, 403, 404, 409) },
    }),
    async (c) => {
      const viewer = requireViewer(c);
      const input = (c.req.valid("json") as AcceptOfferInput | undefined) ?? { release_others: true };
      return c.json(
        {
          data: await acceptOffer(
            c.get("db"),
            c.get("jobs"),
            viewer,
            c.req.valid("param").offerId,
            input,
            socketAddress(c) ?? null,
            c.get("cards"),
          ),
        },
        200,
      );
    },
  )
  .openapi(
    ...commandRoute(
      actionRoute({
        guard: onItem("offerId", findPlannersOffer, "The event's planner"),
        path: "/offers/decline/{offerId}",
        result: messageResultSchema,
        tags: ["Events"],
        summary: "Decline an offer still waiting for an answer (the event's planner); the act is told",
        params: idParam("offerId"),
        errors: [401, 403, 404, 409],
      }),
      (deps, c) => declineOffer(deps.db, deps.jobs, deps.viewer, c.req.valid("param").offerId),
    ),
  )
  .openapi(
    ...commandRoute(
      actionRoute({
        guard: onItem("inviteId", findManagedInvite, "The invited act's artist and admins"),
        path: "/invites/decline/{inviteId}",
        result: messageResultSchema,
        tags: ["Events"],
        summary:
          "Decline an invite not yet booked (the act's artist); its waiting offers go with it and the planner is told",
        params: idParam("inviteId"),
        errors: [401, 404, 409],
      }),
      (deps, c) => declineInvite(deps.db, deps.jobs, deps.viewer, c.req.valid("param").inviteId),
    ),
  )
  .openapi(
    ...commandRoute(
      actionRoute({
        guard: onItem("offerId", findManagedOffer, "The act's artist and admins"),
        path: "/offers/withdraw/{offerId}",
        result: messageResultSchema,
        tags: ["Events"],
        summary: "Withdraw an offer the planner has not answered (the act's artist); the planner is told",
        params: idParam("offerId"),
        errors: [401, 404, 409],
      }),
      (deps, c) => withdrawOffer(deps.db, deps.jobs, deps.viewer, c.req.valid("param").offerId),
    ),
  )
  .openapi(
    ...commandRoute(
      apiRoute({
        method: "post",
        middleware: [roles("PLANNER")],
        path: "/events/update/{eventUrl}",
        tags: ["Events"],
        summary:
          "Change one of the planner's events: its name, time, place and what an act needs to quote; invited acts read the new details",
        request: {
          params: eventUrlParam,
          body: { content: { "application/json": { schema: updateEventSchema } }, required: true },
        },
        responses: { 200: dataResponse("Saved", messageResultSchema), ...errorResponses(404, 409) },
      }),
      (deps, c) => updateEvent(deps.db, deps.viewer, c.req.valid("param").eventUrl, c.req.valid("json")),
    ),
  )
  .openapi(
    ...commandRoute(
      apiRoute({
        method: "post",
        middleware: [roles("PLANNER")],
        path: "/events/cancel/{eventUrl}",
        tags: ["Events"],
        summary:
          "Cancel one of the planner's events: its bookings end, its waiting offers are withdrawn, and every invited act is told",
        request: { params: eventUrlParam },
        responses: { 200: dataResponse("Cancelled", messageResultSchema), ...errorResponses(404, 409) },
      }),
      (deps, c) => cancelEvent(deps.db, deps.jobs, deps.viewer, c.req.valid("param").eventUrl),
    ),
  )
  .openapi(
    ...commandRoute(
      actionRoute({
        guard: onItem("inviteId", findPlannersInvite, "The event's planner"),
        path: "/invites/withdraw/{inviteId}",
        result: messageResultSchema,
        tags: ["Events"],
        summary:
          "Withdraw an invite, with any offer on it, unless the act is booked (the event's planner); the act is told",
        params: idParam("inviteId"),
        errors: [401, 403, 404, 409],
      }),
      (deps, c) => withdrawInvite(deps.db, deps.jobs, deps.viewer, c.req.valid("param").inviteId),
    ),
  );
