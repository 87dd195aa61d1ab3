import { createRoute, z } from "@hono/zod-openapi";
import { TAG_TYPES } from "../../../domain/tags";
import { listTags } from "../../services/tags";
import { createRouter } from "../router";

export const tagSchema = z.object({ id: z.number().int(), name: z.string(), type: z.enum(TAG_TYPES) }).openapi("Tag");

const getTags = createRoute({
  method: "get",
  path: "/tags",
  tags: ["Tags"],
  summary: "Every tag, by type and name",
  responses: {
    200: { description: "The tag list", content: { "application/json": { schema: z.object({ data: z.array(tagSchema) }) } } },
  },
});

export const tagRoutes = createRouter().openapi(getTags, async (c) => {
  return c.json({ data: await listTags(c.get("db")) }, 200);
});
