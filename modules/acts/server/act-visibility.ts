import { eq } from "drizzle-orm";
import { type ActAccess, canViewAct } from "#domain/permissions";
import type { ActRowCache } from "#server/cache/act-row-cache";
import type { Executor } from "#server/db/client";
import { acts } from "#server/db/schema";
import { notFound } from "#server/errors";
import type { SessionUser } from "#domain/session-user";

type ActRow = typeof acts.$inferSelect;

/** The facts of an act row that permissions depend on (domain/permissions.ts). */
export function actAccess(act: Pick<ActRow, "managerId" | "active" | "internalUseOnly">): ActAccess {
  return { managerId: act.managerId, active: act.active, internal_use_only: act.internalUseOnly };
}

/** The act row, or 404 when it does not exist or the caller may not see it. */
export async function findVisibleAct(
  db: Executor,
  actUrl: string,
  viewer: SessionUser | null,
  keptRows?: ActRowCache,
): Promise<ActRow> {
  const read = async () => (await db.select().from(acts).where(eq(acts.url, actUrl)).limit(1))[0];
  const act = keptRows ? await keptRows.read(actUrl, read) : await read();
  if (!act || !canViewAct(viewer, actAccess(act))) throw notFound("No such act");
  return act;
}
