import { createRoute, z } from "@hono/zod-openapi";
import { text } from "../../../domain/schemas/fields";
import { canInviteToEvent } from "../../../domain/permissions";
import { createEventSchema, inviteSchema, offerSchema } from "../../../domain/schemas/events";
import { findManagedInvite, findPlannersOffer, acceptOffer, createEvent, eventsToInvite, inviteToEvent, listArtistInvites, listPlannerEvents, submitOffer } from "../../services/events";
import { onAct, onItem, roles, requireViewer } from "../guards";
import { idParam, actionRoute, actionRouteWithBody, actUrlParam, createRouter, errorResponses, messageSchema } from "../router";

const listOf = (description: string) => ({
  200: { description, content: { "application/json": { schema: z.object({ data: z.array(z.looseObject({})) }) } } },
});

export const eventRoutes = createRouter()
  .openapi(
    createRoute({
      method: "post",
      middleware: [roles("PLANNER")],
      path: "/events/create",
      tags: ["Events"],
      summary: "Create an event (planner); with actUrl the act is invited at once",
      request: { body: { content: { "application/json": { schema: createEventSchema } }, required: true } },
      responses: { 201: { description: "Created", content: { "application/json": { schema: messageSchema } } }, ...errorResponses(400, 401, 403, 404, 409, 422) },
    }),
    async (c) => {
      const viewer = requireViewer(c);
      return c.json({ data: await createEvent(c.get("db"), viewer, c.req.valid("json")) }, 201);
    },
  )
  .openapi(
    createRoute({ method: "get", middleware: [roles("PLANNER")],
      path: "/events", tags: ["Events"], summary: "The planner's events with their invites, offers and bookings", responses: { ...listOf("Events"), ...errorResponses(401, 403) } }),
    async (c) => c.json({ data: await listPlannerEvents(c.get("db"), requireViewer(c)) }, 200),
  )
  .openapi(
    createRoute({
      method: "get",
      middleware: [onAct((viewer) => viewer.role === "PLANNER")],
      path: "/events/events-to-invite/{actUrl}",
      tags: ["Events"],
      summary: "The planner's upcoming events whose name contains searchTerms, without those the act is invited to",
      request: { params: actUrlParam, query: z.object({ searchTerms: text().max(200).optional() }) },
      responses: { ...listOf("Events"), ...errorResponses(401, 403, 404) },
    }),
    async (c) => {
      const viewer = requireViewer(c);
      return c.json({ data: await eventsToInvite(c.get("db"), viewer, c.req.valid("param").actUrl, c.req.valid("query").searchTerms?.trim() ?? "") }, 200);
    },
  )
  .openapi(
    createRoute(actionRouteWithBody({ guard: onAct(canInviteToEvent), path: "/acts/invite-to-event/{actUrl}", tags: ["Events"], summary: "Invite an act to one of the planner's events (once per event)", params: actUrlParam, body: inviteSchema, errors: [400, 401, 403, 404, 409, 422] })),
    async (c) => {
      const viewer = requireViewer(c);
      return c.json({ data: await inviteToEvent(c.get("db"), viewer, c.req.valid("param").actUrl, c.req.valid("json").event) }, 200);
    },
  )
  .openapi(
    createRoute({ method: "get", middleware: [roles("ARTIST", "ADMIN")],
      path: "/invites", tags: ["Events"], summary: "Invites to the artist's acts, with their offers", responses: { ...listOf("Invites"), ...errorResponses(401, 403) } }),
    async (c) => c.json({ data: await listArtistInvites(c.get("db"), requireViewer(c)) }, 200),
  )
  .openapi(
    createRoute(actionRouteWithBody({ guard: onItem("inviteId", findManagedInvite), path: "/offers/submit/{inviteId}", tags: ["Events"], summary: "Answer an invite with a price and a message (the act's artist)", params: idParam("inviteId"), body: offerSchema, errors: [400, 401, 404, 409, 422] })),
    async (c) => {
      const viewer = requireViewer(c);
      return c.json({ data: await submitOffer(c.get("db"), viewer, c.req.valid("param").inviteId, c.req.valid("json")) }, 200);
    },
  )
  .openapi(
    createRoute(actionRoute({ guard: onItem("offerId", findPlannersOffer), path: "/offers/accept/{offerId}", tags: ["Events"], summary: "Accept an offer, which books the act (the event's planner)", params: idParam("offerId"), errors: [401, 403, 404, 409] })),
    async (c) => {
      const viewer = requireViewer(c);
      return c.json({ data: await acceptOffer(c.get("db"), viewer, c.req.valid("param").offerId) }, 200);
    },
  );
