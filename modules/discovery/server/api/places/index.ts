import { z } from "@hono/zod-openapi";
import { placeSchema } from "#modules/discovery/place";
import { text } from "#domain/schemas/fields";
import { searchPlaces } from "#modules/discovery/server/places";
import { anyone } from "#server/api/guards";
import { apiRoute, dataResponse } from "#server/api/route-docs";
import { createRouter } from "#server/api/router";

export const placeRoutes = createRouter().openapi(
  apiRoute({
    method: "get",
    path: "/places",
    tags: ["Places"],
    summary:
      "Places for an autocomplete: names starting with q (after a comma, the state), largest first, then names like it; at most 10",
    middleware: [anyone],
    request: { query: z.object({ q: text().max(100).optional() }) },
    responses: {
      200: dataResponse("Places", z.array(placeSchema)),
    },
  }),
  async (c) => c.json({ data: await searchPlaces(c.get("db"), c.req.valid("query").q ?? "") }, 200),
);
