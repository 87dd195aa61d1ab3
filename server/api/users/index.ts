import { z } from "@hono/zod-openapi";
import { artistAccountSchema } from "#domain/resources/accounts";
import { text } from "#domain/schemas/fields";
import { searchArtists } from "#server/services/users";
import { adminOnly, requireAdmin } from "../guards";
import { apiRoute, dataResponse } from "../route-docs";
import { createRouter } from "../router";

export const userRoutes = createRouter().openapi(
  apiRoute({
    method: "get",
    middleware: [adminOnly],
    path: "/users/artists",
    tags: ["Accounts"],
    summary: "Accounts with the ARTIST role whose name or email contains searchTerms, for Reassign (20 at most)",
    request: { query: z.object({ searchTerms: text().max(200).optional() }) },
    responses: { 200: dataResponse("Artists, by name", z.array(artistAccountSchema)) },
  }),
  async (c) => {
    requireAdmin(c);
    return c.json({ data: await searchArtists(c.get("db"), c.req.valid("query").searchTerms?.trim() ?? "") }, 200);
  },
);
