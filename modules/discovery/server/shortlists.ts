import { and, eq, sql } from "drizzle-orm";
import type { PageQuery, Paged } from "#domain/paging";
import { canMessageAct } from "#domain/permissions";
import type { ActSearchResult } from "../answers";
import type { Executor } from "#server/db/client";
import { shortlists } from "#modules/discovery/server/tables";
import { forbidden } from "#server/errors";
import { actAccess, findVisibleAct } from "#modules/acts/server";
import { RESULT_COLUMNS, type ResultRow, searchResultOf } from "./search/result-rows";
import type { SessionUser } from "#domain/session-user";

function requirePlanner(viewer: SessionUser) {
  if (viewer.role !== "PLANNER") throw forbidden("Only planners keep a shortlist");
}

/** The public act a planner may save; 404 for an act they cannot see, 403 for one not public. */
async function savableAct(db: Executor, planner: SessionUser, actUrl: string) {
  requirePlanner(planner);
  const act = await findVisibleAct(db, actUrl, planner);
  if (!canMessageAct(planner, actAccess(act))) throw forbidden("This act cannot be saved");
  return act;
}

/** Saves the act (again is nothing new). */
export async function addToShortlist(db: Executor, planner: SessionUser, actUrl: string): Promise<{ message: string }> {
  const act = await savableAct(db, planner, actUrl);
  await db.insert(shortlists).values({ plannerId: planner.id, actId: act.id }).onConflictDoNothing();
  return { message: `${act.name} saved to your shortlist` };
}

export async function removeFromShortlist(
  db: Executor,
  planner: SessionUser,
  actUrl: string,
): Promise<{ message: string }> {
  requirePlanner(planner);
  const act = await findVisibleAct(db, actUrl, planner);
  await db.delete(shortlists).where(and(eq(shortlists.plannerId, planner.id), eq(shortlists.actId, act.id)));
  return { message: `${act.name} removed from your shortlist` };
}

/** The planner's saved acts that are still public, as search results, latest saved first. */
export async function listShortlist(
  db: Executor,
  planner: SessionUser,
  paging: PageQuery,
): Promise<Paged<ActSearchResult>> {
  requirePlanner(planner);
  const saved = sql`from shortlists l join acts a on a.id = l.act_id join act_search s on s.act_id = a.id where l.planner_id = ${planner.id} and s.visible`;
  const [rows, counted] = await Promise.all([
    db.execute(
      sql`select ${RESULT_COLUMNS} ${saved} order by l.created_at desc, a.id limit ${paging.perPage} offset ${(paging.page - 1) * paging.perPage}`,
    ),
    db.execute(sql`select count(*)::int as total ${saved}`),
  ]);
  return {
    data: (rows as unknown as { rows: ResultRow[] }).rows.map((row) =>
      searchResultOf(row, { circle: false, admin: false }),
    ),
    meta: {
      page: paging.page,
      perPage: paging.perPage,
      total: (counted as unknown as { rows: { total: number }[] }).rows[0]?.total ?? 0,
    },
  };
}

/** The urls of every act the planner saved (a card's heart says so). */
export async function shortlistedActUrls(db: Executor, planner: SessionUser): Promise<string[]> {
  if (planner.role !== "PLANNER") return [];
  const result = await db.execute(
    sql`select a.url from shortlists l join acts a on a.id = l.act_id where l.planner_id = ${planner.id} order by a.url`,
  );
  return (result as unknown as { rows: { url: string }[] }).rows.map((row) => row.url);
}
