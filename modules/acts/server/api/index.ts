import { type ActProfile, actProfileSchema } from "#modules/acts/act-profile";
import { z } from "zod";
import { text } from "#domain/schemas/fields";
import { getActProfilePage } from "../acts";
import { eventPlaceFor, travelCentsTo } from "../act-travel";
import { apiRoute, dataResponse, errorResponses } from "#server/api/route-docs";
import { actUrlParam, createRouter } from "#server/api/router";

const profileQuerySchema = z.object({
  event_url: text()
    .max(200)
    .optional()
    .describe("One of the planner's events: the answer adds `travel_cents` to its place (404 for an event not theirs)"),
});

const getAct = apiRoute(
  {
    method: "get",
    path: "/acts/{actUrl}",
    tags: ["Acts"],
    summary: "An act's profile data",
    request: { params: actUrlParam, query: profileQuerySchema },
    responses: {
      200: dataResponse("The act", actProfileSchema),
      ...errorResponses(404),
    },
  },
  {
    who: "Anyone for an approved act; an act that is not approved only its artist and admins (others get 404)",
    session: "optional",
    forbids: false,
  },
);

export const actRoutes = createRouter().openapi(getAct, async (c) => {
  const db = c.get("db");
  const { profile, act } = await getActProfilePage(
    db,
    c.req.valid("param").actUrl,
    c.get("viewer"),
    c.get("readCache"),
  );
  const eventUrl = c.req.valid("query").event_url;
  if (!eventUrl) return c.json({ data: profile }, 200);
  // The planner's own event: what travel there costs this act.
  const travel_cents = await travelCentsTo(db, act, await eventPlaceFor(db, c.get("viewer"), eventUrl));
  return c.json({ data: { ...profile, travel_cents } satisfies ActProfile }, 200);
});
