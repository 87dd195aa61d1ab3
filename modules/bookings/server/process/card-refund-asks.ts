// Refunds to a planner's card, asked in the deciding move's transaction: each a durable job
// (modules/bookings/server/card-refunds.ts) that asks Stripe once the change commits.
import { eq } from "drizzle-orm";
import type { Executor } from "#server/db/client";
import { payments } from "#modules/bookings/server/tables";
import type { JobQueue } from "#server/jobs/job-queue";
import { splitRefund } from "../../money";

/** A refund to a planner's card, asked of Stripe by a job so that it survives a crash after the change. */
export interface CardRefund {
  paymentIntentId: string;
  /** The booking's payment, or null for money that never was the booking's (a payment made twice). */
  paymentId: number | null;
  cents: number;
  /** What decided it (a cancellation, a case): with the payment, the refund's idempotency key. */
  key: string;
  /**
   * Of the refund, what is to be taken back from the act's account (its payment was released):
   * decided with the refund, so that a job run twice asks the same reversal.
   */
  takeBackCents?: number;
  /** And what we give back of our own fee on the release (the act never got it). */
  feeBackCents?: number;
}

/** Schedules a refund in the caller's transaction: it is asked of Stripe once the change commits. */
export async function scheduleCardRefund(tx: Executor, jobs: JobQueue, refund: CardRefund): Promise<void> {
  if (refund.cents <= 0) return;
  await jobs.schedule(tx, "card_refund", {
    key: `${refund.paymentIntentId}:${refund.key}`,
    runAt: new Date(),
    data: {
      subject: `Refund of ${refund.paymentIntentId}`,
      paymentIntentId: refund.paymentIntentId,
      paymentId: refund.paymentId,
      cents: refund.cents,
      key: refund.key,
      takeBackCents: refund.takeBackCents ?? 0,
      feeBackCents: refund.feeBackCents ?? 0,
    },
  });
}

/**
 * What of a refund of a released payment comes back from the act: the part beyond what we still
 * hold of that payment, taken back first from what reached the act (a reversal) and then from
 * our fee on the release (which we give back ourselves). Read from the payment before this
 * refund is counted on it.
 */
export function takeBackOf(
  payment: typeof payments.$inferSelect,
  cents: number,
): { takeBackCents: number; feeBackCents: number } {
  if (!payment.transferId) return { takeBackCents: 0, feeBackCents: 0 };
  const asked = Math.max(payment.refundedCents, payment.refundAskedCents);
  const held = payment.amountCents - payment.releasedCents - asked + payment.takeBackAskedCents;
  const needed = Math.min(Math.max(cents - Math.max(held, 0), 0), payment.releasedCents - payment.takeBackAskedCents);
  const transferred = payment.releasedCents - payment.feeCents;
  const takeBackCents = Math.min(needed, transferred - Math.min(payment.takeBackAskedCents, transferred));
  return { takeBackCents, feeBackCents: needed - takeBackCents };
}

/**
 * A booking paid by card refunds `cents` to the planner (a cancellation, a case): taken from
 * its payments' charges, the balance first, each at most what it paid less what was already
 * asked back of it (a refund on its way counts), each refund a job keyed by what decided it.
 * Payments are read as the caller locked them (the booking's move).
 */
export async function refundBookingByCard(
  tx: Executor,
  jobs: JobQueue,
  paymentRows: readonly (typeof payments.$inferSelect)[],
  cents: number,
  key: string,
): Promise<void> {
  const charged = paymentRows.filter((payment) => payment.status !== "due" && payment.paymentIntentId);
  const parts = splitRefund(
    charged.map((payment) => ({
      paymentId: payment.id,
      kind: payment.kind,
      refundableCents: payment.amountCents - Math.max(payment.refundedCents, payment.refundAskedCents),
    })),
    cents,
  );
  for (const part of parts) {
    const payment = charged.find((each) => each.id === part.paymentId)!;
    const back = takeBackOf(payment, part.cents);
    await tx
      .update(payments)
      .set({
        refundAskedCents: Math.max(payment.refundedCents, payment.refundAskedCents) + part.cents,
        takeBackAskedCents: payment.takeBackAskedCents + back.takeBackCents + back.feeBackCents,
      })
      .where(eq(payments.id, payment.id));
    await scheduleCardRefund(tx, jobs, {
      paymentIntentId: payment.paymentIntentId!,
      paymentId: payment.id,
      cents: part.cents,
      key,
      ...back,
    });
  }
}
