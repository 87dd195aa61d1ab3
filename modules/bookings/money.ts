import { formatPrice } from "#domain/prices";
import { type PaymentKind, dayAfter, morningOf } from "./bookings";

/** How much comes back to a planner who cancels, chosen by the act on its offer. */
export const CANCELLATION_POLICIES = ["flexible", "moderate", "strict"] as const;
export type CancellationPolicy = (typeof CANCELLATION_POLICIES)[number];
export const DEFAULT_CANCELLATION_POLICY: CancellationPolicy = "moderate";

/** Each policy in words, as offers, bookings and the agreement say it. */
export const POLICY_WORDS: Record<CancellationPolicy, { name: string; rule: string }> = {
  flexible: {
    name: "Flexible",
    rule: "Everything paid comes back up to 14 days before the event; after that, everything but the deposit.",
  },
  moderate: {
    name: "Moderate",
    rule: "Everything but the deposit comes back up to 30 days before the event; after that, nothing.",
  },
  strict: {
    name: "Strict",
    rule: "The deposit never comes back; the rest does up to 60 days before the event; after that, nothing.",
  },
};

/** How an act's manager says a planner paid them directly (offline payments). */
export const PAYMENT_METHODS = ["bank_transfer", "check", "cash", "card_in_person", "other"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** How a payment was made: one of those, or by card through us (Stripe), which only Stripe's webhook records. */
export const PAID_METHODS = [...PAYMENT_METHODS, "card"] as const;
export type PaidMethod = (typeof PAID_METHODS)[number];
export const PAYMENT_METHOD_NAMES: Record<PaidMethod, string> = {
  card: "Card, online",
  bank_transfer: "Bank transfer",
  check: "Check",
  cash: "Cash",
  card_in_person: "Card, in person",
  other: "Other",
};

/**
 * The ledger's accounts, per booking (modules/bookings/server/ledger.ts). A debit is positive:
 * planner_owes is what the planner still owes, act_earned (a credit) what the act has earned,
 * act_received what reached the act (directly, or released to it by us), refund_owed (a credit)
 * what the act owes back after a cancellation; with card payments, platform_held is the money in
 * our Stripe balance from this booking and platform_fee (a credit) our fee on what was released.
 */
export const LEDGER_ACCOUNTS = [
  "planner_owes",
  "act_earned",
  "act_received",
  "refund_owed",
  "platform_held",
  "platform_fee",
] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

/** What a cancellation means for money, in words for both sides, the dialog and the thread. */
export function refundWords(refundCents: number, keptCents: number): string {
  if (refundCents === 0 && keptCents === 0) return "Nothing was paid, so nothing is owed.";
  const back = `${formatPrice(refundCents)} comes back to the planner`;
  return keptCents > 0 ? `${back}; the act keeps ${formatPrice(keptCents)}.` : `${back}.`;
}

/** Who cancels: the planner (the policy decides) or the act (everything paid comes back). */
export type CancellingSide = "planner" | "act";

/** What was paid of one payment and not yet refunded. */
export interface PaidPart {
  kind: "deposit" | "balance";
  paidCents: number;
}

/** Whole days from one calendar day to a later one (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * What comes back and what is kept if `side` cancels on `cancelDay`, counting whole days to the
 * event's day (both where the event happens), of what was paid and not yet refunded.
 */
export function refundOnCancel(
  policy: CancellationPolicy,
  side: CancellingSide,
  paid: readonly PaidPart[],
  cancelDay: string,
  eventDay: string,
): { refundCents: number; keptCents: number } {
  const total = paid.reduce((sum, part) => sum + part.paidCents, 0);
  const deposit = paid.filter((part) => part.kind === "deposit").reduce((sum, part) => sum + part.paidCents, 0);
  const daysBefore = daysBetween(cancelDay, eventDay);
  const refund = side === "act" ? total : plannerRefund(policy, total, deposit, daysBefore);
  return { refundCents: refund, keptCents: total - refund };
}

function plannerRefund(policy: CancellationPolicy, total: number, deposit: number, daysBefore: number): number {
  switch (policy) {
    case "flexible":
      return daysBefore >= 14 ? total : total - deposit;
    case "moderate":
      return daysBefore >= 30 ? total - deposit : 0;
    case "strict":
      return daysBefore >= 60 ? total - deposit : 0;
  }
}

/** Who moves a booking's money: the planner pays the act directly, or pays us by card and we hold it. */
export const PAYMENT_PROVIDERS = ["offline", "stripe"] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** Days after the event's day on which a held balance is released to the act, at 9 AM there. */
export const BALANCE_RELEASE_DAYS_AFTER = 2;

/**
 * When money paid by card is released to the act: the deposit once it can no longer come back to
 * a planner who cancels (14 days before the event under flexible; at once under moderate and
 * strict, whose deposits never come back), the balance two days after the event; never before
 * it was paid. An open case holds any release until an admin resolves it.
 */
export function releaseAt(
  kind: PaymentKind,
  policy: CancellationPolicy,
  eventDay: string,
  timeZone: string | null,
  paidAt: Date,
): Date {
  const due =
    kind === "balance"
      ? morningOf(dayAfter(eventDay, BALANCE_RELEASE_DAYS_AFTER), timeZone)
      : policy === "flexible"
        ? morningOf(dayAfter(eventDay, -13), timeZone)
        : paidAt;
  return due > paidAt ? due : paidAt;
}

/** The platform's fee on money released to an act, in whole cents (half a cent rounds up). */
export function platformFee(releasedCents: number, feePercent: number): number {
  return Math.round((releasedCents * feePercent) / 100);
}

/** One payment's part of a refund, for paying it back where it was paid. */
export interface RefundPart {
  paymentId: number;
  cents: number;
}

/**
 * Where a refund is taken from: the balance first, then the deposit (the policies keep the
 * deposit longest), each at most what it paid and has not had back.
 */
export function splitRefund(
  paid: readonly { paymentId: number; kind: PaymentKind; refundableCents: number }[],
  refundCents: number,
): RefundPart[] {
  const order = [...paid].sort((a, b) => (a.kind === b.kind ? 0 : a.kind === "balance" ? -1 : 1));
  const parts: RefundPart[] = [];
  let left = refundCents;
  for (const payment of order) {
    const cents = Math.min(left, Math.max(payment.refundableCents, 0));
    if (cents > 0) parts.push({ paymentId: payment.paymentId, cents });
    left -= cents;
  }
  return parts;
}
