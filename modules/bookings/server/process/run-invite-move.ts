// The runner of an invite's and its offers' moves (modules/bookings/booking-process.ts): the
// invite's row is the lock, as the booking's row is for a booking's moves.
import { and, eq } from "drizzle-orm";
import type { Executor } from "#server/db/client";
import { acts } from "#modules/acts/server/tables";
import { bookings, events, invites, offers } from "#modules/bookings/server/tables";
import { places } from "#server/db/schema";
import { conflict } from "#server/errors";
import type { JobQueue } from "#server/jobs/job-queue";
import type { SessionUser } from "#domain/session-user";
import { MESSAGES } from "#domain/messages";
import { recordInEventConversation } from "#modules/conversations/server";
import { notifyOf } from "#modules/notifications/server";
import type { Notice } from "#modules/notifications/notifications";
import type { MessageKind } from "#modules/conversations/conversations";
import { type Actor, INVITE_MOVES, type Move, OFFER_MOVES } from "../../booking-process";
import { type InviteState, type OfferStatus, offerStatusAt } from "../../events";
import { cancelOfferJobs } from "./booking-jobs";
import { inviteState } from "../process-answers";

export type OfferRow = typeof offers.$inferSelect;
type InviteMoveName = keyof typeof INVITE_MOVES;
type OfferMoveName = keyof typeof OFFER_MOVES;

/** What an invite's move decides from: the invite as it is once locked, read after the lock. */
export interface InviteNow {
  invite: typeof invites.$inferSelect;
  act: typeof acts.$inferSelect;
  event: typeof events.$inferSelect;
  timeZone: string | null;
  /** The invite's offers, newest first, each with its status as people read it (expired past its last day). */
  offers: (OfferRow & { statusNow: OfferStatus })[];
  state: InviteState;
  /** Whether the event has started. */
  started: boolean;
  now: Date;
}

export interface InviteDecision<R> {
  /** Other offers of the invite that change with the move (the act's waiting ones withdrawn). */
  offers?: { id: number; set: Partial<typeof offers.$inferInsert> }[];
  notices?: ({ to: string | null } & Notice)[];
  thread?: { by: SessionUser; kind: MessageKind; line: string };
  /** Offers whose reminder and expiry the move calls off (the table's `cancels`). */
  callOff?: number[];
  result: R;
}

export interface InviteMoveRequest {
  inviteId: number;
  /** An invite's move, or an offer's (with the offer it moves). */
  move: { invite: InviteMoveName } | { offer: OfferMoveName; offerId: number };
  by: Actor;
  now?: Date;
  /** Why the move is refused from a state, where the default words are not the whole story. */
  refusal?: (state: InviteState | OfferStatus, invite: InviteNow) => string | undefined;
}

function defaultRefusal(state: InviteState | OfferStatus, invite: InviteNow): string {
  switch (state) {
    case "declined":
      return "This invite was declined";
    case "booked":
      return "This invite is already booked";
    case "released":
      return MESSAGES.inviteReleased(invite.event.name);
    case "expired":
      return MESSAGES.offerExpired;
    default:
      return "This offer was already answered";
  }
}

/**
 * Runs one move of an invite or of one of its offers in the caller's transaction: locks the
 * invite's row, reads it, its act, event and offers afresh, checks the move's guard from the
 * table (the invite's state, or the offer's status, who makes it, and the event's start for the
 * moves that need it), asks the move what it decides, and writes that: the offer's status the
 * table names, the invite's declined or released mark, other offers' changes, the notices (no
 * kind the move does not declare), the thread line (only where declared) and the jobs it calls off.
 */
export async function runInviteMove<R>(
  tx: Executor,
  jobs: JobQueue,
  request: InviteMoveRequest,
  decide: (invite: InviteNow) => InviteDecision<R> | Promise<InviteDecision<R>>,
): Promise<R> {
  const [name, move] =
    "invite" in request.move
      ? [request.move.invite, INVITE_MOVES[request.move.invite] as Move<string>]
      : [request.move.offer, OFFER_MOVES[request.move.offer] as Move<string>];
  if (!move.by.includes(request.by)) throw new Error(`${name} is not made by ${request.by}`);
  const now = request.now ?? new Date();
  const [locked] = await tx
    .select({ id: invites.id })
    .from(invites)
    .where(eq(invites.id, request.inviteId))
    .for("update");
  if (!locked) throw conflict("No such invite");
  const invite = await inviteNow(tx, request.inviteId, now);
  const refuse = (state: InviteState | OfferStatus) =>
    conflict(request.refusal?.(state, invite) ?? defaultRefusal(state, invite));
  if (invite.event.cancelledAt) throw conflict(`${invite.event.name} is cancelled`);
  if ("offer" in request.move) {
    const offerId = request.move.offerId;
    const offer = invite.offers.find((each) => each.id === offerId);
    if (!offer) throw conflict("No such offer");
    // Expiring is the one move from a status its day has already changed as people read it.
    const status = move.to === "expired" ? offer.status : offer.statusNow;
    if (!move.from.includes(status)) throw refuse(status);
  } else if (!move.from.includes(invite.state)) throw refuse(invite.state);
  if (move.beforeStart && invite.started) throw conflict(MESSAGES.eventStarted);
  const decision = await decide(invite);
  await applyInviteMove(tx, jobs, request, name, move, invite, decision);
  return decision.result;
}

async function inviteNow(tx: Executor, inviteId: number, now: Date): Promise<InviteNow> {
  const [row] = await tx
    .select({ invite: invites, act: acts, event: events, timeZone: places.timeZone })
    .from(invites)
    .innerJoin(acts, eq(acts.id, invites.actId))
    .innerJoin(events, eq(events.id, invites.eventId))
    .leftJoin(places, eq(places.id, events.placeId))
    .where(eq(invites.id, inviteId));
  const offerRows = await tx.select().from(offers).where(eq(offers.inviteId, inviteId));
  const [booking] = await tx
    .select({ status: bookings.status })
    .from(bookings)
    .where(and(eq(bookings.eventId, row!.event.id), eq(bookings.actId, row!.act.id)));
  const withStatus = offerRows.map((offer) => ({
    ...offer,
    statusNow: offerStatusAt(offer.status, offer.expiresOn, row!.timeZone, now),
  }));
  return {
    ...row!,
    offers: withStatus,
    state: inviteState(
      offerRows,
      booking !== undefined && booking.status !== "cancelled",
      row!.invite.declinedAt !== null,
      row!.event.cancelledAt !== null || booking?.status === "cancelled",
      row!.invite.releasedAt !== null,
    ),
    started: now >= row!.event.starttime,
    now,
  };
}

async function applyInviteMove<R>(
  tx: Executor,
  jobs: JobQueue,
  request: InviteMoveRequest,
  name: string,
  move: Move<string>,
  invite: InviteNow,
  decision: InviteDecision<R>,
): Promise<void> {
  if ("offer" in request.move && move.to && move.from.length)
    await tx
      .update(offers)
      .set({ status: move.to as OfferStatus })
      .where(eq(offers.id, request.move.offerId));
  if ("invite" in request.move) {
    if (move.to === "declined")
      await tx.update(invites).set({ declinedAt: invite.now }).where(eq(invites.id, request.inviteId));
    if (move.to === "released")
      await tx.update(invites).set({ releasedAt: invite.now }).where(eq(invites.id, request.inviteId));
  }
  for (const offer of decision.offers ?? []) await tx.update(offers).set(offer.set).where(eq(offers.id, offer.id));
  for (const notice of decision.notices ?? []) {
    if (!move.notifies.includes(notice.kind)) throw new Error(`${name} does not send ${notice.kind}`);
    await notifyOf(tx, notice.to, notice);
  }
  if (decision.thread) {
    if (!move.thread) throw new Error(`${name} writes no thread line`);
    await recordInEventConversation(
      tx,
      decision.thread.by,
      { plannerId: invite.event.plannerId, actId: invite.act.id, eventId: invite.event.id },
      decision.thread.kind,
      decision.thread.line,
    );
  }
  if (decision.callOff?.length) {
    if (!move.cancels?.length) throw new Error(`${name} calls off no jobs`);
    await cancelOfferJobs(tx, jobs, decision.callOff);
  }
  // An invite withdrawn is gone, with its offers: the table's `to: null`.
  if ("invite" in request.move && move.to === null) await tx.delete(invites).where(eq(invites.id, request.inviteId));
}
