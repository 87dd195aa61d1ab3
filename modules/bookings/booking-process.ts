import type { BookingStatus } from "./bookings";
import type { InviteState, OfferStatus } from "./events";
import type { JobKind } from "#domain/jobs";
import type { NotificationKind } from "../notifications/notifications";

/**
 * The booking process in one table: how an invite, its offers and the booking move, who may
 * move them, and what each move does. Read it top to bottom as a planner's event goes:
 *
 *   the planner invites an act -> the act offers (or declines) -> the planner accepts one offer
 *   (a booking, the other acts released) or declines it -> reminders -> the event -> a review.
 *
 * Who: `planner` is the event's planner; `act` is the act's artist, or an admin acting for it;
 * `admin` an admin deciding (a case); `time` is a job of the queue (server/jobs/) at its moment;
 * `stripe` is Stripe telling us by webhook; `process` is another move's effect.
 *
 * A booking's moves run through one runner (modules/bookings/server/process/run-booking-move.ts):
 * it locks the booking, checks `from`, `by` and the time (`beforeStart`, `afterEvent`), and applies
 * what the move decides: the state `to`, its ledger lines, the notices it `notifies` (no other
 * kind), its thread line (only where `thread`), and the jobs it `cancels`. An invite's and its
 * offers' moves run through their own (server/process/run-invite-move.ts), which locks the invite.
 */

export type Actor = "planner" | "act" | "admin" | "time" | "stripe" | "process";

export interface Move<S extends string> {
  /** The states the move starts from; empty for a move that makes the thing. */
  from: readonly S[];
  /** The state it ends in; null when the thing is gone; absent when the move leaves the state as it is. */
  to?: S | null;
  by: readonly Actor[];
  /** Who is told, by notification kind (in the app, and by email unless they turned it off). */
  notifies: readonly NotificationKind[];
  /** Whether the move is written as a line in the planner's and act's thread of the event. */
  thread: boolean;
  /** The jobs it schedules (their moments) or calls off. */
  schedules?: readonly JobKind[];
  cancels?: readonly JobKind[];
  /** The call that makes the move, when a person makes it. */
  api?: string;
  /** Refused from the event's start (409). */
  beforeStart?: boolean;
  /** Only from the day after the event's day, where it happens. */
  afterEvent?: boolean;
}

export const INVITE_MOVES = {
  invite: {
    from: [],
    to: "invited",
    by: ["planner"],
    notifies: ["act_invited"],
    thread: true,
    api: "POST /api/acts/invite-to-event/{actUrl}",
  },
  offer: {
    from: ["invited", "offered"],
    to: "offered",
    by: ["act"],
    notifies: ["offer_received"],
    thread: true,
    schedules: ["offer_expiring", "offer_expire"],
    api: "POST /api/offers/submit/{inviteId}",
    beforeStart: true,
  },
  decline: {
    from: ["invited", "offered"],
    to: "declined",
    by: ["act"],
    notifies: ["invite_declined"],
    thread: true,
    cancels: ["offer_expiring", "offer_expire"],
    api: "POST /api/invites/decline/{inviteId}",
  },
  withdraw: {
    from: ["invited", "offered", "declined", "released"],
    to: null,
    by: ["planner"],
    notifies: ["invite_withdrawn"],
    thread: false,
    cancels: ["offer_expiring", "offer_expire"],
    api: "POST /api/invites/withdraw/{inviteId}",
  },
  book: { from: ["offered"], to: "booked", by: ["process"], notifies: [], thread: false },
  release: {
    from: ["invited", "offered"],
    to: "released",
    by: ["process"],
    notifies: ["invite_released"],
    thread: true,
    cancels: ["offer_expiring", "offer_expire"],
  },
  cancel: {
    from: ["invited", "offered", "booked", "declined", "released"],
    to: "cancelled",
    by: ["planner"],
    notifies: ["event_cancelled"],
    thread: true,
    cancels: ["offer_expiring", "offer_expire"],
    api: "POST /api/events/cancel/{eventUrl}",
  },
} as const satisfies Record<string, Move<InviteState>>;

export const OFFER_MOVES = {
  send: {
    from: [],
    to: "pending",
    by: ["act"],
    notifies: ["offer_received"],
    thread: true,
    schedules: ["offer_expiring", "offer_expire"],
    api: "POST /api/offers/submit/{inviteId}",
    beforeStart: true,
  },
  remind: { from: ["pending"], to: "pending", by: ["time"], notifies: ["offer_expiring"], thread: false },
  accept: {
    from: ["pending"],
    to: "accepted",
    by: ["planner"],
    notifies: ["offer_accepted", "booking_confirmed"],
    thread: true,
    cancels: ["offer_expiring", "offer_expire"],
    api: "POST /api/offers/accept/{offerId}",
    beforeStart: true,
  },
  // An offering its act made bookable at once: its standing offer, made for the planner's event
  // (on the act's invite, made if need be) and booked in the same move, as accepting books.
  bookInstantly: {
    from: ["pending"],
    to: "accepted",
    by: ["planner"],
    notifies: ["offer_accepted", "booking_confirmed"],
    thread: true,
    cancels: ["offer_expiring", "offer_expire"],
    api: "POST /api/bookings/instant",
    beforeStart: true,
  },
  decline: {
    from: ["pending"],
    to: "declined",
    by: ["planner"],
    notifies: ["offer_declined"],
    thread: true,
    cancels: ["offer_expiring", "offer_expire"],
    api: "POST /api/offers/decline/{offerId}",
  },
  withdraw: {
    from: ["pending"],
    to: "withdrawn",
    by: ["act", "process"],
    notifies: ["offer_withdrawn"],
    thread: true,
    cancels: ["offer_expiring", "offer_expire"],
    api: "POST /api/offers/withdraw/{offerId}",
  },
  expire: { from: ["pending"], to: "expired", by: ["time"], notifies: [], thread: false },
} as const satisfies Record<string, Move<OfferStatus>>;

export const BOOKING_MOVES = {
  book: {
    from: [],
    to: "confirmed",
    by: ["planner"],
    notifies: ["booking_confirmed", "offer_accepted"],
    thread: true,
    schedules: ["event_reminder", "payment_due", "review_request"],
  },
  remind: { from: ["confirmed"], to: "confirmed", by: ["time"], notifies: ["event_reminder"], thread: false },
  remindToPay: { from: ["confirmed"], to: "confirmed", by: ["time"], notifies: ["payment_due"], thread: false },
  complete: {
    from: ["confirmed"],
    to: "completed",
    by: ["time"],
    notifies: ["review_requested"],
    thread: false,
    afterEvent: true,
  },
  // Either side calls the booking off before the event: what was paid comes back by the policy
  // (all of it when the act cancels), less what was already given back.
  cancelOne: {
    from: ["confirmed"],
    to: "cancelled",
    by: ["planner", "act"],
    notifies: ["booking_cancelled"],
    thread: true,
    cancels: ["event_reminder", "payment_due", "payment_charge", "review_request"],
    api: "POST /api/bookings/{number}/cancel",
    beforeStart: true,
  },
  // Cancelling the whole event ends its bookings as the planner cancelling each would; the rows
  // and their ledger stay.
  cancel: {
    from: ["confirmed"],
    to: "cancelled",
    by: ["planner"],
    notifies: ["booking_cancelled"],
    thread: true,
    cancels: ["event_reminder", "payment_due", "payment_charge", "review_request"],
    api: "POST /api/events/cancel/{eventUrl}",
    beforeStart: true,
  },
  // Offline, the act's manager says the planner paid it (after the event too: a balance paid on the night).
  record: {
    from: ["confirmed", "completed"],
    by: ["act"],
    notifies: ["payment_recorded"],
    thread: true,
    api: "POST /api/payments/{id}/record",
  },
  // Offline, the act's manager says it paid back money owed (by the policy, or a case).
  recordRefund: {
    from: ["confirmed", "completed", "cancelled"],
    by: ["act"],
    notifies: ["refund_paid"],
    thread: true,
    api: "POST /api/payments/{id}/record-refund",
  },
  // Stripe says a Checkout Session was paid, or the saved card was charged on its day (issue 65);
  // on a booking cancelled meanwhile, the money goes back.
  payByCard: {
    from: ["confirmed", "completed", "cancelled"],
    by: ["stripe", "time"],
    notifies: ["card_paid", "payment_received"],
    thread: false,
  },
  // Stripe says it refunded (some more of) a charge, or we took money back from the act's account.
  refundedByCard: {
    from: ["confirmed", "completed", "cancelled"],
    by: ["stripe", "time"],
    notifies: ["refund_paid"],
    thread: false,
  },
  // The card paid with was saved for the later payments: each is charged off-session on its day.
  saveCard: {
    from: ["confirmed"],
    by: ["time"],
    notifies: [],
    thread: false,
    schedules: ["payment_charge"],
  },
  // The saved card was refused on its day (declined, or the bank asks the planner): they pay by hand.
  cardFailed: { from: ["confirmed"], by: ["time"], notifies: ["payment_failed"], thread: false },
  // We read what Stripe kept of a card payment (its charge's fee), a line of the ledger of its own.
  chargeRead: { from: ["confirmed", "completed", "cancelled"], by: ["time"], notifies: [], thread: false },
  // The planner's bank disputes a card payment: a case opens and holds every release of the booking.
  dispute: {
    from: ["confirmed", "completed", "cancelled"],
    by: ["stripe"],
    notifies: ["problem_reported", "case_opened"],
    thread: false,
  },
  // The dispute ends: won, the hold ends; lost, the amount and Stripe's fee leave the platform.
  disputeClosed: {
    from: ["confirmed", "completed", "cancelled"],
    by: ["stripe"],
    notifies: ["case_resolved"],
    thread: false,
  },
  // Held card money goes to the act's account.
  release: {
    from: ["confirmed", "completed", "cancelled"],
    by: ["time", "stripe"],
    notifies: ["payout_sent"],
    thread: false,
  },
  report: {
    from: ["confirmed", "completed"],
    by: ["planner", "act"],
    notifies: ["problem_reported", "case_opened"],
    thread: false,
    api: "POST /api/bookings/{number}/report",
  },
  resolve: {
    from: ["confirmed", "completed", "cancelled"],
    by: ["admin"],
    notifies: ["case_resolved"],
    thread: false,
    api: "POST /api/cases/{id}/resolve",
  },
} as const satisfies Record<string, Move<BookingStatus>>;
export type BookingMoveName = keyof typeof BOOKING_MOVES;

/** Whether a move may start from a state. */
export function canMove<S extends string>(move: Move<S>, state: S): boolean {
  return move.from.includes(state);
}
