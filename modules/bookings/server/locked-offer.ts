import { eq } from "drizzle-orm";
import type { Executor } from "#server/db/client";
import { acts, events, invites, offers, places } from "#server/db/schema";

/** An offer with its invite, act, event and the event's time zone, locked for a change of its status. */
export async function lockedOffer(tx: Executor, offerId: number) {
  const [row] = await tx
    .select({ offer: offers, invite: invites, act: acts, event: events, timeZone: places.timeZone })
    .from(offers)
    .innerJoin(invites, eq(invites.id, offers.inviteId))
    .innerJoin(acts, eq(acts.id, invites.actId))
    .innerJoin(events, eq(events.id, invites.eventId))
    .leftJoin(places, eq(places.id, events.placeId))
    .where(eq(offers.id, offerId))
    .for("update", { of: offers });
  return row;
}
