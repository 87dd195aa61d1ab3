// Problems reported on bookings and their resolution (modules/bookings/cases.ts).
import { and, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { formatPrice } from "#domain/prices";
import type { Database, Executor } from "#server/db/client";
import { cachedRead } from "#server/cache/cached-read";
import { isUniqueViolation } from "#server/db/errors";
import { acts } from "#modules/acts/server/tables";
import {
  bookings,
  cases,
  events,
  ledgerLines,
  ledgerTransactions,
  payments,
  stripeEvents,
} from "#modules/bookings/server/tables";
import { conversations } from "#modules/conversations/server/tables";
import { places } from "#server/db/schema";
import { users } from "#modules/accounts/server/tables";
import { conflict, forbidden, notFound, validationFailed } from "#server/errors";
import type { JobQueue } from "#server/jobs/job-queue";
import type { SessionUser } from "#domain/session-user";
import { CASES_TAG } from "#server/db/change-notices";
import type { CaseAnswer } from "../answers";
import {
  CASE_KIND_LABELS,
  CASE_MESSAGES,
  KINDS_FROM_THE_START,
  type ReportProblemInput,
  type ResolveCaseInput,
} from "../cases";
import { findBooking, sideOf } from "./booking-queries";
import { adminIds } from "#modules/accounts/server";
import { runBookingMove, bookingFacts } from "./process/run-booking-move";
import { stillRefundable } from "./process/what-was-paid";

/**
 * Either side of a booking reports a problem, before or after the event (not on a cancelled
 * booking): a case opens for the admins, and the other side is told.
 */
export async function reportProblem(
  db: Database,
  jobs: JobQueue,
  viewer: SessionUser,
  number: string,
  input: ReportProblemInput,
): Promise<{ case: CaseAnswer }> {
  try {
    return await db.transaction(async (tx) => {
      const found = await findBooking(tx, viewer, number);
      const side = sideOf(found, viewer);
      if (!side) throw forbidden(CASE_MESSAGES.notASide);
      const caseId = await runBookingMove(
        tx,
        jobs,
        { bookingId: found.booking.id, move: "report", by: side, refusedFrom: { cancelled: CASE_MESSAGES.cancelled } },
        async ({ row, payments: paymentRows }) => {
          // A problem is reported until the balance is released: after that, nothing is held.
          if (paymentRows.some((payment) => payment.kind === "balance" && payment.transferId))
            throw conflict(CASE_MESSAGES.released);
          // Nobody has failed to show up, or come late, before the event starts.
          if (KINDS_FROM_THE_START.includes(input.kind) && new Date() < row.event.starttime)
            throw validationFailed({ kind: [CASE_MESSAGES.notStarted] });
          const [made] = await tx
            .insert(cases)
            .values({
              bookingId: row.booking.id,
              reportedBy: viewer.id,
              side,
              kind: input.kind,
              details: input.details,
            })
            .returning({ id: cases.id });
          const facts = {
            ...bookingFacts(row),
            fromName: viewer.name,
            reason: CASE_KIND_LABELS[input.kind],
            excerpt: input.details,
          };
          return {
            notices: [
              { to: side === "planner" ? row.act.managerId : row.planner.id, kind: "problem_reported" as const, facts },
              // Admins decide cases: each is told of a new one.
              ...(await adminIds(tx)).map((to) => ({ to, kind: "case_opened" as const, facts })),
            ],
            result: made!.id,
          };
        },
      );
      return { case: (await caseRows(tx, eq(cases.id, caseId)))[0]! };
    });
  } catch (error) {
    // One open case per booking: a second report, even one racing the first, is told so.
    if (isUniqueViolation(error)) throw conflict(CASE_MESSAGES.alreadyOpen);
    throw error;
  }
}

/**
 * An admin resolves a case with a refund of any part of what was paid and not yet given back
 * (refunded, or owed: offline by the act, written in the ledger as a cancellation's refund is;
 * by card, asked of Stripe), and a note; both sides are told. The booking is locked first, as
 * every move of it is, then the case read again under it.
 */
export async function resolveCase(
  db: Database,
  jobs: JobQueue,
  admin: SessionUser,
  caseId: number,
  input: ResolveCaseInput,
  now = new Date(),
): Promise<{ case: CaseAnswer }> {
  return db.transaction(async (tx) => {
    const [found] = await tx.select({ bookingId: cases.bookingId }).from(cases).where(eq(cases.id, caseId));
    if (!found) throw notFound("No such case");
    await runBookingMove(
      tx,
      jobs,
      { bookingId: found.bookingId, move: "resolve", by: "admin", now },
      async (booking) => {
        const [open] = await tx.select().from(cases).where(eq(cases.id, caseId)).for("update");
        if (open!.status !== "open") throw conflict(CASE_MESSAGES.resolved);
        const { row } = booking;
        const refundable = stillRefundable(booking.payments, booking.balances);
        if (input.refund_cents > refundable)
          throw validationFailed({ refund_cents: [CASE_MESSAGES.refundOver(formatPrice(refundable))] });
        await tx
          .update(cases)
          .set({
            status: "resolved",
            refundCents: input.refund_cents,
            note: input.note,
            resolvedBy: admin.id,
            resolvedAt: now,
          })
          .where(eq(cases.id, caseId));
        const facts = {
          ...bookingFacts(row),
          excerpt: input.note,
          due: input.refund_cents
            ? row.booking.provider === "stripe"
              ? `${formatPrice(input.refund_cents)} is refunded to the planner's card.`
              : `${formatPrice(input.refund_cents)} is owed back to the planner by the act.`
            : "No money changes hands.",
        };
        return {
          ledger: [
            {
              memo: `Refund owed by the act: case ${caseId} resolved by an admin`,
              lines: [
                { account: "act_earned", amountCents: input.refund_cents },
                { account: "refund_owed", amountCents: -input.refund_cents },
              ],
            },
          ],
          ...(row.booking.provider === "stripe"
            ? { cardRefund: { cents: input.refund_cents, key: `case-${caseId}` } }
            : {}),
          notices: [row.planner.id, row.act.managerId].map((to) => ({ to, kind: "case_resolved" as const, facts })),
          result: null,
        };
      },
    );
    return { case: (await caseRows(tx, eq(cases.id, caseId)))[0]! };
  });
}

const reporters = alias(users, "reporters");
const planners = alias(users, "planners");

/** Cases as their answers, newest first: the open ones before the resolved when listing. */
async function caseRows(db: Executor, where: ReturnType<typeof eq> | undefined): Promise<CaseAnswer[]> {
  const rows = await db
    .select({
      case: cases,
      number: bookings.number,
      act: { url: acts.url, name: acts.name },
      planner: planners.name,
      event: events.name,
      timeZone: places.timeZone,
      reporter: reporters.name,
      conversationId: conversations.id,
    })
    .from(cases)
    .innerJoin(bookings, eq(bookings.id, cases.bookingId))
    .innerJoin(acts, eq(acts.id, bookings.actId))
    .innerJoin(events, eq(events.id, bookings.eventId))
    .innerJoin(planners, eq(planners.id, events.plannerId))
    .leftJoin(places, eq(places.id, events.placeId))
    .leftJoin(reporters, eq(reporters.id, cases.reportedBy))
    .leftJoin(
      conversations,
      and(
        eq(conversations.plannerId, events.plannerId),
        eq(conversations.actId, bookings.actId),
        eq(conversations.eventId, bookings.eventId),
      ),
    )
    .where(where)
    .orderBy(sql`${cases.status} = 'open' desc`, desc(cases.createdAt), desc(cases.id))
    .limit(200);
  return rows.map((row) => ({
    id: row.case.id,
    booking: row.number,
    act: row.act,
    planner: { name: row.planner },
    event: { name: row.event, time_zone: row.timeZone ?? "UTC" },
    side: row.case.side,
    reporter: row.case.kind === "dispute" ? "The planner's bank" : (row.reporter ?? "A deleted account"),
    kind: row.case.kind,
    details: row.case.details,
    status: row.case.status,
    refund_cents: row.case.refundCents,
    note: row.case.note,
    created_at: row.case.createdAt.toISOString(),
    resolved_at: row.case.resolvedAt?.toISOString() ?? null,
    conversation_id: row.conversationId,
  }));
}

/** How many cases wait for an admin: the header's count. */
async function countOpenCases(db: Executor): Promise<number> {
  const [row] = await db.select({ open: sql<number>`count(*)::int` }).from(cases).where(eq(cases.status, "open"));
  return row?.open ?? 0;
}

/**
 * The open cases' count as the admins' header shows it on every page, kept until a case
 * changes: any change to the cases notifies "cases" at commit (migration 0070).
 */
export const keptOpenCaseCount = cachedRead({
  name: "open-cases",
  maxEntries: 1,
  key: () => "all",
  tags: () => [CASES_TAG],
  read: (db) => countOpenCases(db),
});

/** The admins' queue: open cases first, then the resolved, newest first (200 at most). */
export async function listCases(db: Executor, status?: "open" | "resolved"): Promise<CaseAnswer[]> {
  return caseRows(db, status ? eq(cases.status, status) : undefined);
}

/**
 * A booking's cases, for its page, which has already found the booking for its viewer and that
 * it has some (most have none: its kept record says so, booking-queries.ts).
 */
export async function casesOfBooking(db: Executor, bookingId: number): Promise<CaseAnswer[]> {
  return caseRows(db, eq(cases.bookingId, bookingId));
}

/** What of card money needs an admin's eye, beside the cases (the /admin/cases page). */
export interface MoneyAlerts {
  /** Bookings whose act owes back a refund Stripe refused to take from its paid-out balance. */
  actsOwing: { booking: string; act: string; cents: number }[];
  /** Releases Stripe refused, each tried again later with a new key. */
  refusedReleases: { booking: string; act: string; paymentId: number; error: string }[];
  /** Signed events that were not applied (their amount, currency or payment not ours), newest first. */
  eventsNotApplied: { id: string; type: string; reason: string; at: string }[];
}

export async function moneyAlerts(db: Executor): Promise<MoneyAlerts> {
  const owing = await db
    .select({
      booking: ledgerTransactions.bookingNumber,
      act: acts.name,
      cents: sql<string>`sum(${ledgerLines.amountCents})`,
    })
    .from(ledgerLines)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerLines.transactionId))
    .innerJoin(bookings, eq(bookings.number, ledgerTransactions.bookingNumber))
    .innerJoin(acts, eq(acts.id, bookings.actId))
    .where(eq(ledgerLines.account, "act_owes"))
    .groupBy(ledgerTransactions.bookingNumber, acts.name)
    .having(sql`sum(${ledgerLines.amountCents}) > 0`)
    .limit(100);
  const refused = await db
    .select({ booking: bookings.number, act: acts.name, paymentId: payments.id, error: payments.releaseError })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .innerJoin(acts, eq(acts.id, bookings.actId))
    .where(and(isNotNull(payments.releaseError), isNull(payments.transferId)))
    .limit(100);
  const notApplied = await db
    .select()
    .from(stripeEvents)
    .where(isNotNull(stripeEvents.notApplied))
    .orderBy(desc(stripeEvents.receivedAt))
    .limit(50);
  return {
    actsOwing: owing.map((row) => ({ booking: row.booking, act: row.act, cents: Number(row.cents) })),
    refusedReleases: refused.map((row) => ({ ...row, error: row.error ?? "" })),
    eventsNotApplied: notApplied.map((row) => ({
      id: row.id,
      type: row.type,
      reason: row.notApplied ?? "",
      at: row.receivedAt.toISOString(),
    })),
  };
}
