import { and, asc, count, eq, sql } from "drizzle-orm";
import {
  AVAILABILITY,
  AVAILABILITY_MESSAGES,
  type CalendarSubscription,
  type SubscribeCalendarInput,
} from "../availability";
import type { CreatedResult } from "#domain/resources/results";
import type { Database, Executor } from "#server/db/client";
import { isUniqueViolation } from "#server/db/errors";
import { calendarBusyDays, calendarSubscriptions } from "#modules/availability/server/tables";
import { conflict, notFound, rateLimited, validationFailed } from "#server/errors";
import { actTimeZone } from "./availability";
import { CalendarBudgetError, NotICalendarError } from "./calendar-busy-days";
import { readBusyDays } from "./calendar-thread";
import { takeAccountAction } from "#modules/accounts/server";
import { CalendarFetchError, fetchCalendar } from "./calendar-fetch";
import { requireManagedAct, requireManagedActById } from "#modules/acts/server";
import type { SessionUser } from "#domain/session-user";
import { rowsOf } from "#server/db/rows-of";

export interface CalendarReading {
  /** CALENDAR_ALLOW_PRIVATE_URLS: read loopback addresses (a test's local server). */
  allowPrivate: boolean;
  /** CALENDAR_REFRESH_MINUTES: how long a good or failed read stands before the next. */
  refreshMinutes: number;
}

/** The busy days of a calendar's text (read on the calendar worker), or the message a failed read shows. */
async function readCalendar(
  owner: string,
  url: string,
  actZone: string,
  reading: CalendarReading,
): Promise<{ days: Map<string, string | null> } | { error: string }> {
  try {
    const text = await fetchCalendar(url, { allowPrivate: reading.allowPrivate });
    return { days: await readBusyDays(owner, text, actZone) };
  } catch (error) {
    if (error instanceof CalendarFetchError || error instanceof CalendarBudgetError) return { error: error.message };
    if (error instanceof NotICalendarError) return { error: AVAILABILITY_MESSAGES.calendarNotICalendar };
    throw error;
  }
}

/** Subscriptions being read for each account on this server: at most AVAILABILITY.subscribingAtOnce. */
const subscribing = new Map<string, number>();

/**
 * A good read replaces the subscription's days with the new ones, writing only what differs
 * (so an unchanged calendar sends no change notice); a failed one keeps the last good days and
 * records why. Either way the next read is due a refresh period later.
 */
async function writeRead(
  tx: Executor,
  subscription: { id: number; actId: number },
  result: Awaited<ReturnType<typeof readCalendar>>,
  reading: CalendarReading,
): Promise<void> {
  const next = sql`now() + make_interval(mins => ${reading.refreshMinutes})`;
  if ("error" in result) {
    await tx
      .update(calendarSubscriptions)
      .set({ error: result.error, lastTriedAt: sql`now()`, nextReadAt: next })
      .where(eq(calendarSubscriptions.id, subscription.id));
    return;
  }
  const payload = JSON.stringify([...result.days.entries()].map(([day, summary]) => ({ day, summary })));
  await tx.execute(sql`delete from calendar_busy_days d where d.subscription_id = ${subscription.id}
    and not exists (select 1 from jsonb_to_recordset(${payload}::jsonb) as n(day date, summary text) where n.day = d.day)`);
  await tx.execute(sql`insert into calendar_busy_days (subscription_id, act_id, day, summary)
    select ${subscription.id}, ${subscription.actId}, n.day, n.summary from jsonb_to_recordset(${payload}::jsonb) as n(day date, summary text)
    on conflict (subscription_id, day) do update set summary = excluded.summary where calendar_busy_days.summary is distinct from excluded.summary`);
  await tx
    .update(calendarSubscriptions)
    .set({ error: null, lastReadAt: sql`now()`, lastTriedAt: sql`now()`, nextReadAt: next })
    .where(eq(calendarSubscriptions.id, subscription.id));
}

/**
 * POST /api/availability/calendars/{actUrl}: subscribe, reading the calendar at once; an address
 * that cannot be read as iCalendar is a 422 on `url` and nothing is kept.
 */
export async function subscribeCalendar(
  db: Database,
  viewer: SessionUser,
  actUrl: string,
  input: SubscribeCalendarInput,
  reading: CalendarReading,
): Promise<CreatedResult> {
  const act = await requireManagedAct(db, viewer, actUrl);
  const [existing] = await db
    .select({ value: count() })
    .from(calendarSubscriptions)
    .where(eq(calendarSubscriptions.actId, act.id));
  if ((existing?.value ?? 0) >= AVAILABILITY.maxSubscriptions) throw conflict(AVAILABILITY_MESSAGES.tooManyCalendars);
  // Each attempt is a request our server makes for the account: counted whether or not it reads,
  // and only a few at once, so an account cannot make the server a scanner.
  const inProgress = subscribing.get(viewer.id) ?? 0;
  if (inProgress >= AVAILABILITY.subscribingAtOnce) throw rateLimited(AVAILABILITY_MESSAGES.subscribingAtOnce, 5);
  // Taken before anything is awaited, so that attempts arriving together each see the others.
  subscribing.set(viewer.id, inProgress + 1);
  let result: Awaited<ReturnType<typeof readCalendar>>;
  try {
    await db.transaction((tx) => takeAccountAction(tx, "calendarSubscribeTried", viewer.id));
    result = await readCalendar(`account:${viewer.id}`, input.url, await actTimeZone(db, act.id), reading);
  } finally {
    const left = (subscribing.get(viewer.id) ?? 1) - 1;
    if (left > 0) subscribing.set(viewer.id, left);
    else subscribing.delete(viewer.id);
  }
  if ("error" in result) throw validationFailed({ url: [result.error] });
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(calendarSubscriptions)
        .values({ actId: act.id, url: input.url })
        .returning({ id: calendarSubscriptions.id });
      if (!row) throw new Error("the subscription was not written");
      await writeRead(tx, { id: row.id, actId: act.id }, result, reading);
      return {
        id: row.id,
        message: `Calendar added: ${result.days.size} busy ${result.days.size === 1 ? "day" : "days"} ahead`,
      };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw validationFailed({ url: [AVAILABILITY_MESSAGES.calendarDuplicate] });
    throw error;
  }
}

/** GET /api/availability/calendars/{actUrl}: the act's subscriptions, oldest first. */
export async function listCalendars(
  db: Executor,
  viewer: SessionUser,
  actUrl: string,
): Promise<CalendarSubscription[]> {
  const act = await requireManagedAct(db, viewer, actUrl);
  const rows = await db
    .select({
      id: calendarSubscriptions.id,
      url: calendarSubscriptions.url,
      lastReadAt: calendarSubscriptions.lastReadAt,
      lastTriedAt: calendarSubscriptions.lastTriedAt,
      error: calendarSubscriptions.error,
      busyDays: sql<number>`(select count(*)::int from ${calendarBusyDays} d where d.subscription_id = ${calendarSubscriptions.id} and d.day >= current_date)`,
    })
    .from(calendarSubscriptions)
    .where(eq(calendarSubscriptions.actId, act.id))
    .orderBy(asc(calendarSubscriptions.id));
  return rows.map((row) => ({
    id: row.id,
    url: row.url,
    last_read_at: row.lastReadAt?.toISOString() ?? null,
    last_tried_at: row.lastTriedAt?.toISOString() ?? null,
    error: row.error,
    busy_days: Number(row.busyDays),
  }));
}

/** A subscription, if the caller manages its act. */
export async function findManagedCalendar(db: Executor, viewer: SessionUser, id: number) {
  const [row] = await db.select().from(calendarSubscriptions).where(eq(calendarSubscriptions.id, id)).limit(1);
  if (!row) throw notFound("No such calendar");
  await requireManagedActById(db, viewer, row.actId);
  return row;
}

/** POST /api/availability/calendars/remove/{id}: its busy days go with it. */
export async function removeCalendar(db: Database, viewer: SessionUser, id: number): Promise<{ message: string }> {
  const row = await findManagedCalendar(db, viewer, id);
  await db
    .delete(calendarSubscriptions)
    .where(and(eq(calendarSubscriptions.id, row.id), eq(calendarSubscriptions.actId, row.actId)));
  return { message: "The calendar is no longer read" };
}

/**
 * Reads every subscription that is due, on whichever server gets to it first: each is claimed
 * by moving its next read a refresh period ahead in one statement (`for update skip locked`),
 * so two servers never read the same one. `concurrency` reads run at once, and after each a
 * lane rests as long as the read took: reading shares the server with the pages it answers,
 * and a round of a thousand calendars still ends in minutes, far inside the refresh period.
 * Answers how many were read.
 */
export async function refreshDueCalendars(
  db: Database,
  reading: CalendarReading,
  options: { batch?: number; concurrency?: number; rest?: boolean } = {},
): Promise<number> {
  const batch = options.batch ?? 200;
  const concurrency = options.concurrency ?? 2;
  const rest = options.rest ?? false;
  let read = 0;
  for (;;) {
    const claimed = await rowsOf<{ id: number; act_id: number; url: string; zone: string | null }>(
      db.execute(sql`update calendar_subscriptions c set next_read_at = now() + make_interval(mins => ${reading.refreshMinutes})
        from (select id from calendar_subscriptions where next_read_at <= now() order by next_read_at limit ${batch} for update skip locked) due
        where c.id = due.id
        returning c.id, c.act_id, c.url, (select p.time_zone from acts a join places p on p.id = a.place_id where a.id = c.act_id) as zone`),
    );
    if (claimed.length === 0) return read;
    const queue = [...claimed];
    await Promise.all(
      Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          const started = performance.now();
          // Each act's calendars wait in the act's own line, behind nobody's subscription.
          const result = await readCalendar(`act:${next.act_id}`, next.url, next.zone ?? "UTC", reading);
          await db.transaction((tx) => writeRead(tx, { id: next.id, actId: next.act_id }, result, reading));
          read += 1;
          if (rest) await new Promise((resolve) => setTimeout(resolve, performance.now() - started));
        }
      }),
    );
    if (claimed.length < batch) return read;
  }
}
