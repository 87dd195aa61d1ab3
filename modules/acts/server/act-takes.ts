// What an act takes, set by its manager, and whether a planner's event is inside it (issue 66).
import { and, eq, inArray, sql } from "drizzle-orm";
import { MESSAGES } from "#domain/messages";
import type { MessageResult } from "#domain/resources/results";
import type { SessionUser } from "#domain/session-user";
import type { Executor } from "#server/db/client";
import { places } from "#server/db/schema";
import { validationFailed } from "#server/errors";
import { events } from "#modules/bookings/server/tables";
import { type MisfitReason, type Takes, misfitsOf, takesLine } from "../takes";
import { milesFromAct } from "./act-travel";
import { requireManagedAct } from "./managed-act";
import { acts, tags } from "./tables";

/** The act's manager (or an admin) says what it takes; every event type named must be one of the tags. */
export async function setTakes(
  db: Executor,
  viewer: SessionUser,
  actUrl: string,
  input: Takes,
): Promise<MessageResult> {
  const act = await requireManagedAct(db, viewer, actUrl);
  if (input.event_types.length) {
    const known = await db
      .select({ name: tags.name })
      .from(tags)
      .where(and(eq(tags.type, "Event Type"), inArray(tags.name, input.event_types)));
    if (known.length !== input.event_types.length) throw validationFailed({ event_types: [MESSAGES.unknownEventType] });
  }
  await db.update(acts).set({ takes: input }).where(eq(acts.id, act.id));
  return { message: `Saved what ${act.name} takes: ${takesLine(input)}` };
}

/**
 * Why one of a planner's events falls outside what the act takes (empty when it fits): its type,
 * its budget, its distance from the nearest of the act's locations, and its weekday where it happens.
 */
export async function eventMisfits(
  db: Executor,
  act: { id: number; placeId: number | null; takes: Takes | null },
  eventId: number,
): Promise<MisfitReason[]> {
  if (!act.takes) return [];
  const [event] = await db
    .select({
      eventType: events.eventType,
      budgetDollars: events.budgetDollars,
      lat: places.lat,
      lng: places.lng,
      weekday: sql<number>`extract(dow from ${events.starttime} at time zone coalesce(${places.timeZone}, 'UTC'))::int`,
    })
    .from(events)
    .leftJoin(places, eq(places.id, events.placeId))
    .where(eq(events.id, eventId))
    .limit(1);
  if (!event) return [];
  const miles =
    act.takes.max_miles !== null && event.lat !== null && event.lng !== null
      ? await milesFromAct(db, act, { lat: event.lat, lng: event.lng })
      : null;
  return misfitsOf(act.takes, {
    eventType: event.eventType,
    budgetCents: event.budgetDollars === null ? null : event.budgetDollars * 100,
    miles,
    weekday: Number(event.weekday),
  });
}
