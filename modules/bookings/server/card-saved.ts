// The balance charged when due (issue 65, item 4): a card the planner saved paying the deposit
// is charged off-session on each later payment's day; when the bank refuses or asks for the
// planner, they are sent a Checkout link instead.
import Stripe from "stripe";
import { formatPrice } from "#domain/prices";
import type { Database } from "#server/db/client";
import type { JobQueue } from "#server/jobs/job-queue";
import type { CardGateway } from "#server/payments/card-gateway";
import { morningOf } from "../bookings";
import { notNow } from "./booking-times";
import { cardPaymentPaid, idOf } from "./card-events";
import { checkoutRow, openCheckout } from "./card-commands";
import { paymentChargeKey } from "./process/booking-jobs";
import { bookingFacts, runBookingMove } from "./process/run-booking-move";

/**
 * After a card payment's charge is read: when the planner chose to save the card (Checkout's
 * setup_future_usage), the booking keeps Stripe's customer and payment method, and each payment
 * still due gets its charge on its day (9 AM where the event is; at once when that has passed).
 */
export async function saveCardOf(
  db: Database,
  jobs: JobQueue,
  bookingId: number,
  intent: Stripe.PaymentIntent,
  now = new Date(),
): Promise<boolean> {
  const customer = idOf(intent.customer);
  const method = idOf(intent.payment_method);
  if (intent.setup_future_usage !== "off_session" || !customer || !method) return false;
  return db.transaction((tx) =>
    runBookingMove(tx, jobs, { bookingId, move: "saveCard", by: "time", now }, async ({ row, payments }) => {
      if (row.booking.cardSavedAt) return { result: false };
      for (const later of payments.filter((payment) => payment.status === "due")) {
        const morning = morningOf(later.dueOn, row.timeZone);
        await jobs.schedule(tx, "payment_charge", {
          key: paymentChargeKey(row.booking.number, later.kind),
          runAt: morning > now ? morning : now,
          data: { subject: `Booking ${row.booking.number}`, paymentId: later.id },
        });
      }
      return {
        booking: { cardCustomerId: customer, cardPaymentMethodId: method, cardSavedAt: now },
        result: true,
      };
    }).catch(notNow),
  );
}

/**
 * The `payment_charge` job: a payment still due on a booking still confirmed is charged to the
 * saved card, off-session, once (its idempotency key is the payment's, so a retry after Stripe
 * answered is that answer again). Paid, it is the same move as a Checkout paid; refused, the
 * planner gets a Checkout link. Stripe out of reach throws, and the job is tried again.
 */
export async function chargeSavedCard(
  db: Database,
  jobs: JobQueue,
  cards: CardGateway | undefined,
  paymentId: number,
  now = new Date(),
): Promise<boolean> {
  if (!cards) return false;
  const row = await checkoutRow(db, paymentId);
  if (row?.payment.status !== "due" || row.booking.status !== "confirmed") return false;
  const { cardCustomerId: customer, cardPaymentMethodId: method } = row.booking;
  if (!customer || !method) return false;
  const metadata = { payment_id: String(paymentId), booking: row.booking.number, off_session: "true" };
  let intent: Stripe.PaymentIntent;
  try {
    intent = await cards.stripe.paymentIntents.create(
      {
        amount: row.payment.amountCents,
        currency: "usd",
        customer,
        payment_method: method,
        off_session: true,
        confirm: true,
        description: `${row.payment.kind === "deposit" ? "Deposit" : "Balance"}: ${row.act.name} for ${row.event.name} (booking ${row.booking.number})`,
        metadata,
        transfer_group: row.booking.number,
      },
      { idempotencyKey: `payment-${paymentId}-off-session` },
    );
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError)
      return cardRefused(db, jobs, cards, paymentId, refusalWords(error.code), now);
    throw error;
  }
  if (intent.status !== "succeeded") return cardRefused(db, jobs, cards, paymentId, refusalWords(intent.status), now);
  return db.transaction(
    async (tx) =>
      (await cardPaymentPaid(tx, jobs, {
        paymentId,
        intentId: intent.id,
        amountCents: intent.amount,
        currency: intent.currency,
        sessionId: null,
        at: now,
        by: "time",
      })) === true,
  );
}

/** What the bank's answer means to the planner. */
function refusalWords(code: string | undefined): string {
  if (code === "authentication_required" || code === "requires_action")
    return "Your bank asks you to confirm this payment yourself.";
  return "Your card was declined.";
}

/** The saved card was refused: a fresh Checkout for the payment, and the planner told with its link. */
async function cardRefused(
  db: Database,
  jobs: JobQueue,
  cards: CardGateway,
  paymentId: number,
  reason: string,
  now: Date,
): Promise<boolean> {
  const row = await checkoutRow(db, paymentId);
  if (!row) return false;
  // The notice goes without a link when Stripe cannot make one now: the booking's page still pays.
  const checkout = await openCheckout(db, cards, row, false).catch(() => ({ url: "" }));
  return db.transaction((tx) =>
    runBookingMove(tx, jobs, { bookingId: row.booking.id, move: "cardFailed", by: "time", now }, async (booking) => {
      const payment = booking.payments.find((each) => each.id === paymentId)!;
      if (payment.status !== "due") return { result: false };
      return {
        notices: [
          {
            to: booking.row.planner.id,
            kind: "payment_failed" as const,
            facts: {
              ...bookingFacts(booking.row),
              price: formatPrice(payment.amountCents),
              paymentKind: payment.kind,
              reason,
              checkoutUrl: checkout.url,
            },
          },
        ],
        result: true,
      };
    }).catch(notNow),
  );
}
