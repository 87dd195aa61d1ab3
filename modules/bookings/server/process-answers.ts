// Rows of the process as the API answers them, shared by the planner's and the artist's lists.
import { desc, inArray } from "drizzle-orm";
import type { EventDetailsAnswer, Offer } from "../answers";
import type { InviteState } from "../events";
import type { Executor } from "#server/db/client";
import { type events, offers } from "#modules/bookings/server/tables";

/** What an act needs to quote, as the API answers it. */
export function detailsOf(
  event: Pick<typeof events.$inferSelect, "eventType" | "guests" | "budgetDollars" | "hours" | "venue" | "notes">,
): EventDetailsAnswer {
  return {
    event_type: event.eventType,
    guests: event.guests,
    budget: event.budgetDollars,
    hours: event.hours,
    venue: event.venue,
    notes: event.notes,
  };
}

/** An offer as the API answers it: its stored status (`expired` is written by its job at the end of its last day). */
export function offerOf(offer: typeof offers.$inferSelect): Offer {
  return {
    id: offer.id,
    price_cents: offer.priceCents,
    travel_cents: offer.travelCents,
    message: offer.message,
    status: offer.status,
    date_time_posted: offer.dateTimePosted.toISOString(),
    deposit_cents: offer.depositCents,
    expires_on: offer.expiresOn,
    terms: offer.terms,
    cancellation_policy: offer.cancellationPolicy,
  };
}

export function inviteState(
  offerRows: { status: string }[],
  booked: boolean,
  declined = false,
  cancelled = false,
  released = false,
): InviteState {
  if (cancelled) return "cancelled";
  if (booked) return "booked";
  if (declined) return "declined";
  if (released) return "released";
  return offerRows.length ? "offered" : "invited";
}

export async function loadOffers(db: Executor, inviteIds: number[]) {
  if (!inviteIds.length) return [];
  return db.select().from(offers).where(inArray(offers.inviteId, inviteIds)).orderBy(desc(offers.dateTimePosted));
}
