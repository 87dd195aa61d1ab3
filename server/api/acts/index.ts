import { createRoute, z } from "@hono/zod-openapi";
import type { ActProfile } from "../../../domain/act-profile";
import { getActProfile } from "../../services/acts";
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

export const actRoutes = createRouter().openapi(getAct, async (c) => {
  const profile: ActProfile = await getActProfile(c.get("db"), c.req.valid("param").actUrl, c.get("viewer"));
  return c.json({ data: profile }, 200);
});
