import { Hono } from "hono";
import type { AppEnv } from "#server/http/app-env";
import { fieldErrorsFromIssues, fieldMessagesText } from "#domain/api-error";
import { insightsCsv, insightsQuerySchema, insightsRange } from "../insights";
import type { ActivityCounter } from "./activity-counter";
import { actInsights } from "./insights";

/** The CSV's path: beside the act's statement, for its manager and admins. */
export const INSIGHTS_CSV_PATH = "/acts/:actUrl/insights.csv";

/** The act's days as a CSV download (a guest signs in first and comes back); the same days as the API's. */
export function insightsCsvRoutes(counter: ActivityCounter) {
  return new Hono<AppEnv>().get(INSIGHTS_CSV_PATH, async (c) => {
    const viewer = c.get("viewer");
    if (!viewer)
      return c.redirect(`/login?redirectTo=${encodeURIComponent(c.req.url.slice(new URL(c.req.url).origin.length))}`);
    const query = { from: c.req.query("from") || undefined, to: c.req.query("to") || undefined };
    const parsed = insightsQuerySchema.safeParse(query);
    // A download link is followed by a browser: the refusal is words to read, not JSON.
    if (!parsed.success)
      return c.text(fieldMessagesText(Object.values(fieldErrorsFromIssues(parsed.error.issues)).flat()), 422);
    const range = insightsRange(parsed.data);
    const { act, days } = await actInsights(c.get("db"), counter, viewer, c.req.param("actUrl"), range);
    return new Response(insightsCsv(days), {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${act.url}-insights-${range.from}-to-${range.to}.csv"`,
        "cache-control": "private, no-store",
      },
    });
  });
}
