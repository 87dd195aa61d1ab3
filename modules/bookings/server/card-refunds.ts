// Refunds to a planner's card: asked of Stripe by a durable job, recorded when Stripe says it refunded.
import { eq } from "drizzle-orm";
import type { Database, Executor } from "#server/db/client";
import { payments, stripeEvents } from "#server/db/schema";
import type { JobQueue } from "#server/jobs/job-queue";
import type { CardGateway } from "./card-gateway";
import { splitRefund } from "../money";
import { lockedPayment, postToLedger } from "./ledger";

/** A refund to a planner's card, asked of Stripe by a job so that it survives a crash after the change. */
export interface CardRefund {
  paymentIntentId: string;
  /** The booking's payment, or null for money that never was the booking's (a payment made twice). */
  paymentId: number | null;
  cents: number;
  /** What decided it (a cancellation, a case): with the payment, the refund's idempotency key. */
  key: string;
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
    },
  });
}

/**
 * The `card_refund` job. Money already released to the act is first taken back from its account
 * (a transfer reversal) as far as the refund needs it; what the act never got (our fee) we give
 * back ourselves, and the fee with it. Stripe's charge.refunded event then records the refund.
 */
export async function refundByCard(db: Database, cards: CardGateway | undefined, refund: CardRefund): Promise<boolean> {
  if (!cards) return false;
  const { stripe } = cards;
  if (refund.paymentId !== null) await takeBackReleased(db, cards, refund.paymentId, refund);
  await stripe.refunds.create(
    {
      payment_intent: refund.paymentIntentId,
      amount: refund.cents,
      metadata: { payment_id: String(refund.paymentId ?? ""), reason: refund.key },
    },
    { idempotencyKey: `refund-${refund.paymentIntentId}-${refund.key}` },
  );
  return true;
}

async function takeBackReleased(db: Database, cards: CardGateway, paymentId: number, refund: CardRefund) {
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment?.transferId) return;
  // What we still hold of this payment for others: paid, less refunded, less what went to the act.
  const held = payment.amountCents - payment.refundedCents - payment.releasedCents + payment.reversedCents;
  const needed = refund.cents - Math.max(held, 0);
  if (needed <= 0) return;
  const transferred = payment.releasedCents - payment.feeCents;
  const reverse = Math.min(needed, transferred - payment.reversedCents);
  const reversal =
    reverse > 0
      ? await cards.stripe.transfers.createReversal(
          payment.transferId,
          { amount: reverse, metadata: { payment_id: String(paymentId), reason: refund.key } },
          { idempotencyKey: `reversal-${paymentId}-${refund.key}` },
        )
      : null;
  const feeBack = needed - reverse;
  await db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(stripeEvents)
      .values({ id: `taken-back:${paymentId}:${refund.key}`, type: "transfer.reversal" })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (!fresh) return;
    const row = await lockedPayment(tx, eq(payments.id, paymentId));
    await tx
      .update(payments)
      .set({ reversedCents: row!.payment.reversedCents + (reversal?.amount ?? 0) })
      .where(eq(payments.id, paymentId));
    await postToLedger(tx, {
      booking: row!.booking,
      paymentId,
      memo: "Taken back from the act's account for a refund",
      lines: [
        { account: "act_received", amountCents: -(reversal?.amount ?? 0) },
        { account: "platform_held", amountCents: reversal?.amount ?? 0 },
        { account: "platform_fee", amountCents: feeBack },
        { account: "act_earned", amountCents: -feeBack },
      ],
    });
  });
}

/**
 * A booking paid by card refunds `cents` to the planner (a cancellation, a case): taken from
 * its payments' charges, the balance first, each refund a job keyed by what decided it.
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
      refundableCents: payment.amountCents - payment.refundedCents,
    })),
    cents,
  );
  for (const part of parts) {
    const payment = charged.find((each) => each.id === part.paymentId)!;
    await scheduleCardRefund(tx, jobs, {
      paymentIntentId: payment.paymentIntentId!,
      paymentId: payment.id,
      cents: part.cents,
      key,
    });
  }
}
