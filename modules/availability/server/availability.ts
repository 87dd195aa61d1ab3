import { and, asc, count, eq, gte, sql } from "drizzle-orm";
import {
  AVAILABILITY,
  AVAILABILITY_MESSAGES,
  type AvailabilityDay,
  type BlockDaysInput,
  type DayStatus,
} from "../availability";
import { addDays, daysCounted, formatDayRange } from "#domain/calendar-days";
import type { CreatedResult } from "#domain/resources/results";
import { dayIn } from "#modules/bookings/events";
import { canManageAct } from "#domain/permissions";
import type { Executor } from "#server/db/client";
import { actBlocks } from "#modules/availability/server/tables";
import { acts } from "#modules/acts/server/tables";
import { places } from "#server/db/schema";
import { conflict, notFound, validationFailed } from "#server/errors";
import { actAccess, findVisibleAct } from "#modules/acts/server";
import { requireManagedAct, requireManagedActById } from "#modules/acts/server";
import { notFreeOn } from "./not-free-on";
import type { SessionUser } from "#domain/session-user";
import { rowsOf } from "#server/db/rows-of";

/** The time zone of the act's own place (its calendar's days), UTC when it names none we know. */
export async function actTimeZone(db: Executor, actId: number): Promise<string> {
  const [row] = await db
    .select({ zone: places.timeZone })
    .from(acts)
    .innerJoin(places, eq(places.id, acts.placeId))
    .where(eq(acts.id, actId))
    .limit(1);
  return row?.zone ?? "UTC";
}

/** Today where the act is. */
export async function actToday(db: Executor, actId: number, now = new Date()): Promise<string> {
  return dayIn(now, await actTimeZone(db, actId));
}

/**
 * Each day from `from` to `to` on which the act is not free, with why: booked outranks
 * blocked, which outranks busy. The notes and event names are for its manager's eyes.
 */
export async function unavailableDays(
  db: Executor,
  actId: number,
  from: string,
  to: string,
  exceptEventId?: number,
): Promise<AvailabilityDay[]> {
  // One after another: `db` may be a transaction, whose one connection runs one query at a time.
  const booked = await rowsOf<{ day: string; event: string }>(
    db.execute(sql`select to_char(e.starttime at time zone coalesce(ep.time_zone, 'UTC'), 'YYYY-MM-DD') as day, e.name as event
        from bookings b join events e on e.id = b.event_id left join places ep on ep.id = e.place_id
        where b.act_id = ${actId} and b.status <> 'cancelled' and e.cancelled_at is null and e.id <> ${exceptEventId ?? 0}
          and e.starttime >= ${from}::date - interval '1 day' and e.starttime < ${to}::date + interval '2 days'
        order by e.starttime`),
  );
  const blocked = await rowsOf<{ day: string; note: string | null }>(
    db.execute(sql`select to_char(g.day, 'YYYY-MM-DD') as day, k.note
        from act_blocks k, generate_series(greatest(k.starts_on, ${from}::date), least(k.ends_on, ${to}::date), interval '1 day') as g(day)
        where k.act_id = ${actId} and k.starts_on <= ${to}::date and k.ends_on >= ${from}::date
        order by k.id`),
  );
  const busy = await rowsOf<{ day: string; summary: string | null }>(
    db.execute(sql`select to_char(d.day, 'YYYY-MM-DD') as day, min(d.summary) as summary from calendar_busy_days d
        where d.act_id = ${actId} and d.day between ${from}::date and ${to}::date group by d.day`),
  );
  const days = new Map<string, AvailabilityDay>();
  const add = (day: AvailabilityDay) => {
    if (day.date >= from && day.date <= to && !days.has(day.date)) days.set(day.date, day);
  };
  for (const row of booked) add({ date: row.day, status: "booked", event: row.event });
  for (const row of blocked) add({ date: row.day, status: "blocked", ...(row.note ? { note: row.note } : {}) });
  for (const row of busy) add({ date: row.day, status: "busy", ...(row.summary ? { event: row.summary } : {}) });
  return [...days.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/**
 * GET /api/acts/{actUrl}/availability: the days from `from` to `to` (today and the next 90 by
 * default) on which the act is not free. Whoever may see the act asks; only its manager and
 * admins learn why, everyone else reads "unavailable".
 */
export async function actAvailability(
  db: Executor,
  viewer: SessionUser | null,
  actUrl: string,
  query: { from?: string | undefined; to?: string | undefined },
): Promise<AvailabilityDay[]> {
  const act = await findVisibleAct(db, actUrl, viewer);
  const from = query.from ?? (await actToday(db, act.id));
  const to = query.to ?? addDays(from, AVAILABILITY.defaultDays);
  if (daysCounted(from, to) > AVAILABILITY.maxRangeDays)
    throw validationFailed({ to: [AVAILABILITY_MESSAGES.rangeTooLong] });
  if (to < from) throw validationFailed({ to: [AVAILABILITY_MESSAGES.rangeOrder] });
  const days = await unavailableDays(db, act.id, from, to);
  if (canManageAct(viewer, actAccess(act))) return days;
  return days.map((day) => ({ date: day.date, status: "unavailable" }));
}

/** Why the act is not free on a day, or null when it is, leaving out one event's own booking: for invites and offers. */
export async function dayStatus(
  db: Executor,
  actId: number,
  date: string,
  exceptEventId?: number,
): Promise<DayStatus | null> {
  const [day] = await unavailableDays(db, actId, date, date, exceptEventId);
  return day ? (day.status as DayStatus) : null;
}

/** Whether the act is free that day, by the same rule search uses. */
export async function isFreeOn(db: Executor, actId: number, date: string): Promise<boolean> {
  const [row] = await rowsOf<{ taken: boolean }>(
    db.execute(sql`select ${notFreeOn(date)} as taken from (select ${actId}::int as act_id) s`),
  );
  return !row?.taken;
}

/** POST /api/availability/block/{actUrl}: the manager blocks days from today on. */
export async function blockDays(
  db: Executor,
  viewer: SessionUser,
  actUrl: string,
  input: BlockDaysInput,
): Promise<CreatedResult> {
  const act = await requireManagedAct(db, viewer, actUrl);
  const today = await actToday(db, act.id);
  if (input.from < today) throw validationFailed({ from: [AVAILABILITY_MESSAGES.blockInPast] });
  const [ahead] = await db
    .select({ value: count() })
    .from(actBlocks)
    .where(and(eq(actBlocks.actId, act.id), gte(actBlocks.endsOn, today)));
  if ((ahead?.value ?? 0) >= AVAILABILITY.maxBlocksAhead) throw conflict(AVAILABILITY_MESSAGES.tooManyBlocks);
  const [row] = await db
    .insert(actBlocks)
    .values({ actId: act.id, startsOn: input.from, endsOn: input.to, note: input.note })
    .returning({ id: actBlocks.id });
  if (!row) throw new Error("the block was not written");
  return { id: row.id, message: `Blocked ${formatDayRange(input.from, input.to)}` };
}

/** A block, if the caller manages its act: 404 when there is none, 403 when not theirs. */
export async function findManagedBlock(db: Executor, viewer: SessionUser, id: number) {
  const [block] = await db.select().from(actBlocks).where(eq(actBlocks.id, id)).limit(1);
  if (!block) throw notFound("No such blocked days");
  await requireManagedActById(db, viewer, block.actId);
  return block;
}

/** POST /api/availability/unblock/{id}: the days are free again. */
export async function unblockDays(db: Executor, viewer: SessionUser, id: number): Promise<{ message: string }> {
  const block = await findManagedBlock(db, viewer, id);
  await db.delete(actBlocks).where(and(eq(actBlocks.id, block.id), eq(actBlocks.actId, block.actId)));
  return { message: "The days are free again" };
}

/** The act's blocks that end today or later, soonest first: what its calendar page lists to free. */
export async function upcomingBlocks(db: Executor, actId: number, today: string) {
  return db
    .select({ id: actBlocks.id, from: actBlocks.startsOn, to: actBlocks.endsOn, note: actBlocks.note })
    .from(actBlocks)
    .where(and(eq(actBlocks.actId, actId), gte(actBlocks.endsOn, today)))
    .orderBy(asc(actBlocks.startsOn), asc(actBlocks.id));
}
