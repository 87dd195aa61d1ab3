// Money we hold goes to the act when its time comes and nothing holds it.
import { and, eq, inArray, isNotNull, isNull, lte, notExists, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { acts, bookings, cases, payments, users } from "#server/db/schema";
import type { JobQueue } from "#server/jobs/job-queue";
import { feeBasisPoints, platformFee } from "../money";
import type { CardGateway } from "./card-gateway";
import { applyRelease } from "./card-events";
import { bookingBalances } from "./ledger";

/**
 * The `card_release` pass: held money whose time has come goes to its act's account, less our
 * fee, when nothing holds it: no open case on the booking, no refund still to pay on it, the
 * act's account able to take payouts, and the manager's W-9 and direct-deposit marks set by an
 * admin. Each transfer's idempotency key is the payment and its amount, so a pass that dies
 * after Stripe answered repeats the same transfer, which applyRelease then finds done.
 */
export async function releaseHeldPayments(
  db: Database,
  jobs: JobQueue,
  cards: CardGateway | undefined,
  now = new Date(),
): Promise<number> {
  if (!cards) return 0;
  const due = await db
    .select({ payment: payments, booking: bookings, destination: acts.stripeAccountId })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .innerJoin(acts, eq(acts.id, bookings.actId))
    .innerJoin(users, eq(users.id, acts.managerId))
    .where(
      and(
        eq(bookings.provider, "stripe"),
        isNull(payments.transferId),
        isNotNull(payments.releaseAt),
        lte(payments.releaseAt, now),
        inArray(payments.status, ["paid", "refunded"]),
        eq(acts.cardPayments, true),
        eq(users.w9Received, true),
        eq(users.directDepositReceived, true),
        notExists(
          db
            .select({ one: sql`1` })
            .from(cases)
            .where(and(eq(cases.bookingId, bookings.id), eq(cases.status, "open"))),
        ),
      ),
    )
    .orderBy(payments.releaseAt)
    .limit(100);
  let released = 0;
  for (const { payment, booking, destination } of due) {
    if ((await bookingBalances(db, booking.number)).refund_owed !== 0) continue;
    const net = payment.amountCents - payment.refundedCents;
    if (net <= 0 || !destination) {
      await db.update(payments).set({ releaseAt: null }).where(eq(payments.id, payment.id));
      continue;
    }
    // The fee the booking fixed when it was made; bookings from before that pay the one configured.
    const fee = platformFee(net, booking.feeBasisPoints ?? feeBasisPoints(cards.feePercent));
    const transfer = await cards.stripe.transfers.create(
      {
        amount: net - fee,
        currency: "usd",
        destination,
        transfer_group: booking.number,
        metadata: { payment_id: String(payment.id), booking: booking.number, fee_cents: String(fee) },
      },
      { idempotencyKey: `release-${payment.id}-${net}` },
    );
    await db.transaction((tx) => applyRelease(tx, jobs, transfer, "time"));
    released += 1;
  }
  return released;
}
