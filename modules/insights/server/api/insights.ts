import { requireViewer } from "#server/api/guards";
import { apiRoute, dataResponse } from "#server/api/route-docs";
import { actUrlParam, createRouter } from "#server/api/router";
import { onAct } from "#modules/acts/server";
import { insightsQuerySchema, insightsRange, insightsSchema } from "../../insights";
import type { ActivityCounter } from "../activity-counter";
import { actInsights } from "../insights";

/** CONTRACT "What acts get to run their business (turn 5)": insights. */
export function insightsRoutes(counter: ActivityCounter) {
  return createRouter().openapi(
    apiRoute({
      method: "get",
      middleware: [onAct()],
      path: "/acts/{actUrl}/insights",
      tags: ["Acts"],
      summary:
        "The act's numbers by day: views, search appearances, leads, offers, bookings, earnings (the act's artist or an admin)",
      description:
        "Days in UTC from `from` to `to`, both included (the last 30 days when left out; at most 366, 422 beyond). A view is a profile page seen by a guest or a planner, once per visitor per day, crawlers not counted, cached pages counted too; a search appearance is the act on a page of results someone was shown. Counts are written in batches every few seconds.",
      request: { params: actUrlParam, query: insightsQuerySchema },
      responses: { 200: dataResponse("The act's days and totals", insightsSchema) },
    }),
    async (c) => {
      const { act: _act, ...insights } = await actInsights(
        c.get("db"),
        counter,
        requireViewer(c),
        c.req.valid("param").actUrl,
        insightsRange(c.req.valid("query")),
      );
      return c.json({ data: insights }, 200);
    },
  );
}
