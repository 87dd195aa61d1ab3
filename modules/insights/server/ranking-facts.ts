// The act's own figures that ranking weighs, for its insights page's advice.
import { count, eq } from "drizzle-orm";
import type { SessionUser } from "#domain/session-user";
import type { Executor } from "#server/db/client";
import { applicationChecklist } from "#modules/acts/application-checklist";
import { applicationFacts, requireManagedAct } from "#modules/acts/server";
import { actLocations } from "#modules/acts/server/tables";
import { actSearch } from "#modules/discovery/server/tables";
import type { RankingFacts } from "../ranking-advice";

/** What ranks the act, as it stands (its manager and admins; anyone else as requireManagedAct answers). */
export async function rankingFacts(
  db: Executor,
  viewer: SessionUser,
  actUrl: string,
  response: { response_rate: number | null; response_time_hours: number | null },
): Promise<RankingFacts> {
  const act = await requireManagedAct(db, viewer, actUrl);
  const [facts, [locations], [search]] = await Promise.all([
    applicationFacts(db, [act]),
    db.select({ n: count() }).from(actLocations).where(eq(actLocations.actId, act.id)),
    db
      .select({ average: actSearch.ratingAvg, count: actSearch.reviewCount })
      .from(actSearch)
      .where(eq(actSearch.actId, act.id)),
  ]);
  return {
    rating: { average: search?.average ?? null, count: search?.count ?? 0 },
    ...response,
    checklist: applicationChecklist(facts.get(act.id)!),
    otherLocations: locations?.n ?? 0,
    hasHomeCity: Boolean(act.location?.trim()),
    featured: act.isFeatured,
  };
}
