import { and, asc, eq, gt, sql } from "drizzle-orm";
import { ACCOUNT_LIMITS, type AccountAction } from "#domain/limits";
import type { Executor } from "#server/db/client";
import { rowsOf } from "#server/db/rows-of";
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
  const since = new Date(now.getTime() - windowSeconds * 1000).toISOString();
  // The lock is a statement of its own: the next one's snapshot then sees what the lock's last
  // holder committed. That one forgets what left the window, counts what is in it, and adds the
  // new actions only when they fit: a message's write waits on two round trips, not four.
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`${action}:${subject}`}))`);
  const [taken] = await rowsOf<{ added: number; freed_at: number | string | null }>(
    db.execute(sql`with gone as (
        delete from account_actions where action = ${action} and subject = ${subject} and at <= ${since}::timestamptz),
      recent as (
        select at, row_number() over (order by at) as place
        from account_actions where action = ${action} and subject = ${subject} and at > ${since}::timestamptz),
      fits as (select count(*) + ${count} <= ${max} as yes, count(*) as total from recent),
      added as (
        insert into account_actions (action, subject, at)
        select ${action}, ${subject}, ${now.toISOString()}::timestamptz from generate_series(1, ${count}), fits where fits.yes
        returning 1)
      select (select count(*) from added)::int as added,
        -- The window frees a place when its oldest counted action leaves it.
        (select extract(epoch from at) * 1000 from recent, fits
          where place = greatest(1, fits.total + ${count} - ${max}))::float8 as freed_at`),
  );
  if (taken && Number(taken.added) > 0) return;
  const oldest = taken?.freed_at == null ? now.getTime() : Number(taken.freed_at);
  throw rateLimited(message, (oldest + windowSeconds * 1000 - now.getTime()) / 1000);
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
