import { z } from "@hono/zod-openapi";
import { placeSchema } from "#domain/resources/place";
import { text } from "#domain/schemas/fields";
import { searchPlaces } from "#server/services/places";
import { anyone } from "../guards";
import { apiRoute, dataResponse } from "../route-docs";
import { createRouter } from "../router";

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
