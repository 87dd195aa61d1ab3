// Money we hold goes to the act when its time comes and nothing holds it: each payment on its own.
import { type SQL, and, eq, inArray, isNotNull, isNull, lte, notExists, sql } from "drizzle-orm";
import Stripe from "stripe";
import type { Database } from "#server/db/client";
import { acts } from "#modules/acts/server/tables";
import { bookings, cases, payments, stripeEvents } from "#modules/bookings/server/tables";
import { users } from "#modules/accounts/server/tables";
import type { JobQueue } from "#server/jobs/job-queue";
import { feeBasisPoints, platformFee } from "../money";
import { saveCardOf } from "./card-saved";
import type { CardGateway } from "#server/payments/card-gateway";
import { applyRelease } from "./card-events";
import { bookingBalances } from "./ledger";
import { runBookingMove } from "./process/run-booking-move";

/** What holds a payment's release: the act's account, its manager's marks, and an open case (a dispute too). */
function releasable(db: Database, now: Date): SQL {
  return and(
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
  )!;
}

function dueRows(db: Database, where: SQL) {
  return db
    .select({ payment: payments, booking: bookings, destination: acts.stripeAccountId })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .innerJoin(acts, eq(acts.id, bookings.actId))
    .innerJoin(users, eq(users.id, acts.managerId))
    .where(where);
}

/** A payment's release job: its key names the attempt, so a refused release is tried again with a new idempotency key. */
export const payoutKey = (paymentId: number, attempt: number) => `${paymentId}:${attempt}`;

/**
 * The `card_release` pass: every held payment whose time has come and that nothing holds gets a
 * `card_payout` job of its own, so one act whose transfers Stripe refuses never stops another's.
 * Answers how many it scheduled.
 */
export async function releaseHeldPayments(
  db: Database,
  jobs: JobQueue,
  cards: CardGateway | undefined,
  now = new Date(),
): Promise<number> {
  if (!cards) return 0;
  const due = await dueRows(db, releasable(db, now)).orderBy(payments.releaseAt).limit(100);
  for (const { payment } of due)
    await jobs.schedule(db, "card_payout", {
      key: payoutKey(payment.id, payment.releaseAttempts),
      runAt: now,
      data: { subject: `Payment ${payment.id}`, paymentId: payment.id, attempt: payment.releaseAttempts },
    });
  return due.length;
}

/** How long a refused release waits before its next try: an hour, doubling, at most a day and a half. */
const retryDelayMs = (attempt: number) => 3_600_000 * 2 ** Math.min(attempt, 5);

/**
 * The `card_payout` job: one payment's money goes to its act's account, less the fee the booking
 * fixed, from its own charge (`source_transaction`: the act is paid only from its planner's
 * money, and only once Stripe has it). Checked again when it runs. Stripe's refusal is kept on
 * the payment for admins and on the job as its error; the next try, an hour or more later, has a
 * new idempotency key, since Stripe answers a key with its first answer, refusals included.
 * Answers whether it released.
 */
export async function releasePayment(
  db: Database,
  jobs: JobQueue,
  cards: CardGateway | undefined,
  paymentId: number,
  attempt: number,
  now = new Date(),
): Promise<boolean> {
  if (!cards) return false;
  const [row] = await dueRows(db, and(eq(payments.id, paymentId), releasable(db, now))!);
  if (!row || row.payment.releaseAttempts !== attempt || !row.destination) return false;
  if ((await bookingBalances(db, row.booking.number)).refund_owed !== 0) return false;
  const net = row.payment.amountCents - Math.max(row.payment.refundedCents, row.payment.refundAskedCents);
  if (net <= 0) {
    await db.update(payments).set({ releaseAt: null }).where(eq(payments.id, paymentId));
    return false;
  }
  const chargeId = row.payment.chargeId ?? (await readCharge(db, jobs, cards, paymentId));
  if (!chargeId) return false;
  // The fee the booking fixed when it was made; bookings from before that pay the one configured.
  const fee = platformFee(net, row.booking.feeBasisPoints ?? feeBasisPoints(cards.feePercent));
  let transfer: Stripe.Transfer;
  try {
    transfer = await cards.stripe.transfers.create(
      {
        amount: net - fee,
        currency: "usd",
        destination: row.destination,
        source_transaction: chargeId,
        transfer_group: row.booking.number,
        metadata: { payment_id: String(paymentId), booking: row.booking.number, fee_cents: String(fee) },
      },
      { idempotencyKey: `release-${paymentId}-${net}-${attempt}` },
    );
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError) {
      await db
        .update(payments)
        .set({
          releaseError: error.message,
          releaseAttempts: attempt + 1,
          releaseAt: new Date(now.getTime() + retryDelayMs(attempt)),
        })
        .where(and(eq(payments.id, paymentId), eq(payments.releaseAttempts, attempt)));
    }
    throw error;
  }
  await db.transaction((tx) => applyRelease(tx, jobs, transfer, "time"));
  return true;
}

/**
 * The `card_charge` job of money that never became a payment's (paid twice, or after its booking
 * was cancelled), refunded whole: Stripe kept its fee all the same, which the booking's ledger
 * writes so that our platform balance is still Stripe's. Once per charge.
 */
export async function readUnwantedCharge(
  db: Database,
  jobs: JobQueue,
  cards: CardGateway | undefined,
  bookingId: number,
  paymentIntentId: string,
): Promise<boolean> {
  if (!cards) return false;
  const intent = await cards.stripe.paymentIntents.retrieve(paymentIntentId, {
    expand: ["latest_charge.balance_transaction"],
  });
  const charge = intent.latest_charge as Stripe.Charge | string | null;
  const transaction = charge && typeof charge !== "string" ? charge.balance_transaction : null;
  const fee = transaction && typeof transaction !== "string" ? transaction.fee : 0;
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(stripeEvents)
      .values({ id: `fee:${paymentIntentId}`, type: "balance_transaction.fee" })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (!fresh) return false;
    return runBookingMove(tx, jobs, { bookingId, move: "chargeRead", by: "time" }, () => ({
      ledger: [
        {
          memo: "Stripe's processing fee on a card payment refunded whole (paid twice, or after the cancellation)",
          lines: [
            { account: "processor_fees", amountCents: fee },
            { account: "platform_held", amountCents: -fee },
          ],
        },
      ],
      result: true,
    }));
  });
}

/**
 * The `card_charge` job, after a card payment: reads its charge (whose id every transfer of it
 * names) and what Stripe kept of it, its balance transaction's fee, which the ledger writes as
 * a line of its own so that our platform balance is Stripe's. Answers the charge's id.
 */
export async function readCharge(
  db: Database,
  jobs: JobQueue,
  cards: CardGateway | undefined,
  paymentId: number,
): Promise<string | null> {
  if (!cards) return null;
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment?.paymentIntentId) return null;
  if (payment.chargeId && payment.processorFeeCents !== null) return payment.chargeId;
  const intent = await cards.stripe.paymentIntents.retrieve(payment.paymentIntentId, {
    expand: ["latest_charge.balance_transaction"],
  });
  // A card saved with this payment pays the later ones on their days.
  await saveCardOf(db, jobs, payment.bookingId, intent);
  const charge = intent.latest_charge as Stripe.Charge | string | null;
  if (!charge || typeof charge === "string") return typeof charge === "string" ? charge : null;
  const transaction = charge.balance_transaction as Stripe.BalanceTransaction | string | null;
  const fee = transaction && typeof transaction !== "string" ? transaction.fee : 0;
  await db.transaction((tx) =>
    runBookingMove(tx, jobs, { bookingId: payment.bookingId, move: "chargeRead", by: "time" }, (booking) => {
      const fresh = booking.payments.find((each) => each.id === paymentId)!;
      if (fresh.processorFeeCents !== null) return { result: undefined };
      return {
        payments: [{ id: paymentId, set: { chargeId: charge.id, processorFeeCents: fee } }],
        ledger: [
          {
            paymentId,
            memo: "Stripe's processing fee on the card payment",
            lines: [
              { account: "processor_fees", amountCents: fee },
              { account: "platform_held", amountCents: -fee },
            ],
          },
        ],
        result: undefined,
      };
    }),
  );
  return charge.id;
}
