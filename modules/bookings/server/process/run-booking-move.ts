// The one runner of a booking's moves (modules/bookings/booking-process.ts): every change of a
// booking, of its payments' money and of its cases goes through here, one at a time per booking.
import { eq } from "drizzle-orm";
import type { Executor } from "#server/db/client";
import { bookings, payments } from "#modules/bookings/server/tables";
import { conflict } from "#server/errors";
import type { JobQueue } from "#server/jobs/job-queue";
import type { SessionUser } from "#domain/session-user";
import { MESSAGES } from "#domain/messages";
import { recordInEventConversation } from "#modules/conversations/server";
import { notifyOf } from "#modules/notifications/server";
import type { Notice } from "#modules/notifications/notifications";
import { type Actor, BOOKING_MOVES, type BookingMoveName, type Move } from "../../booking-process";
import { type BookingStatus, bookingStatusAt } from "../../bookings";
import type { LedgerAccount } from "../../money";
import { type BookingRow, bookingRowById } from "../booking-queries";
import { cancelBookingJobs } from "./booking-jobs";
import { refundBookingByCard } from "./card-refund-asks";
import { type LedgerEntry, bookingBalances, postToLedger } from "../ledger";

export type PaymentRow = typeof payments.$inferSelect;

/** What a move decides from: the booking as it is once locked, read after the lock. */
export interface BookingNow {
  row: BookingRow;
  payments: PaymentRow[];
  balances: Record<LedgerAccount, number>;
  /** The state as people read it: a confirmed booking is completed from the day after its event. */
  status: BookingStatus;
  /** Whether the event has started. */
  started: boolean;
  now: Date;
}

/** What a move decides; the runner writes it, checking it against the table. */
export interface Decision<R> {
  /** Columns of the booking besides its state (the state is the table's `to`). */
  booking?: Partial<typeof bookings.$inferInsert>;
  payments?: { id: number; set: Partial<typeof payments.$inferInsert> }[];
  ledger?: Omit<LedgerEntry, "booking">[];
  notices?: ({ to: string | null } & Notice)[];
  /**
   * Money to give back to the planner's card (a booking paid by card): split over its charges,
   * each part a job that asks Stripe, keyed by what decided it.
   */
  cardRefund?: { cents: number; key: string };
  /** A line in the event's conversation of the two sides, written by `by`. */
  thread?: { by: SessionUser; line: string };
  /** What the caller answers. */
  result: R;
}

export interface MoveRequest {
  bookingId: number;
  move: BookingMoveName;
  by: Actor;
  now?: Date;
  /** Why a move is refused from a state, when the table's state is not the whole story. */
  refusedFrom?: Partial<Record<BookingStatus, string>>;
}

/** What every notice of a booking names: the act, its page, the event and the booking's number. */
export function bookingFacts(row: BookingRow) {
  return { actName: row.act.name, actUrl: row.act.url, eventName: row.event.name, bookingNumber: row.booking.number };
}

const REFUSED_FROM: Record<BookingStatus, string> = {
  cancelled: MESSAGES.bookingCancelled,
  completed: MESSAGES.bookingNotCancellable,
  confirmed: "This booking is not finished yet",
};

/**
 * Runs one move in the caller's transaction: locks the booking's row (so that every other move
 * of it waits, on every server), reads it and its payments and ledger afresh, checks the move's
 * guard (its states, who makes it, and the time), asks the move what it decides, and writes
 * that: the table's state, the booking's and payments' columns, the ledger's transactions, the
 * notices, the thread line, and the jobs the table calls off. A decision that strays from the
 * table (a notice of another kind, a thread line where none is declared) is a bug and throws.
 */
export async function runBookingMove<R>(
  tx: Executor,
  jobs: JobQueue,
  request: MoveRequest,
  decide: (booking: BookingNow) => Decision<R> | Promise<Decision<R>>,
): Promise<R> {
  const move: Move<BookingStatus> = BOOKING_MOVES[request.move];
  if (!move.by.includes(request.by)) throw new Error(`${request.move} is not made by ${request.by}`);
  const now = request.now ?? new Date();
  const [locked] = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(eq(bookings.id, request.bookingId))
    .for("update");
  if (!locked) throw conflict("No such booking");
  const booking = await bookingNow(tx, request.bookingId, now);
  guard(move, booking, request);
  const decision = await decide(booking);
  await apply(tx, jobs, request.move, move, booking, decision);
  return decision.result;
}

async function bookingNow(tx: Executor, bookingId: number, now: Date): Promise<BookingNow> {
  const row = (await bookingRowById(tx, bookingId))!;
  const paymentRows = await tx.select().from(payments).where(eq(payments.bookingId, bookingId)).orderBy(payments.id);
  return {
    row,
    payments: paymentRows,
    balances: await bookingBalances(tx, row.booking.number),
    status: bookingStatusAt(row.booking.status, row.event.starttime, row.timeZone, now),
    started: now >= row.event.starttime,
    now,
  };
}

function guard(move: Move<BookingStatus>, booking: BookingNow, request: MoveRequest): void {
  const refuse = (state: BookingStatus) => conflict(request.refusedFrom?.[state] ?? REFUSED_FROM[state]);
  const stored = booking.row.booking.status;
  if (stored === "cancelled" && !move.from.includes("cancelled")) throw refuse("cancelled");
  // From the start, what went wrong is a case: said before "completed", which comes a day later.
  if (move.beforeStart && booking.started) throw conflict(MESSAGES.cancelAfterStart);
  // A move that completes a booking starts from its stored state, which its day has passed.
  const state = move.afterEvent ? stored : booking.status;
  if (!move.from.includes(state)) throw refuse(state);
  if (move.afterEvent && booking.status !== "completed") throw refuse("confirmed");
}

async function apply<R>(
  tx: Executor,
  jobs: JobQueue,
  name: BookingMoveName,
  move: Move<BookingStatus>,
  booking: BookingNow,
  decision: Decision<R>,
): Promise<void> {
  const { row } = booking;
  const to = move.to ?? undefined;
  if (to || decision.booking)
    await tx
      .update(bookings)
      .set({ ...decision.booking, ...(to ? { status: to } : {}) })
      .where(eq(bookings.id, row.booking.id));
  for (const payment of decision.payments ?? [])
    await tx.update(payments).set(payment.set).where(eq(payments.id, payment.id));
  for (const entry of decision.ledger ?? []) await postToLedger(tx, { ...entry, booking: row.booking });
  if (decision.cardRefund)
    await refundBookingByCard(tx, jobs, booking.payments, decision.cardRefund.cents, decision.cardRefund.key);
  for (const notice of decision.notices ?? []) {
    if (!move.notifies.includes(notice.kind)) throw new Error(`${name} does not send ${notice.kind}`);
    await notifyOf(tx, notice.to, notice);
  }
  if (decision.thread) {
    if (!move.thread) throw new Error(`${name} writes no thread line`);
    await recordInEventConversation(
      tx,
      decision.thread.by,
      { plannerId: row.planner.id, actId: row.booking.actId, eventId: row.booking.eventId },
      "booking",
      decision.thread.line,
    );
  }
  if (move.cancels?.length) await cancelBookingJobs(tx, jobs, [row.booking.number]);
}
