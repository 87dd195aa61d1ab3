import { eq } from "drizzle-orm";
import { type ActAccess, canViewAct } from "#domain/permissions";
import { cachedRead, type ReadCache } from "#server/cache/cached-read";
import type { Executor } from "#server/db/client";
import { acts } from "#modules/acts/server/tables";
import { notFound } from "#server/errors";
import type { SessionUser } from "#domain/session-user";

type ActRow = typeof acts.$inferSelect;

/** The facts of an act row that permissions depend on (domain/permissions.ts). */
export function actAccess(act: Pick<ActRow, "managerId" | "active" | "internalUseOnly">): ActAccess {
  return { managerId: act.managerId, active: act.active, internal_use_only: act.internalUseOnly };
}

/**
 * An act's row as every page and GET of the act starts from, kept until the act is notified:
 * the triggers cover every column of the row, and an act that moves notifies its old address
 * too. The whole row is kept; what each viewer may see of it is decided per request, after.
 */
const actRow = cachedRead({
  name: "act-rows",
  maxEntries: 5_000,
  key: (url: string) => url,
  tags: (url) => [`act:${url}`],
  read: async (db, url): Promise<ActRow | undefined> =>
    (await db.select().from(acts).where(eq(acts.url, url)).limit(1))[0],
});

/** The act row, or 404 when it does not exist or the caller may not see it. */
export async function findVisibleAct(
  db: Executor,
  actUrl: string,
  viewer: SessionUser | null,
  cache?: ReadCache,
): Promise<ActRow> {
  return visibleOrNotFound(await actRow({ db, cache }, actUrl), viewer);
}

/** The act found, when there is one and this viewer may see it; otherwise the API's 404. */
export function visibleOrNotFound<T extends Pick<ActRow, "managerId" | "active" | "internalUseOnly">>(
  act: T | undefined,
  viewer: SessionUser | null,
): T {
  if (!act || !canViewAct(viewer, actAccess(act))) throw notFound("No such act");
  return act;
}
