// An act's travel price, set by its manager, and what it comes to for a place: miles from the
// nearest of the act's locations, as the crow flies.
import { eq, inArray, or } from "drizzle-orm";
import { milesBetween } from "#domain/places";
import type { MessageResult } from "#domain/resources/results";
import type { SessionUser } from "#domain/session-user";
import type { Database, Executor } from "#server/db/client";
import { places } from "#server/db/schema";
import { notFound } from "#server/errors";
import { events } from "#modules/bookings/server/tables";
import { type Travel, travelCents, travelTerms } from "../travel";
import { requireManagedAct } from "./managed-act";
import { actLocations, acts } from "./tables";

/** The act's manager (or an admin) says what travel costs: the first miles free, then a price a mile. */
export async function setTravel(
  db: Database,
  viewer: SessionUser,
  actUrl: string,
  input: Travel,
): Promise<MessageResult> {
  const act = await requireManagedAct(db, viewer, actUrl);
  await db.update(acts).set({ travel: input }).where(eq(acts.id, act.id));
  return { message: `Travel saved: ${travelTerms(input)}` };
}

/** Miles from the nearest of the act's locations (its base and the others it plays in) to a point; null when it has none. */
export async function milesFromAct(
  db: Executor,
  act: { id: number; placeId: number | null },
  to: { lat: number; lng: number },
): Promise<number | null> {
  const others = db.select({ placeId: actLocations.placeId }).from(actLocations).where(eq(actLocations.actId, act.id));
  const points = await db
    .select({ lat: places.lat, lng: places.lng })
    .from(places)
    .where(
      act.placeId === null ? inArray(places.id, others) : or(eq(places.id, act.placeId), inArray(places.id, others)),
    );
  if (!points.length) return null;
  return Math.min(...points.map((point) => milesBetween(point, to)));
}

/** What travel to a point costs the act's planner, in cents (null when the act prices no travel or has no location). */
export async function travelCentsTo(
  db: Executor,
  act: { id: number; placeId: number | null; travel: Travel | null },
  to: { lat: number; lng: number } | null,
): Promise<number | null> {
  if (!act.travel || !to) return null;
  return travelCents(act.travel, await milesFromAct(db, act, to));
}

/**
 * Where a planner's event is, for pricing travel to it: the event's planner and admins may ask;
 * anyone else, and an event with no known place, gets 404 (the same answer as no such event).
 */
export async function eventPlaceFor(
  db: Executor,
  viewer: SessionUser | null,
  eventUrl: string,
): Promise<{ lat: number; lng: number }> {
  const [event] = await db
    .select({ plannerId: events.plannerId, lat: places.lat, lng: places.lng })
    .from(events)
    .leftJoin(places, eq(places.id, events.placeId))
    .where(eq(events.url, eventUrl));
  const mayAsk = viewer && (viewer.role === "ADMIN" || event?.plannerId === viewer.id);
  if (!event || !mayAsk) throw notFound("No such event");
  if (event.lat === null || event.lng === null) throw notFound("The event has no known place");
  return { lat: event.lat, lng: event.lng };
}

/** A gazetteer place's point, or null (an event or act with no known place). */
export async function placePoint(db: Executor, placeId: number | null): Promise<{ lat: number; lng: number } | null> {
  if (placeId === null) return null;
  const [place] = await db.select({ lat: places.lat, lng: places.lng }).from(places).where(eq(places.id, placeId));
  return place ?? null;
}
