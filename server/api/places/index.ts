import { createRoute, z } from "@hono/zod-openapi";
import { text } from "../../../domain/schemas/fields";
import { searchPlaces } from "../../services/places";
import { anyone } from "../guards";
import { createRouter, errorResponses } from "../router";

const placeSchema = z
  .object({ label: z.string(), name: z.string(), region: z.string(), lat: z.number(), lng: z.number() })
  .openapi("Place", { description: "A US city of the offline gazetteer, written City, ST" });

export const placeRoutes = createRouter().openapi(
  createRoute({
    method: "get",
    path: "/places",
    tags: ["Places"],
    summary: "Places for an autocomplete: names starting with q (after a comma, the state), largest first, then names like it; at most 10",
    middleware: [anyone],
    request: { query: z.object({ q: text().max(100).optional() }) },
    responses: {
      200: { description: "Places", content: { "application/json": { schema: z.object({ data: z.array(placeSchema) }) } } },
      ...errorResponses(422),
    },
  }),
  async (c) => c.json({ data: await searchPlaces(c.get("db"), c.req.valid("query").q ?? "") }, 200),
);
