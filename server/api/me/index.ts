import { createRoute, z } from "@hono/zod-openapi";
import { unauthenticated } from "../../errors";
import { createRouter, errorResponses } from "../router";

const meSchema = z
  .object({ id: z.string(), url: z.string(), name: z.string(), email: z.string(), role: z.enum(["PLANNER", "ARTIST", "ADMIN"]) })
  .openapi("Me");

const getMe = createRoute({
  method: "get",
  path: "/me",
  tags: ["Accounts"],
  summary: "The signed-in user",
  responses: {
    200: { description: "The signed-in user", content: { "application/json": { schema: z.object({ data: meSchema }) } } },
    ...errorResponses(401),
  },
});

export const meRoutes = createRouter().openapi(getMe, (c) => {
  const viewer = c.get("viewer");
  if (!viewer) throw unauthenticated();
  const { id, url, name, email, role } = viewer;
  return c.json({ data: { id, url, name, email, role } }, 200);
});
