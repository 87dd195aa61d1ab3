import { eq } from "drizzle-orm";
import { canManageAct } from "#domain/permissions";
import type { Executor, Transaction } from "#server/db/client";
import { acts } from "#modules/acts/server/tables";
import { forbidden, notFound } from "#server/errors";
import { actAccess, findVisibleAct } from "./act-visibility";
import type { SessionUser } from "#domain/session-user";

type ActRow = typeof acts.$inferSelect;

/** The act, if the caller manages it (its artist or an admin): 404 if they cannot see it, else 403. */
export async function requireManagedAct(db: Executor, viewer: SessionUser, actUrl: string): Promise<ActRow> {
  const act = await findVisibleAct(db, actUrl, viewer);
  if (!canManageAct(viewer, actAccess(act))) throw forbidden("Only the act's artist or an admin may change it");
  return act;
}

/** The same check for an item found by id, whose act is known only from the item. */
export async function requireManagedActById(tx: Executor, viewer: SessionUser, actId: number): Promise<ActRow> {
  const [act] = await tx.select().from(acts).where(eq(acts.id, actId)).limit(1);
  if (!act) throw notFound("Not found");
  return requireManagedAct(tx, viewer, act.url);
}

/** Locks the act row so that counts and ranks read in this transaction stay true until it ends. */
export async function lockActById(tx: Transaction, actId: number): Promise<void> {
  await tx.select({ id: acts.id }).from(acts).where(eq(acts.id, actId)).for("update");
}
