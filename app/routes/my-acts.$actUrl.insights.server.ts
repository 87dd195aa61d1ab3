import { data, redirect, type AppLoadContext } from "react-router";
import type { FieldErrors } from "#domain/api-error";
import { ApiError } from "#server/errors";
import { type Insights, insightsQuerySchema, insightsRange } from "#modules/insights/insights";
import { rankingAdvice } from "#modules/insights/ranking-advice";
import { rankingFacts } from "#modules/insights/server";
import { requireManagedAct } from "#modules/acts/server";

/**
 * /my-acts/{actUrl}/insights (issue 66): the act's days from its insights call (which writes this
 * server's latest counts first), and which of what ranks acts it can improve. The act's manager
 * and admins; a range the call refuses shows its messages by the fields.
 */
export async function loadActInsights(context: AppLoadContext, actUrl: string, url: URL) {
  const viewer = context.viewer;
  if (!viewer) throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  const query = { from: url.searchParams.get("from") || undefined, to: url.searchParams.get("to") || undefined };
  try {
    const act = await requireManagedAct(context.db, viewer, actUrl);
    const parsed = insightsQuerySchema.safeParse(query);
    const range = insightsRange(parsed.success ? parsed.data : {});
    const answer = await context.apiFetch(
      `/api/acts/${encodeURIComponent(actUrl)}/insights?from=${range.from}&to=${range.to}`,
    );
    if (!answer.ok) throw data("Insights are not available", { status: answer.status });
    const insights = ((await answer.json()) as { data: Insights }).data;
    const advice = rankingAdvice(await rankingFacts(context.db, viewer, actUrl, insights));
    const errors: FieldErrors = parsed.success
      ? {}
      : Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), [issue.message]]));
    return { act: { url: act.url, name: act.name }, range, query, errors, insights, advice };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 403 || error.status === 404))
      throw data(error.message, { status: error.status });
    throw error;
  }
}
