// Refunds to a planner's card: the job that asks Stripe; Stripe's charge.refunded then records them.
import { eq } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { payments, stripeEvents } from "#server/db/schema";
import type { JobQueue } from "#server/jobs/job-queue";
import type { CardGateway } from "./card-gateway";
import type { CardRefund } from "./process/card-refund-asks";
import { runBookingMove } from "./process/run-booking-move";

/**
 * The `card_refund` job. Money already released to the act is first taken back from its account
 * (a transfer reversal) as far as the refund needs it; what the act never got (our fee) we give
 * back ourselves, and the fee with it. Stripe's charge.refunded event then records the refund.
 */
export async function refundByCard(
  db: Database,
  jobs: JobQueue,
  cards: CardGateway | undefined,
  refund: CardRefund,
): Promise<boolean> {
  if (!cards) return false;
  const { stripe } = cards;
  if (refund.paymentId !== null) await takeBackReleased(db, jobs, cards, refund.paymentId, refund);
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

async function takeBackReleased(
  db: Database,
  jobs: JobQueue,
  cards: CardGateway,
  paymentId: number,
  refund: CardRefund,
) {
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
    const reversed = reversal?.amount ?? 0;
    await runBookingMove(tx, jobs, { bookingId: payment.bookingId, move: "refundedByCard", by: "time" }, (booking) => {
      const locked = booking.payments.find((each) => each.id === paymentId)!;
      return {
        payments: [{ id: paymentId, set: { reversedCents: locked.reversedCents + reversed } }],
        ledger: [
          {
            paymentId,
            memo: "Taken back from the act's account for a refund",
            lines: [
              { account: "act_received", amountCents: -reversed },
              { account: "platform_held", amountCents: reversed },
              { account: "platform_fee", amountCents: feeBack },
              { account: "act_earned", amountCents: -feeBack },
            ],
          },
        ],
        result: undefined,
      };
    });
  });
}
