// Refunds to a planner's card: the job that asks Stripe; Stripe's charge.refunded then records them.
import { eq } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { payments, stripeEvents } from "#modules/bookings/server/tables";
import type { JobQueue } from "#server/jobs/job-queue";
import Stripe from "stripe";
import type { CardGateway } from "#server/payments/card-gateway";
import type { CardRefund } from "./process/card-refund-asks";
import { runBookingMove } from "./process/run-booking-move";

/**
 * The `card_refund` job: the planner is refunded first, from the platform's balance; then, when
 * the payment was released, the act's share comes back by a transfer reversal, and what the act
 * never got (our fee) we give back ourselves. When Stripe refuses the reversal (the act's balance
 * went to its bank), the planner is refunded all the same and the ledger keeps what the act owes
 * us (act_owes), which admins see. Stripe's charge.refunded event then records the refund.
 * Both calls have idempotency keys of their decision, so a job run twice asks the same.
 */
export async function refundByCard(
  db: Database,
  jobs: JobQueue,
  cards: CardGateway | undefined,
  refund: CardRefund,
): Promise<boolean> {
  if (!cards) return false;
  await cards.stripe.refunds.create(
    {
      payment_intent: refund.paymentIntentId,
      amount: refund.cents,
      metadata: { payment_id: String(refund.paymentId ?? ""), reason: refund.key },
    },
    { idempotencyKey: `refund-${refund.paymentIntentId}-${refund.key}` },
  );
  if (refund.paymentId !== null && (refund.takeBackCents || refund.feeBackCents))
    await takeBackReleased(db, jobs, cards, refund.paymentId, refund);
  return true;
}

async function takeBackReleased(
  db: Database,
  jobs: JobQueue,
  cards: CardGateway,
  paymentId: number,
  refund: CardRefund,
): Promise<void> {
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment?.transferId) return;
  const asked = refund.takeBackCents ?? 0;
  let reversed = 0;
  let refusal: string | null = null;
  if (asked > 0) {
    try {
      const reversal = await cards.stripe.transfers.createReversal(
        payment.transferId,
        { amount: asked, metadata: { payment_id: String(paymentId), reason: refund.key } },
        { idempotencyKey: `reversal-${paymentId}-${refund.key}` },
      );
      reversed = reversal.amount;
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      refusal = error.message;
    }
  }
  const owed = asked - reversed;
  const feeBack = refund.feeBackCents ?? 0;
  await db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(stripeEvents)
      .values({ id: `taken-back:${paymentId}:${refund.key}`, type: "transfer.reversal", notApplied: refusal })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (!fresh) return;
    await runBookingMove(tx, jobs, { bookingId: payment.bookingId, move: "refundedByCard", by: "time" }, (booking) => {
      const locked = booking.payments.find((each) => each.id === paymentId)!;
      return {
        payments: [{ id: paymentId, set: { reversedCents: locked.reversedCents + reversed } }],
        ledger: [
          {
            paymentId,
            memo: owed
              ? `The act's share of a refund could not be taken back from its account (${refusal}): the act owes it`
              : "Taken back from the act's account for a refund",
            lines: [
              { account: "act_received", amountCents: -asked },
              { account: "platform_held", amountCents: reversed },
              { account: "act_owes", amountCents: owed },
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
