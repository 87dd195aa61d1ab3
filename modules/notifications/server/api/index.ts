import { commandRoute } from "#server/api/command-route";
import { z } from "@hono/zod-openapi";
import { notificationSchema, notificationSettingSchema } from "#modules/notifications/answers";
import { messageResultSchema } from "#domain/resources/results";
import { notificationSettingInputSchema } from "#modules/notifications/schemas";
import { listNotifications, markAllRead, notificationSettings, saveEmailSetting, unreadCount } from "../notifications";
import { requireViewer, signedIn } from "#server/api/guards";
import { pageQuerySchema } from "#domain/paging";
import { apiRoute, dataResponse, errorResponses, pageMetaSchema } from "#server/api/route-docs";
import { createRouter } from "#server/api/router";

const TAGS = ["Notifications"];

export const notificationRoutes = createRouter()
  .openapi(
    apiRoute({
      method: "get",
      middleware: [signedIn],
      path: "/notifications",
      tags: TAGS,
      summary: "A page of the signed-in user's notifications, newest first, with how many are unread",
      request: { query: pageQuerySchema },
      responses: {
        200: {
          description: "Notifications",
          content: {
            "application/json": {
              schema: z.object({
                data: z.array(notificationSchema),
                meta: pageMetaSchema.extend({ unread: z.number().int() }),
              }),
            },
          },
        },
      },
    }),
    async (c) => {
      const viewer = requireViewer(c);
      const db = c.get("db");
      const [{ data, meta }, unread] = await Promise.all([
        listNotifications(db, viewer.id, c.req.valid("query")),
        unreadCount(db, viewer.id),
      ]);
      return c.json({ data, meta: { ...meta, unread } }, 200);
    },
  )
  .openapi(
    apiRoute({
      method: "post",
      middleware: [signedIn],
      path: "/notifications/read",
      tags: TAGS,
      summary: "Mark all of the signed-in user's notifications read",
      responses: { 200: dataResponse("Done", messageResultSchema) },
    }),
    async (c) => {
      await markAllRead(c.get("db"), requireViewer(c).id);
      return c.json({ data: { message: "All notifications read" } }, 200);
    },
  )
  .openapi(
    ...commandRoute(
      apiRoute({
        method: "get",
        middleware: [signedIn],
        path: "/notifications/settings",
        tags: TAGS,
        summary: "Which notifications the signed-in user gets by email",
        responses: { 200: dataResponse("Settings", z.array(notificationSettingSchema)) },
      }),
      (deps) => notificationSettings(deps.db, deps.viewer.id, deps.viewer.role),
    ),
  )
  .openapi(
    ...commandRoute(
      apiRoute({
        method: "post",
        middleware: [signedIn],
        path: "/notifications/settings",
        tags: TAGS,
        summary: "Turn one kind of notification email on or off",
        request: {
          body: { content: { "application/json": { schema: notificationSettingInputSchema } }, required: true },
        },
        responses: { 200: dataResponse("Saved", z.array(notificationSettingSchema)), ...errorResponses(403) },
      }),
      (deps, c) => saveEmailSetting(deps.db, deps.viewer, c.req.valid("json")),
    ),
  );
