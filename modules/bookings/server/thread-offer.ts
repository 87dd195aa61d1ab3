import { and, desc, eq, isNull, ne } from "drizzle-orm";
import { formatEventTime } from "#domain/time-zones";
import type { Executor } from "#server/db/client";
import { acts } from "#modules/acts/server/tables";
import { bookings, events, invites, offers } from "#modules/bookings/server/tables";
import { places } from "#server/db/schema";
import type { SessionUser } from "#domain/session-user";
import type { CancellationPolicy } from "../money";
import type { AcceptTerms } from "../bookings";
import { acceptTermsOf } from "./accept-terms";
import type { CardGateway } from "#server/payments/card-gateway";
import { type ReadSource, cachedRead } from "#server/cache/cached-read";
import { actTag, userTag } from "#server/db/change-notices";

/** The offer a planner can answer from the thread, with what the accept dialog shows. */
export interface WaitingOffer {
  offer: {
    id: number;
    price_cents: number;
    deposit_cents: number;
    terms: string | null;
    message: string | null;
    expires_on: string | null;
    cancellation_policy: CancellationPolicy;
  };
  event: { url: string; name: string; starttime: string; short_starttime: string };
  /** What accepting would schedule, and how it is paid. */
  accept: AcceptTerms;
  /** The event's other acts still waiting on it, released by a booking unless the planner keeps them. */
  othersWaiting: string[];
}

/** A planner's thread with an act about an event. */
interface Thread {
  plannerId: string;
  act: { id: number; url: string };
  eventUrl: string;
}

async function readWaitingOffer(db: Executor, thread: Thread) {
  const [row] = await db
    .select({
      offer: offers,
      event: events,
      timeZone: places.timeZone,
      inviteId: invites.id,
      act: {
        cardPayments: acts.cardPayments,
        stripeAccountId: acts.stripeAccountId,
        paymentInstructions: acts.paymentInstructions,
      },
    })
    .from(offers)
    .innerJoin(invites, eq(invites.id, offers.inviteId))
    .innerJoin(acts, eq(acts.id, invites.actId))
    .innerJoin(events, eq(events.id, invites.eventId))
    .leftJoin(places, eq(places.id, events.placeId))
    .leftJoin(bookings, and(eq(bookings.eventId, invites.eventId), eq(bookings.actId, invites.actId)))
    .where(
      and(
        eq(events.url, thread.eventUrl),
        eq(events.plannerId, thread.plannerId),
        eq(invites.actId, thread.act.id),
        eq(offers.status, "pending"),
        isNull(events.cancelledAt),
        isNull(invites.declinedAt),
        isNull(invites.releasedAt),
        isNull(bookings.id),
      ),
    )
    .orderBy(desc(offers.dateTimePosted))
    .limit(1);
  if (!row) return null;
  const others = await db
    .select({ name: acts.name, url: acts.url, booked: bookings.id })
    .from(invites)
    .innerJoin(acts, eq(acts.id, invites.actId))
    .leftJoin(bookings, and(eq(bookings.eventId, invites.eventId), eq(bookings.actId, invites.actId)))
    .where(
      and(
        eq(invites.eventId, row.event.id),
        ne(invites.actId, thread.act.id),
        isNull(invites.declinedAt),
        isNull(invites.releasedAt),
      ),
    );
  return { row, others };
}

/**
 * What waits in a thread, kept by what it was read from (decision 0058): the act's invites, offers
 * and bookings notify `act:<url>`, the planner's events `user:<id>`, and the event's other acts
 * (whose invites and bookings say who still waits) their own `act:<url>`.
 */
const keptWaitingOffer = cachedRead({
  name: "thread-offers",
  maxEntries: 5_000,
  key: (thread: Thread) => `${thread.plannerId} ${thread.act.id} ${thread.eventUrl}`,
  tags: (thread: Thread) => [actTag(thread.act.url), userTag(thread.plannerId)],
  tagsFound: (found: Awaited<ReturnType<typeof readWaitingOffer>>) =>
    found ? found.others.map((other) => actTag(other.url)) : [],
  read: readWaitingOffer,
});

/**
 * In the thread of a planner, an act and an event: the act's offer that waits for this
 * planner's answer, so they answer it where they talk. Null for anyone else, or when nothing waits.
 */
export async function waitingOfferInThread(
  source: ReadSource,
  viewer: SessionUser,
  thread: { plannerId: string; act: { id: number; url: string }; eventUrl: string | null },
  cards?: CardGateway,
): Promise<WaitingOffer | null> {
  if (viewer.id !== thread.plannerId || !thread.eventUrl) return null;
  const found = await keptWaitingOffer(source, {
    plannerId: thread.plannerId,
    act: thread.act,
    eventUrl: thread.eventUrl,
  });
  if (!found) return null;
  const { row, others } = found;
  return {
    offer: {
      id: row.offer.id,
      price_cents: row.offer.priceCents,
      deposit_cents: row.offer.depositCents,
      terms: row.offer.terms,
      message: row.offer.message,
      expires_on: row.offer.expiresOn,
      cancellation_policy: row.offer.cancellationPolicy,
    },
    accept: acceptTermsOf(row.offer, { starttime: row.event.starttime, timeZone: row.timeZone }, row.act, cards),
    event: {
      url: row.event.url,
      name: row.event.name,
      starttime: row.event.starttime.toISOString(),
      short_starttime: formatEventTime(row.event.starttime, row.timeZone),
    },
    othersWaiting: others.filter((other) => other.booked === null).map((other) => other.name),
  };
}
