// Problems reported on bookings and their resolution (modules/bookings/cases.ts).
import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { formatPrice } from "#domain/prices";
import type { Database, Executor } from "#server/db/client";
import { isUniqueViolation } from "#server/db/errors";
import { acts, bookings, cases, conversations, events, payments, users } from "#server/db/schema";
import { conflict, forbidden, notFound, validationFailed } from "#server/errors";
import type { JobQueue } from "#server/jobs/job-queue";
import { notify } from "#modules/notifications/server";
import type { SessionUser } from "#domain/session-user";
import type { CaseAnswer } from "../answers";
import { CASE_KIND_LABELS, CASE_MESSAGES, type ReportProblemInput, type ResolveCaseInput } from "../cases";
import { findBooking, sideOf } from "./booking-queries";
import { refundBookingByCard } from "./card-refunds";
import { bookingBalances, oweRefund } from "./ledger";

/** Either side of a booking reports a problem: a case opens for the admins, and the other side is told. */
export async function reportProblem(
  db: Database,
  viewer: SessionUser,
  number: string,
  input: ReportProblemInput,
): Promise<{ case: CaseAnswer }> {
  try {
    return await db.transaction(async (tx) => {
      const row = await findBooking(tx, viewer, number);
      const side = sideOf(row, viewer);
      if (!side) throw forbidden(CASE_MESSAGES.notASide);
      if (row.booking.status === "cancelled") throw conflict(CASE_MESSAGES.cancelled);
      // A problem is reported until the balance is released: after that, nothing is held.
      const [released] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(
          and(eq(payments.bookingId, row.booking.id), eq(payments.kind, "balance"), isNotNull(payments.transferId)),
        );
      if (released) throw conflict(CASE_MESSAGES.released);
      const [made] = await tx
        .insert(cases)
        .values({ bookingId: row.booking.id, reportedBy: viewer.id, side, kind: input.kind, details: input.details })
        .returning({ id: cases.id });
      await notify(tx, side === "planner" ? row.act.managerId : row.planner.id, "problem_reported", {
        actName: row.act.name,
        actUrl: row.act.url,
        eventName: row.event.name,
        bookingNumber: row.booking.number,
        fromName: viewer.name,
        reason: CASE_KIND_LABELS[input.kind],
        excerpt: input.details,
      });
      return { case: (await caseRows(tx, eq(cases.id, made!.id)))[0]! };
    });
  } catch (error) {
    // One open case per booking: a second report, even one racing the first, is told so.
    if (isUniqueViolation(error)) throw conflict(CASE_MESSAGES.alreadyOpen);
    throw error;
  }
}

/**
 * An admin resolves a case with a refund of any part of what was paid and not yet refunded or
 * owed (offline: owed by the act, written in the ledger as a cancellation's refund is), and a
 * note; both sides are told.
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
    const [open] = await tx.select().from(cases).where(eq(cases.id, caseId)).for("update");
    if (!open) throw notFound("No such case");
    if (open.status !== "open") throw conflict(CASE_MESSAGES.resolved);
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, open.bookingId)).for("update");
    const paymentRows = await tx.select().from(payments).where(eq(payments.bookingId, booking!.id)).for("update");
    const paid = paymentRows
      .filter((payment) => payment.status !== "due")
      .reduce((sum, payment) => sum + payment.amountCents - payment.refundedCents, 0);
    const owed = -(await bookingBalances(tx, booking!.number)).refund_owed;
    const refundable = Math.max(0, paid - owed);
    if (input.refund_cents > refundable)
      throw validationFailed({ refund_cents: [CASE_MESSAGES.refundOver(formatPrice(refundable))] });
    await oweRefund(tx, booking!, `Refund owed by the act: case ${open.id} resolved by an admin`, input.refund_cents);
    if (booking!.provider === "stripe")
      await refundBookingByCard(tx, jobs, paymentRows, input.refund_cents, `case-${open.id}`);
    await tx
      .update(cases)
      .set({
        status: "resolved",
        refundCents: input.refund_cents,
        note: input.note,
        resolvedBy: admin.id,
        resolvedAt: now,
      })
      .where(eq(cases.id, open.id));
    const [answer] = await caseRows(tx, eq(cases.id, open.id));
    const [act] = await tx.select({ managerId: acts.managerId }).from(acts).where(eq(acts.id, booking!.actId));
    const [event] = await tx
      .select({ plannerId: events.plannerId })
      .from(events)
      .where(eq(events.id, booking!.eventId));
    const facts = {
      actName: answer!.act.name,
      actUrl: answer!.act.url,
      eventName: answer!.event.name,
      bookingNumber: booking!.number,
      excerpt: input.note,
      due: input.refund_cents
        ? booking!.provider === "stripe"
          ? `${formatPrice(input.refund_cents)} is refunded to the planner's card.`
          : `The act owes the planner ${formatPrice(input.refund_cents)} back.`
        : "No money changes hands.",
    };
    for (const recipient of [event!.plannerId, act!.managerId]) await notify(tx, recipient, "case_resolved", facts);
    return { case: answer! };
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
      reporter: reporters.name,
      conversationId: conversations.id,
    })
    .from(cases)
    .innerJoin(bookings, eq(bookings.id, cases.bookingId))
    .innerJoin(acts, eq(acts.id, bookings.actId))
    .innerJoin(events, eq(events.id, bookings.eventId))
    .innerJoin(planners, eq(planners.id, events.plannerId))
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
    event: { name: row.event },
    side: row.case.side,
    reporter: row.reporter ?? "A deleted account",
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

/** The admins' queue: open cases first, then the resolved, newest first (200 at most). */
export async function listCases(db: Executor, status?: "open" | "resolved"): Promise<CaseAnswer[]> {
  return caseRows(db, status ? eq(cases.status, status) : undefined);
}

/**
 * A booking's cases, for its page, which has already found the booking for its viewer: most
 * bookings have none, and a look at the cases' own index says so before the wider read.
 */
export async function casesOfBooking(db: Executor, bookingId: number): Promise<CaseAnswer[]> {
  const [any] = await db.select({ id: cases.id }).from(cases).where(eq(cases.bookingId, bookingId)).limit(1);
  return any ? caseRows(db, eq(cases.bookingId, bookingId)) : [];
}
