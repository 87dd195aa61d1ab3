import { type ActProfile, actProfileSchema } from "#domain/act-profile";
import { actSearchPageSchema } from "#domain/resources/search";
import { actSearchFilterSchema, rawSearchFilter } from "#domain/search-filter";
import { fieldErrorsFromZod, validationFailed } from "#server/errors";
import { getActProfile } from "#server/services/acts";
import { searchActs } from "#server/services/search/search-acts";
import { apiRoute, dataResponse, errorResponses } from "../route-docs";
import { actUrlParam, createRouter } from "../router";

const getAct = apiRoute(
  {
    method: "get",
    path: "/acts/{actUrl}",
    tags: ["Acts"],
    summary: "An act's profile data",
    request: { params: actUrlParam },
    responses: {
      200: dataResponse("The act", actProfileSchema),
    },
  },
  {
    who: "Anyone for an approved act; an act that is not approved only its artist and admins (others get 404)",
    session: "optional",
    forbids: false,
  },
);

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

export const actRoutes = createRouter()
  .openapi(searchActsRoute, async (c) => {
    const parsed = actSearchFilterSchema.safeParse(rawSearchFilter(new URL(c.req.url).searchParams));
    if (!parsed.success) throw validationFailed(fieldErrorsFromZod(parsed.error));
    return c.json(await searchActs(c.get("db"), c.get("viewer"), parsed.data, c.get("actRows")), 200);
  })
  .openapi(getAct, async (c) => {
    const profile: ActProfile = await getActProfile(
      c.get("db"),
      c.req.valid("param").actUrl,
      c.get("viewer"),
      c.get("actRows"),
    );
    return c.json({ data: profile }, 200);
  });
