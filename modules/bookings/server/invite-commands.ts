// The moves on an invite (modules/bookings/booking-process.ts): invite, quote request, withdraw, decline.
import { and, eq, sql } from "drizzle-orm";
import type { QuoteRequestResult } from "../answers";
import type { MessageResult } from "#domain/resources/results";
import { canInviteToEvent, canManageAct } from "#domain/permissions";
import type { InviteActsInput } from "../schemas";
import type { Database, Executor } from "#server/db/client";
import { isUniqueViolation } from "#server/db/errors";
import { acts } from "#modules/acts/server/tables";
import { events, invites } from "#modules/bookings/server/tables";
import { places } from "#server/db/schema";
import { conflict, forbidden, notFound } from "#server/errors";
import { takeAccountAction } from "#modules/accounts/server";
import { notify } from "#modules/notifications/server";
import { recordInEventConversation } from "#modules/conversations/server";
import { isFreeOn } from "#modules/availability/server";
import { AVAILABILITY_MESSAGES } from "#modules/availability/availability";
import { actAccess, eventMisfits, findVisibleAct } from "#modules/acts/server";
import type { SessionUser } from "#domain/session-user";
import type { JobQueue } from "#server/jobs/job-queue";
import { runInviteMove } from "./process/run-invite-move";
import { requirePlanner } from "./require-planner";

/** The day an event starts where it happens (YYYY-MM-DD; UTC without a place). */
async function eventDay(tx: Executor, eventId: number): Promise<string> {
  const [row] = await tx
    .select({
      day: sql<string>`to_char(${events.starttime} at time zone coalesce(${places.timeZone}, 'UTC'), 'YYYY-MM-DD')`,
    })
    .from(events)
    .leftJoin(places, eq(places.id, events.placeId))
    .where(eq(events.id, eventId))
    .limit(1);
  if (!row) throw notFound("No such event");
  return row.day;
}

export async function inviteAct(
  tx: Executor,
  planner: SessionUser,
  event: { id: number; name: string },
  actUrl: string,
  requestMessage: string | null = null,
) {
  const act = await findVisibleAct(tx, actUrl, planner);
  if (!canInviteToEvent(planner, actAccess(act))) throw forbidden("This act cannot be invited");
  // Booked, blocked or busy that day: the same rule as search's date (issue 31).
  const day = await eventDay(tx, event.id);
  if (!(await isFreeOn(tx, act.id, day))) throw conflict(AVAILABILITY_MESSAGES.notAvailableOn(day));
  await takeAccountAction(tx, "actInvited", planner.id);
  // Outside what the act takes, the invite is still delivered: marked, with the reasons, on both sides.
  const misfits = await eventMisfits(tx, act, event.id);
  try {
    await tx.insert(invites).values({ eventId: event.id, actId: act.id, requestMessage, misfits });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`${act.name} is already invited to this event`);
    throw error;
  }
  await notify(tx, act.managerId, "act_invited", { actName: act.name, eventName: event.name });
  await recordInEventConversation(
    tx,
    planner,
    { plannerId: planner.id, actId: act.id, eventId: event.id },
    "invite",
    `${planner.name} invited ${act.name} to ${event.name}.`,
  );
  return act;
}

export async function inviteToEvent(
  db: Database,
  planner: SessionUser,
  actUrl: string,
  eventUrl: string,
): Promise<MessageResult> {
  requirePlanner(planner);
  return db.transaction(async (tx) => {
    const [event] = await tx
      .select()
      .from(events)
      .where(and(eq(events.url, eventUrl), eq(events.plannerId, planner.id)))
      .limit(1);
    if (!event) throw notFound("No such event");
    if (event.cancelledAt) throw conflict(`${event.name} is cancelled`);
    const act = await inviteAct(tx, planner, event, actUrl);
    return { message: `${act.name} invited to ${event.name}` };
  });
}

/**
 * A quote request: one event, up to 10 acts, each invited (with the planner's words in that
 * act's conversation of the event) unless it is already invited, not free that day, or
 * no public act. All or nothing: a limit reached refuses the whole request.
 */
export async function inviteActs(
  db: Database,
  planner: SessionUser,
  eventUrl: string,
  input: InviteActsInput,
): Promise<QuoteRequestResult[]> {
  requirePlanner(planner);
  return db.transaction(async (tx) => {
    const [event] = await tx
      .select({
        id: events.id,
        name: events.name,
        cancelledAt: events.cancelledAt,
        day: sql<string>`to_char(${events.starttime} at time zone coalesce(${places.timeZone}, 'UTC'), 'YYYY-MM-DD')`,
      })
      .from(events)
      .leftJoin(places, eq(places.id, events.placeId))
      .where(and(eq(events.url, eventUrl), eq(events.plannerId, planner.id)))
      .limit(1);
    if (!event) throw notFound("No such event");
    if (event.cancelledAt) throw conflict(`${event.name} is cancelled`);
    const results: QuoteRequestResult[] = [];
    for (const actUrl of [...new Set(input.acts)]) {
      const [act] = await tx.select().from(acts).where(eq(acts.url, actUrl)).limit(1);
      if (!act || !canInviteToEvent(planner, actAccess(act))) {
        results.push({ act: actUrl, status: "not_found" });
        continue;
      }
      const [invited] = await tx
        .select({ id: invites.id })
        .from(invites)
        .where(and(eq(invites.eventId, event.id), eq(invites.actId, act.id)))
        .limit(1);
      if (invited) {
        results.push({ act: actUrl, status: "already_invited" });
        continue;
      }
      if (!(await isFreeOn(tx, act.id, event.day))) {
        results.push({ act: actUrl, status: "unavailable" });
        continue;
      }
      await inviteAct(tx, planner, event, actUrl, input.message || null);
      if (input.message)
        await recordInEventConversation(
          tx,
          planner,
          { plannerId: planner.id, actId: act.id, eventId: event.id },
          "text",
          input.message,
        );
      results.push({ act: actUrl, status: "invited" });
    }
    return results;
  });
}

/** The invite, when the caller manages its act (its artist or an admin); else 404. */
export async function findManagedInvite(db: Executor, viewer: SessionUser, inviteId: number) {
  const [row] = await db
    .select({ invite: invites, act: acts })
    .from(invites)
    .innerJoin(acts, eq(acts.id, invites.actId))
    .where(eq(invites.id, inviteId))
    .limit(1);
  if (!row || !canManageAct(viewer, actAccess(row.act))) throw notFound("No such invite");
  return row;
}

/** The invite, when the caller is the planner of its event; else 404. */
export async function findPlannersInvite(db: Executor, viewer: SessionUser, inviteId: number) {
  requirePlanner(viewer);
  const [row] = await db
    .select({ invite: invites, plannerId: events.plannerId })
    .from(invites)
    .innerJoin(events, eq(events.id, invites.eventId))
    .where(eq(invites.id, inviteId))
    .limit(1);
  if (!row || row.plannerId !== viewer.id) throw notFound("No such invite");
  return row.invite;
}

/**
 * The planner takes an invite back, with any offer on it; the act is told. A booked act's
 * invite stays: the booking is an agreement the invite no longer decides.
 */
export async function withdrawInvite(
  db: Database,
  jobs: JobQueue,
  planner: SessionUser,
  inviteId: number,
): Promise<MessageResult> {
  requirePlanner(planner);
  return db.transaction(async (tx) => {
    await findPlannersInvite(tx, planner, inviteId);
    return runInviteMove(
      tx,
      jobs,
      {
        inviteId,
        move: { invite: "withdraw" },
        by: "planner",
        refusal: (state, { act, event }) =>
          state === "booked" ? `${act.name} is booked for ${event.name}: the invite cannot be withdrawn` : undefined,
      },
      ({ act, event, offers: offerRows }) => ({
        notices: [
          {
            to: act.managerId,
            kind: "invite_withdrawn",
            facts: { actName: act.name, actUrl: act.url, eventName: event.name },
          },
        ],
        callOff: offerRows.map((offer) => offer.id),
        result: { message: `Invite of ${act.name} to ${event.name} withdrawn` },
      }),
    );
  });
}

/** The act's artist says no to an invite not yet booked; its waiting offers go with it; the planner is told. */
export async function declineInvite(
  db: Database,
  jobs: JobQueue,
  artist: SessionUser,
  inviteId: number,
): Promise<MessageResult> {
  return db.transaction(async (tx) => {
    await findManagedInvite(tx, artist, inviteId);
    return runInviteMove(
      tx,
      jobs,
      {
        inviteId,
        move: { invite: "decline" },
        by: "act",
        refusal: (state, { act, event }) =>
          state === "declined"
            ? "This invite is already declined"
            : state === "booked"
              ? `${act.name} is booked for ${event.name}: the invite cannot be declined`
              : undefined,
      },
      ({ act, event, offers: offerRows }) => {
        const waiting = offerRows.filter((offer) => offer.status === "pending");
        return {
          offers: waiting.map((offer) => ({ id: offer.id, set: { status: "withdrawn" as const } })),
          notices: [
            {
              to: event.plannerId,
              kind: "invite_declined",
              facts: { actName: act.name, actUrl: act.url, eventName: event.name },
            },
          ],
          thread: { by: artist, kind: "invite", line: `${act.name} declined the invite to ${event.name}.` },
          callOff: waiting.map((offer) => offer.id),
          result: { message: `Invite to ${event.name} declined` },
        };
      },
    );
  });
}
