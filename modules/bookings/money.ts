import { formatPrice } from "#domain/prices";

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
export const PAYMENT_METHOD_NAMES: Record<PaymentMethod, string> = {
  bank_transfer: "Bank transfer",
  check: "Check",
  cash: "Cash",
  card_in_person: "Card, in person",
  other: "Other",
};

/**
 * The ledger's accounts, per booking (modules/bookings/server/ledger.ts). A debit is positive:
 * planner_owes is what the planner still owes, act_earned (a credit) what the act has earned,
 * act_received what reached the act directly, refund_owed (a credit) what the act owes back after a cancellation.
 */
export const LEDGER_ACCOUNTS = ["planner_owes", "act_earned", "act_received", "refund_owed"] as const;
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
