import { z } from "@hono/zod-openapi";
import { tagSchema } from "#domain/tags";
import { listTags } from "#modules/acts/server/tags";
import { apiRoute, dataResponse } from "#server/api/route-docs";
import { createRouter } from "#server/api/router";

const getTags = apiRoute({
  method: "get",
  path: "/tags",
  tags: ["Tags"],
  summary: "Every tag, by type and name",
  responses: { 200: dataResponse("The tag list", z.array(tagSchema)) },
});

export const tagRoutes = createRouter().openapi(getTags, async (c) => {
  return c.json({ data: await listTags(c.get("db")) }, 200);
});
