import { and, asc, eq, gt, lte, sql } from "drizzle-orm";
import { ACCOUNT_LIMITS, type AccountAction } from "#domain/limits";
import type { Executor } from "#server/db/client";
import { accountActions } from "#modules/accounts/server/tables";
import { rateLimited } from "#server/errors";

/**
 * Counts `count` actions of `subject` (a user id, or an address for sign-in failures) against
 * its sliding window, or refuses with 429 and Retry-After when they would pass the limit.
 * Run it inside the transaction of the write it counts: a write that fails takes its count back
 * with it. Concurrent calls for one subject wait on an advisory lock, so two servers cannot both
 * take the last place.
 */
export async function takeAccountAction(
  db: Executor,
  action: AccountAction,
  subject: string,
  count = 1,
  now = new Date(),
): Promise<void> {
  const { max, windowSeconds, message } = ACCOUNT_LIMITS[action];
  const since = new Date(now.getTime() - windowSeconds * 1000);
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`${action}:${subject}`}))`);
  const mine = and(eq(accountActions.action, action), eq(accountActions.subject, subject));
  await db.delete(accountActions).where(and(mine, lte(accountActions.at, since)));
  const recent = await db
    .select({ at: accountActions.at })
    .from(accountActions)
    .where(and(mine, gt(accountActions.at, since)))
    .orderBy(asc(accountActions.at));
  if (recent.length + count > max) {
    // The window frees a place when its oldest counted action leaves it.
    const freedAt = (recent[Math.max(0, recent.length + count - max - 1)]?.at ?? now).getTime() + windowSeconds * 1000;
    throw rateLimited(message, (freedAt - now.getTime()) / 1000);
  }
  await db.insert(accountActions).values(Array.from({ length: count }, () => ({ action, subject, at: now })));
}

/** Whether `subject` has used up its window for `action`, without counting anything. */
export async function accountActionsLeft(
  db: Executor,
  action: AccountAction,
  subject: string,
  now = new Date(),
): Promise<{ left: number; retryAfterSeconds: number }> {
  const { max, windowSeconds } = ACCOUNT_LIMITS[action];
  const since = new Date(now.getTime() - windowSeconds * 1000);
  const recent = await db
    .select({ at: accountActions.at })
    .from(accountActions)
    .where(and(eq(accountActions.action, action), eq(accountActions.subject, subject), gt(accountActions.at, since)))
    .orderBy(asc(accountActions.at));
  const oldest = recent[0]?.at.getTime() ?? now.getTime();
  return {
    left: Math.max(0, max - recent.length),
    retryAfterSeconds: (oldest + windowSeconds * 1000 - now.getTime()) / 1000,
  };
}

/** Forgets the counted actions of `subject` (a successful sign-in clears its failures). */
export async function clearAccountActions(db: Executor, action: AccountAction, subject: string): Promise<void> {
  await db.delete(accountActions).where(and(eq(accountActions.action, action), eq(accountActions.subject, subject)));
}
