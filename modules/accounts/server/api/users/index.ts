import { z } from "@hono/zod-openapi";
import { artistAccountSchema, payoutMarksSchema } from "#modules/accounts/answers";
import { pathSegmentSchema } from "#domain/schemas/fields";
import { text } from "#domain/schemas/fields";
import { searchArtists, setPayoutMarks } from "#modules/accounts/server/users";
import { adminOnly, requireAdmin } from "#server/api/guards";
import { apiRoute, dataResponse, errorResponses } from "#server/api/route-docs";
import { createRouter } from "#server/api/router";

const userUrlParam = z.object({
  userUrl: pathSegmentSchema().openapi({ param: { name: "userUrl", in: "path" }, example: "artist" }),
});

export const userRoutes = createRouter()
  .openapi(
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
  )
  .openapi(
    apiRoute({
      method: "post",
      middleware: [adminOnly],
      path: "/users/{userUrl}/payout-marks",
      tags: ["Accounts"],
      summary: "Set an artist's W-9 and direct-deposit marks, which payouts wait for (admins)",
      request: {
        params: userUrlParam,
        body: { content: { "application/json": { schema: payoutMarksSchema } }, required: true },
      },
      responses: { 200: dataResponse("The marks as set", payoutMarksSchema), ...errorResponses(404, 409) },
    }),
    async (c) => {
      requireAdmin(c);
      return c.json(
        { data: await setPayoutMarks(c.get("db"), c.req.valid("param").userUrl, c.req.valid("json")) },
        200,
      );
    },
  );
