// What a planner reads before committing to a booking (issue 63): the payments with their days,
// and how the money is paid, from the same rules the booking will then follow.
import { type AcceptTerms, type Paying, paymentSchedule } from "../bookings";
import { dayIn } from "../events";
import type { CardGateway } from "#server/payments/card-gateway";

interface PayingAct {
  cardPayments: boolean;
  stripeAccountId: string | null;
  paymentInstructions: string | null;
}

/** Whether a booking of the act would be paid by card: the rule the accept move writes as its provider. */
export function paidByCard(act: Pick<PayingAct, "cardPayments" | "stripeAccountId">, cards: CardGateway | undefined) {
  return Boolean(cards && act.cardPayments && act.stripeAccountId);
}

/** How a booking of the act is paid: by card, or directly by the act's own instructions. */
export function payingOf(act: PayingAct, cards: CardGateway | undefined): Paying {
  return paidByCard(act, cards) ? { by: "card" } : { by: "direct", instructions: act.paymentInstructions };
}

/** The payments an offer accepted now would schedule, and how they would be paid. */
export function acceptTermsOf(
  offer: { priceCents: number; depositCents: number },
  event: { starttime: Date; timeZone: string | null },
  act: PayingAct,
  cards: CardGateway | undefined,
  now = new Date(),
): AcceptTerms {
  const schedule = paymentSchedule(
    offer.priceCents,
    offer.depositCents,
    dayIn(now, event.timeZone),
    dayIn(event.starttime, event.timeZone),
  ).map((payment) => ({ kind: payment.kind, amount_cents: payment.amountCents, due_on: payment.dueOn }));
  return {
    schedule,
    paying: payingOf(act, cards),
  };
}
