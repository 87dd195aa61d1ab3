import { fieldErrorsFromZod, validationFailed } from "#server/errors";
import { apiRoute, errorResponses } from "#server/api/route-docs";
import { createRouter } from "#server/api/router";
import { actSearchPageSchema } from "../../answers";
import { actSearchFilterSchema, rawSearchFilter } from "../../search-filter";
import { searchActs } from "../search/search-acts";

const searchActsRoute = apiRoute({
  method: "get",
  path: "/acts",
  tags: ["Acts"],
  summary: "Search acts with the act search filter as a query string; lists as key[]=value",
  responses: {
    200: {
      description: "A page of acts",
      content: { "application/json": { schema: actSearchPageSchema } },
    },
    ...errorResponses(400, 422, 429),
  },
});

/** GET /api/acts: the search of acts, its filter read from the query string by the shared schema. */
export const searchRoutes = createRouter().openapi(searchActsRoute, async (c) => {
  const parsed = actSearchFilterSchema.safeParse(rawSearchFilter(new URL(c.req.url).searchParams));
  if (!parsed.success) throw validationFailed(fieldErrorsFromZod(parsed.error));
  return c.json(await searchActs(c.get("db"), c.get("viewer"), parsed.data, c.get("readCache")), 200);
});
