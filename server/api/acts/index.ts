import { createRoute, z } from "@hono/zod-openapi";
import type { ActProfile } from "../../../domain/act-profile";
import { actSearchFilterSchema, rawSearchFilter } from "../../../domain/search-filter";
import { fieldErrorsFromZod, validationFailed } from "../../errors";
import { getActProfile } from "../../services/acts";
import { searchActs } from "../../services/search/search-acts";
import { actUrlParam, createRouter, errorResponses } from "../router";

const actProfileSchema = z
  .looseObject({
    url: z.string(),
    name: z.string(),
    status: z.object({ key: z.string(), label: z.string(), color: z.string(), tooltip: z.string().optional() }),
  })
  .openapi("ActProfile", {
    description:
      "Every field of the act (SPEC.md section 3) the caller may see. latestOffer is for the manager and admins; manager, additional_info and decline_reason for admins only.",
  });

const getAct = createRoute({
  method: "get",
  path: "/acts/{actUrl}",
  tags: ["Acts"],
  summary: "An act's profile data",
  request: { params: actUrlParam },
  responses: {
    200: { description: "The act", content: { "application/json": { schema: z.object({ data: actProfileSchema }) } } },
    ...errorResponses(404),
  },
});

const searchActsRoute = createRoute({
  method: "get",
  path: "/acts",
  tags: ["Acts"],
  summary: "Search acts with the act search filter (SPEC.md section 3) as a query string; lists as key[]=value",
  responses: {
    200: {
      description: "A page of acts",
      content: { "application/json": { schema: z.object({ data: z.array(z.looseObject({ url: z.string(), name: z.string() })), meta: z.object({ page: z.number(), perPage: z.number(), total: z.number() }) }) } },
    },
    ...errorResponses(422),
  },
});

export const actRoutes = createRouter()
  .openapi(searchActsRoute, async (c) => {
    const parsed = actSearchFilterSchema.safeParse(rawSearchFilter(new URL(c.req.url).searchParams));
    if (!parsed.success) throw validationFailed(fieldErrorsFromZod(parsed.error));
    return c.json(await searchActs(c.get("db"), c.get("viewer"), parsed.data), 200);
  })
  .openapi(getAct, async (c) => {
    const profile: ActProfile = await getActProfile(c.get("db"), c.req.valid("param").actUrl, c.get("viewer"));
    return c.json({ data: profile }, 200);
  });
