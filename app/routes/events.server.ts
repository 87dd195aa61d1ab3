import { data, redirect, type AppLoadContext } from "react-router";
import { pageQueryOf } from "#domain/paging";
import { instantToWallTime } from "#domain/time-zones";
import { listPlannerEvents, plannersEvent } from "#modules/bookings/server";
import { listTags } from "#modules/acts/server";
import { inArray } from "drizzle-orm";
import { acts } from "#modules/acts/server/tables";
import type { AcceptTerms } from "#modules/bookings/bookings";
import { acceptTermsOf } from "#modules/bookings/server";
import type { EventFormValues } from "#modules/bookings/events";

/** The planner's events page: guests sign in first; other roles are refused. */
export async function loadPlannerEvents(context: AppLoadContext, url: URL) {
  const viewer = context.viewer;
  if (!viewer) throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname)}`);
  if (viewer.role !== "PLANNER") throw data("Only planners have events", { status: 403 });
  const listed = await listPlannerEvents(context.db, viewer, pageQueryOf(url));
  return { events: listed.data, meta: listed.meta, acceptTerms: await pendingOffersTerms(context, listed.data) };
}

/** For each offer still waiting for the planner: what accepting it would schedule, and how it is paid. */
async function pendingOffersTerms(
  context: AppLoadContext,
  planned: Awaited<ReturnType<typeof listPlannerEvents>>["data"],
): Promise<Record<number, AcceptTerms>> {
  const waiting = planned.flatMap((event) =>
    event.invites.flatMap((invite) =>
      invite.offers.filter((offer) => offer.status === "pending").map((offer) => ({ event, invite, offer })),
    ),
  );
  if (waiting.length === 0) return {};
  const actRows = await context.db
    .select({
      url: acts.url,
      cardPayments: acts.cardPayments,
      stripeAccountId: acts.stripeAccountId,
      paymentInstructions: acts.paymentInstructions,
    })
    .from(acts)
    .where(inArray(acts.url, [...new Set(waiting.map((each) => each.invite.act.url))]));
  const byUrl = new Map(actRows.map((row) => [row.url, row]));
  const terms: Record<number, AcceptTerms> = {};
  for (const { event, invite, offer } of waiting) {
    const act = byUrl.get(invite.act.url);
    if (!act) continue;
    terms[offer.id] = acceptTermsOf(
      { priceCents: offer.price_cents, depositCents: offer.deposit_cents },
      { starttime: new Date(event.starttime), timeZone: event.time_zone },
      act,
      context.cards,
    );
  }
  return terms;
}

/** The event-type tags' names, for the Kind of event field. */
export async function eventTypeNames(context: AppLoadContext): Promise<string[]> {
  return (await listTags(context.db)).filter((tag) => tag.type === "Event Type").map((tag) => tag.name);
}

/** The planner's own event to edit, as its form shows it; 404 for any other. */
export async function loadEventToEdit(context: AppLoadContext, url: URL, eventUrl: string) {
  const viewer = context.viewer;
  if (!viewer) throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname)}`);
  if (viewer.role !== "PLANNER") throw data("Only planners have events", { status: 403 });
  const event = await plannersEvent(context.db, viewer, eventUrl);
  if (!event || event.event.cancelledAt) throw data("No such event", { status: 404 });
  const { event: row, timeZone } = event;
  const values: EventFormValues = {
    name: row.name,
    location: row.location,
    starttime: instantToWallTime(row.starttime, timeZone).slice(0, 16),
    event_type: row.eventType ?? "",
    guests: row.guests === null ? "" : String(row.guests),
    budget: row.budgetDollars === null ? "" : String(row.budgetDollars),
    hours: row.hours === null ? "" : String(row.hours),
    venue: row.venue ?? "",
    notes: row.notes ?? "",
  };
  return { eventUrl: row.url, values, eventTypes: await eventTypeNames(context) };
}
