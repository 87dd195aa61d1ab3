import { commandRoute } from "#server/api/command-route";
import { z } from "@hono/zod-openapi";
import {
  availabilityDaySchema,
  availabilityQuerySchema,
  blockDaysSchema,
  calendarSubscriptionSchema,
  subscribeCalendarSchema,
} from "#modules/availability/availability";
import { createdResultSchema, messageResultSchema } from "#domain/resources/results";
import { actAvailability, blockDays, findManagedBlock, unblockDays } from "../availability";
import { actFeedAddress, rotateActFeed } from "../calendar-feed";
import {
  type CalendarReading,
  findManagedCalendar,
  listCalendars,
  removeCalendar,
  subscribeCalendar,
} from "../calendar-subscriptions";
import { onItem, requireViewer } from "#server/api/guards";
import { onAct } from "#modules/acts/server";
import { apiRoute, dataResponse, errorResponses } from "#server/api/route-docs";
import { actionRoute, actUrlParam, createRouter, idParam } from "#server/api/router";

const feedResult = z
  .object({
    url: z.string().describe("The private iCalendar address: whoever has it reads the act's bookings and blocked days"),
    message: z.string().optional().describe("What happened, after a replacement"),
  })
  .meta({
    id: "CalendarFeed",
    description: "The act's own feed",
    example: { url: "https://eva.example/calendar/q1w2e3r4t5y6u7i8o9p0a1s2d3f4g5h6.ics" },
  });
const json = <S extends z.ZodType>(schema: S) => ({ content: { "application/json": { schema } }, required: true });

/** The act's calendar (issue 31): availability for anyone who may see the act; the rest for its manager and admins. */
export function availabilityRoutes(options: { publicUrl: string; reading: CalendarReading }) {
  const { publicUrl, reading } = options;
  return createRouter()
    .openapi(
      apiRoute(
        {
          method: "get",
          path: "/acts/{actUrl}/availability",
          tags: ["Availability"],
          summary:
            "The days from `from` to `to` (today and the next 90 by default, 400 at most) on which the act is not free",
          request: { params: actUrlParam, query: availabilityQuerySchema },
          responses: {
            200: dataResponse(
              "Days that are not free, in order: booked, blocked or busy for the act's manager and admins, unavailable for everyone else",
              z.array(availabilityDaySchema),
            ),
            ...errorResponses(422),
          },
        },
        { who: "Whoever may see the act", session: "optional", forbids: false, finds: true },
      ),
      async (c) =>
        c.json(
          {
            data: await actAvailability(
              c.get("db"),
              c.get("viewer"),
              c.req.valid("param").actUrl,
              c.req.valid("query"),
            ),
          },
          200,
        ),
    )
    .openapi(
      apiRoute({
        method: "post",
        middleware: [onAct()],
        path: "/availability/block/{actUrl}",
        tags: ["Availability"],
        summary: "Block days (from today on, at most 366) with an optional note",
        request: { params: actUrlParam, body: json(blockDaysSchema) },
        responses: { 201: dataResponse("Blocked", createdResultSchema), ...errorResponses(409) },
      }),
      async (c) =>
        c.json(
          { data: await blockDays(c.get("db"), requireViewer(c), c.req.valid("param").actUrl, c.req.valid("json")) },
          201,
        ),
    )
    .openapi(
      ...commandRoute(
        actionRoute({
          guard: onItem("id", findManagedBlock),
          path: "/availability/unblock/{id}",
          result: messageResultSchema,
          tags: ["Availability"],
          summary: "Free blocked days again",
          params: idParam("id"),
        }),
        (deps, c) => unblockDays(deps.db, deps.viewer, c.req.valid("param").id),
      ),
    )
    .openapi(
      apiRoute({
        method: "post",
        middleware: [onAct()],
        path: "/availability/calendars/{actUrl}",
        tags: ["Availability"],
        summary:
          "Subscribe to an iCalendar feed (http, https, webcal), read at once and then every CALENDAR_REFRESH_MINUTES",
        description:
          "The feed is read on a worker thread within a budget (about 2 seconds of work and 10,000 busy occurrences in the next 400 days; a rule more frequent than daily counts the days it touches). An account tries at most 10 subscriptions an hour, refused ones included, and 2 at once (429).",
        request: { params: actUrlParam, body: json(subscribeCalendarSchema) },
        responses: { 201: dataResponse("Subscribed", createdResultSchema), ...errorResponses(409, 429) },
      }),
      async (c) =>
        c.json(
          {
            data: await subscribeCalendar(
              c.get("db"),
              requireViewer(c),
              c.req.valid("param").actUrl,
              c.req.valid("json"),
              reading,
            ),
          },
          201,
        ),
    )
    .openapi(
      ...commandRoute(
        apiRoute({
          method: "get",
          middleware: [onAct()],
          path: "/availability/calendars/{actUrl}",
          tags: ["Availability"],
          summary: "The act's subscribed calendars, with when each was last read and why its last read failed",
          request: { params: actUrlParam },
          responses: { 200: dataResponse("Subscriptions, oldest first", z.array(calendarSubscriptionSchema)) },
        }),
        (deps, c) => listCalendars(deps.db, deps.viewer, c.req.valid("param").actUrl),
      ),
    )
    .openapi(
      ...commandRoute(
        actionRoute({
          guard: onItem("id", findManagedCalendar),
          path: "/availability/calendars/remove/{id}",
          result: messageResultSchema,
          tags: ["Availability"],
          summary: "Stop reading a calendar; its busy days go with it",
          params: idParam("id"),
        }),
        (deps, c) => removeCalendar(deps.db, deps.viewer, c.req.valid("param").id),
      ),
    )
    .openapi(
      ...commandRoute(
        apiRoute({
          method: "get",
          middleware: [onAct()],
          path: "/availability/feed/{actUrl}",
          tags: ["Availability"],
          summary: "The act's private iCalendar feed of its bookings and blocked days",
          request: { params: actUrlParam },
          responses: { 200: dataResponse("The feed's address", feedResult) },
        }),
        (deps, c) => actFeedAddress(deps.db, deps.viewer, c.req.valid("param").actUrl, publicUrl),
      ),
    )
    .openapi(
      ...commandRoute(
        actionRoute({
          guard: onAct(),
          path: "/availability/feed/rotate/{actUrl}",
          result: feedResult,
          tags: ["Availability"],
          summary: "Replace the feed's address; the old one stops answering",
          params: actUrlParam,
        }),
        (deps, c) => rotateActFeed(deps.db, deps.viewer, c.req.valid("param").actUrl, publicUrl),
      ),
    );
}
