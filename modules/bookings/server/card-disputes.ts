// Chargebacks: the planner's bank disputes a card payment with Stripe; its events open and close a case.
import { and, eq, or } from "drizzle-orm";
import type Stripe from "stripe";
import { formatPrice } from "#domain/prices";
import type { Executor } from "#server/db/client";
import { cases, payments } from "#modules/bookings/server/tables";
import type { JobQueue } from "#server/jobs/job-queue";
import { CASE_KIND_LABELS } from "../cases";
import { adminIds } from "#modules/accounts/server";
import { runBookingMove, bookingFacts } from "./process/run-booking-move";

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === "string" ? value : (value?.id ?? null);

/** The payment a dispute is about: by its charge, or the charge's PaymentIntent. */
async function disputedPayment(tx: Executor, dispute: Stripe.Dispute) {
  const charge = idOf(dispute.charge);
  const intent = idOf(dispute.payment_intent);
  if (!charge && !intent) return undefined;
  const [found] = await tx
    .select({ id: payments.id, bookingId: payments.bookingId })
    .from(payments)
    .where(
      or(charge ? eq(payments.chargeId, charge) : undefined, intent ? eq(payments.paymentIntentId, intent) : undefined),
    );
  return found;
}

/**
 * `charge.dispute.created`: a case of kind `dispute` opens for admins, which holds every release of
 * the booking while it is open (or, when one is open already, that case carries the dispute), and
 * the act is told.
 */
export async function disputeOpened(tx: Executor, jobs: JobQueue, dispute: Stripe.Dispute): Promise<true | string> {
  const payment = await disputedPayment(tx, dispute);
  if (!payment) return `A dispute of a charge that paid no payment of ours (${idOf(dispute.charge)})`;
  return runBookingMove(tx, jobs, { bookingId: payment.bookingId, move: "dispute", by: "stripe" }, async ({ row }) => {
    const details = `The planner's bank disputed ${formatPrice(dispute.amount)} of a card payment (${dispute.reason}). Stripe holds the amount until the dispute ends.`;
    const [open] = await tx
      .select({ id: cases.id })
      .from(cases)
      .where(and(eq(cases.bookingId, row.booking.id), eq(cases.status, "open")));
    if (open) await tx.update(cases).set({ disputeId: dispute.id }).where(eq(cases.id, open.id));
    else
      await tx
        .insert(cases)
        .values({ bookingId: row.booking.id, side: "planner", kind: "dispute", details, disputeId: dispute.id })
        .onConflictDoNothing();
    const facts = {
      ...bookingFacts(row),
      fromName: "The planner's bank",
      reason: CASE_KIND_LABELS.dispute,
      excerpt: details,
    };
    return {
      notices: [
        { to: row.act.managerId, kind: "problem_reported" as const, facts },
        ...(await adminIds(tx)).map((to) => ({ to, kind: "case_opened" as const, facts })),
      ],
      result: true as const,
    };
  });
}

/**
 * `charge.dispute.closed`: its case is resolved with the outcome. Won, the hold ends. Lost, the
 * disputed amount went back to the planner and Stripe kept its dispute fee: both leave the
 * platform's balance, as the ledger says (the payment counts the amount as refunded).
 */
export async function disputeClosed(tx: Executor, jobs: JobQueue, dispute: Stripe.Dispute): Promise<true | string> {
  const payment = await disputedPayment(tx, dispute);
  if (!payment) return `A dispute of a charge that paid no payment of ours (${idOf(dispute.charge)})`;
  const lost = dispute.status === "lost";
  const fee = (dispute.balance_transactions ?? []).reduce((sum, transaction) => sum + transaction.fee, 0);
  return runBookingMove(
    tx,
    jobs,
    { bookingId: payment.bookingId, move: "disputeClosed", by: "stripe" },
    async ({ row, payments: paymentRows, now }) => {
      const note = lost
        ? `The dispute was lost: ${formatPrice(dispute.amount)} went back to the planner through their bank.`
        : "The dispute was won: the payment stands.";
      const [closed] = await tx
        .update(cases)
        .set({ status: "resolved", note, refundCents: lost ? dispute.amount : 0, resolvedAt: now })
        .where(and(eq(cases.disputeId, dispute.id), eq(cases.status, "open")))
        .returning({ id: cases.id });
      if (!closed) return { result: true as const };
      const paid = paymentRows.find((each) => each.id === payment.id)!;
      const amount = lost ? Math.min(dispute.amount, paid.amountCents - paid.refundedCents) : 0;
      const facts = {
        ...bookingFacts(row),
        excerpt: note,
        due: lost ? `${formatPrice(amount)} went back to the planner.` : "No money changes hands.",
      };
      return {
        payments: lost
          ? [
              {
                id: paid.id,
                set: {
                  status: "refunded" as const,
                  refundedCents: paid.refundedCents + amount,
                  refundAskedCents: Math.max(paid.refundAskedCents, paid.refundedCents + amount),
                },
              },
            ]
          : [],
        ledger: lost
          ? [
              {
                paymentId: paid.id,
                memo: "A dispute lost: the amount went back to the planner's bank, and Stripe kept its fee",
                lines: [
                  { account: "act_earned" as const, amountCents: amount },
                  { account: "processor_fees" as const, amountCents: fee },
                  { account: "platform_held" as const, amountCents: -amount - fee },
                ],
              },
            ]
          : [],
        notices: [row.planner.id, row.act.managerId].map((to) => ({ to, kind: "case_resolved" as const, facts })),
        result: true as const,
      };
    },
  );
}
