import { createRoute, z } from "@hono/zod-openapi";
import { text } from "../../../domain/schemas/fields";
import { searchArtists } from "../../services/users";
import { adminOnly, requireAdmin } from "../guards";
import { createRouter, errorResponses } from "../router";

export const userRoutes = createRouter().openapi(
  createRoute({
    method: "get",
    middleware: [adminOnly],
      path: "/users/artists",
    tags: ["Accounts"],
    summary: "Accounts with the ARTIST role, for Reassign (admin)",
    request: { query: z.object({ searchTerms: text().max(200).optional() }) },
    responses: {
      200: { description: "Artists", content: { "application/json": { schema: z.object({ data: z.array(z.object({ url: z.string(), name: z.string(), email: z.string() })) }) } } },
      ...errorResponses(401, 403),
    },
  }),
  async (c) => {
    requireAdmin(c);
    return c.json({ data: await searchArtists(c.get("db"), c.req.valid("query").searchTerms?.trim() ?? "") }, 200);
  },
);
