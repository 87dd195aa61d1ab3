import { createRoute, z } from "@hono/zod-openapi";
import { canSubmitApplication } from "../../../domain/permissions";
import { actUpdateSchema, createActSchema } from "../../../domain/schemas/act";
import { createAct, submitApplication, updateActProfile } from "../../services/act-profile-edit";
import { onAct, roles, requireViewer } from "../guards";
import { actionRoute, actionRouteWithBody, actUrlParam, createRouter, errorResponses } from "../router";

export const actEditRoutes = createRouter()
  .openapi(
    createRoute({
      method: "post",
      middleware: [roles("ARTIST", "ADMIN")],
      path: "/acts/create",
      tags: ["Acts"],
      summary: "Create an act (artist or admin); it starts as a draft",
      request: { body: { content: { "application/json": { schema: createActSchema } }, required: true } },
      responses: { 201: { description: "Created", content: { "application/json": { schema: z.object({ data: z.object({ url: z.string(), message: z.string() }) }) } } }, ...errorResponses(400, 401, 403, 422) },
    }),
    async (c) => c.json({ data: await createAct(c.get("db"), requireViewer(c), c.req.valid("json")) }, 201),
  )
  .openapi(createRoute(actionRouteWithBody({ guard: onAct(), path: "/acts/update/{actUrl}", tags: ["Acts"], summary: "Update the profile (the act's artist or an admin; additional_info admins only)", params: actUrlParam, body: actUpdateSchema, errors: [400, 401, 403, 404, 422] })), async (c) =>
    c.json({ data: await updateActProfile(c.get("db"), requireViewer(c), c.req.valid("param").actUrl, c.req.valid("json")) }, 200),
  )
  .openapi(createRoute(actionRoute({ guard: onAct(canSubmitApplication), path: "/acts/submit-application/{actUrl}", tags: ["Acts"], summary: "Submit a draft for approval (the act's artist or an admin)", params: actUrlParam, errors: [401, 403, 404, 409] })), async (c) =>
    c.json({ data: await submitApplication(c.get("db"), requireViewer(c), c.req.valid("param").actUrl) }, 200),
  );
