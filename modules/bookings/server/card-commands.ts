// What people start with Stripe: an act's manager sets up payouts, a planner pays a payment by card.
import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNull } from "drizzle-orm";
import Stripe from "stripe";
import { MESSAGES } from "#domain/messages";
import { fitsOneCardPayment } from "#domain/prices";
import { canManageAct, canSetUpPayouts } from "#domain/permissions";
import type { Database } from "#server/db/client";
import { acts } from "#modules/acts/server/tables";
import { bookings, events, payments } from "#modules/bookings/server/tables";
import { users } from "#modules/accounts/server/tables";
import { ApiError, conflict, forbidden, notFound } from "#server/errors";
import { actAccess, findVisibleAct } from "#modules/acts/server";
import type { SessionUser } from "#domain/session-user";
import type { CardGateway } from "#server/payments/card-gateway";

/** Stripe's refusals and outages become one clear answer; nothing of ours changed. */
async function askStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError)
      throw new ApiError("internal", "Stripe could not take this now: try again in a minute");
    throw error;
  }
}

const requireCards = (cards: CardGateway | undefined): CardGateway => {
  if (!cards) throw conflict(MESSAGES.cardPaymentsNotSetUp);
  return cards;
};

/**
 * The act's manager opens Stripe's onboarding: the act's Express account is made once (its
 * idempotency key is the act, so two clicks at once make one), then a fresh one-time link to it.
 * Stripe tells us by webhook (account.updated) when the act may take card payments.
 */
export async function startPayoutOnboarding(
  db: Database,
  cards: CardGateway | undefined,
  viewer: SessionUser,
  actUrl: string,
): Promise<{ url: string }> {
  const act = await findVisibleAct(db, actUrl, viewer);
  if (!canSetUpPayouts(viewer, actAccess(act))) throw forbidden(MESSAGES.onlyManagerOnboards);
  const { stripe, publicUrl } = requireCards(cards);
  let accountId = act.stripeAccountId;
  if (!accountId) {
    const account = await askStripe(() =>
      stripe.accounts.create(
        {
          type: "express",
          email: viewer.email,
          business_profile: { name: act.name, url: `${publicUrl}/${act.url}` },
          metadata: { act_id: String(act.id), act_url: act.url },
        },
        { idempotencyKey: `act-${act.id}-account` },
      ),
    );
    await db
      .update(acts)
      .set({ stripeAccountId: account.id })
      .where(and(eq(acts.id, act.id), isNull(acts.stripeAccountId)));
    accountId = account.id;
  }
  const back = `${publicUrl}/my-acts`;
  const link = await askStripe(() =>
    stripe.accountLinks.create(
      { account: accountId, type: "account_onboarding", refresh_url: back, return_url: back },
      // A link is good once: each request is a new one, its key guarding only the SDK's retries.
      { idempotencyKey: `act-${act.id}-link-${randomUUID()}` },
    ),
  );
  return { url: link.url };
}

/**
 * The booking's planner pays one payment by card on Stripe Checkout (no card data on our
 * origin). With `saveCard`, allowed on a deposit while the balance is still to come, Stripe
 * saves the card for the balance (setup_future_usage), which the `payment_charge` job then
 * charges on its day. The payment is paid when Stripe's webhook says so.
 */
export async function startCheckout(
  db: Database,
  cards: CardGateway | undefined,
  viewer: SessionUser,
  paymentId: number,
  saveCard = false,
): Promise<{ url: string }> {
  const row = await checkoutRow(db, paymentId);
  const isPlanner = row?.event.plannerId === viewer.id;
  if (!row || (!isPlanner && !canManageAct(viewer, actAccess(row.act)))) throw notFound("No such payment");
  if (!isPlanner) throw forbidden(MESSAGES.onlyPlannerPays);
  const gateway = requireCards(cards);
  if (row.booking.provider !== "stripe") throw conflict(MESSAGES.paidToActDirectly);
  if (row.booking.status === "cancelled") throw conflict(MESSAGES.bookingCancelled);
  if (row.payment.status !== "due") throw conflict(MESSAGES.paymentNotDue);
  // An offer from before card bounds were checked may hold a payment Stripe would refuse: say so, not a 500.
  if (!fitsOneCardPayment(row.payment.amountCents)) throw conflict(MESSAGES.cardPaymentBounds);
  if (saveCard && !(await balanceToCome(db, row.payment))) throw conflict(MESSAGES.saveCardOnDepositOnly);
  return openCheckout(db, gateway, row, saveCard);
}

type CheckoutRow = NonNullable<Awaited<ReturnType<typeof checkoutRow>>>;

/** A payment with its booking, act, event and planner's email: what a Checkout Session names. */
export async function checkoutRow(db: Database, paymentId: number) {
  const [row] = await db
    .select({
      payment: payments,
      booking: bookings,
      act: acts,
      event: { name: events.name, plannerId: events.plannerId },
      plannerEmail: users.email,
    })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .innerJoin(acts, eq(acts.id, bookings.actId))
    .innerJoin(events, eq(events.id, bookings.eventId))
    .innerJoin(users, eq(users.id, events.plannerId))
    .where(eq(payments.id, paymentId));
  return row;
}

/** Whether a deposit has a balance still due after it, which a saved card would pay. */
async function balanceToCome(db: Database, payment: CheckoutRow["payment"]): Promise<boolean> {
  if (payment.kind !== "deposit") return false;
  const [balance] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.bookingId, payment.bookingId), eq(payments.kind, "balance"), eq(payments.status, "due")));
  return Boolean(balance);
}

/**
 * A new Checkout Session for the payment. Each attempt is counted, so its idempotency key is new
 * while the SDK's retries of one attempt are one session; the attempt before is expired, so that
 * it cannot be paid as well.
 */
export async function openCheckout(
  db: Database,
  { stripe, publicUrl }: CardGateway,
  row: CheckoutRow,
  saveCard: boolean,
): Promise<{ url: string }> {
  const paymentId = row.payment.id;
  const [counted] = await db
    .update(payments)
    .set({ checkoutAttempts: row.payment.checkoutAttempts + 1 })
    .where(and(eq(payments.id, paymentId), eq(payments.checkoutAttempts, row.payment.checkoutAttempts)))
    .returning({ attempt: payments.checkoutAttempts });
  const attempt = counted?.attempt ?? row.payment.checkoutAttempts + 1;
  const previous = row.payment.checkoutSessionId;
  if (previous) {
    await stripe.checkout.sessions
      .expire(previous, {}, { idempotencyKey: `payment-${paymentId}-expire-${previous}` })
      // A session already paid or expired cannot be expired; what it did comes by webhook.
      .catch(() => undefined);
  }
  const what = row.payment.kind === "deposit" ? "Deposit" : "Balance";
  const metadata = { payment_id: String(paymentId), booking: row.booking.number };
  const session = await askStripe(() =>
    stripe.checkout.sessions.create(
      {
        mode: "payment",
        customer_email: row.plannerEmail,
        client_reference_id: String(paymentId),
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: "usd",
              unit_amount: row.payment.amountCents,
              product_data: { name: `${what}: ${row.act.name} for ${row.event.name} (booking ${row.booking.number})` },
            },
          },
        ],
        metadata,
        payment_intent_data: {
          metadata,
          transfer_group: row.booking.number,
          ...(saveCard ? { setup_future_usage: "off_session" as const } : {}),
        },
        ...(saveCard ? { customer_creation: "always" as const } : {}),
        success_url: `${publicUrl}/bookings/${row.booking.number}?paid=${paymentId}`,
        cancel_url: `${publicUrl}/bookings/${row.booking.number}`,
      },
      { idempotencyKey: `payment-${paymentId}-checkout-${attempt}${saveCard ? "-save" : ""}` },
    ),
  );
  await db.update(payments).set({ checkoutSessionId: session.id }).where(eq(payments.id, paymentId));
  if (!session.url) throw new ApiError("internal", "Stripe gave no Checkout address: try again in a minute");
  return { url: session.url };
}

/** Which of these acts take card payments (Stripe lets their accounts charge and pay out). */
export async function cardPaymentsOf(db: Database, actUrls: string[]): Promise<Record<string, boolean>> {
  if (!actUrls.length) return {};
  const rows = await db
    .select({ url: acts.url, cardPayments: acts.cardPayments })
    .from(acts)
    .where(inArray(acts.url, actUrls));
  return Object.fromEntries(rows.map((row) => [row.url, row.cardPayments]));
}
