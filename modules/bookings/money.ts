import { formatPrice } from "#domain/prices";
import { type PaymentKind, dayAfter, morningOf } from "./bookings";

/** What of the money paid comes back: all of it, all but the deposit, or none. */
type RefundShare = "everything" | "all_but_deposit" | "nothing";

interface CancellationPolicyRule {
  name: string;
  /** The policy as offers, bookings and the agreement say it; it names `cutoffDays` (a test checks). */
  rule: string;
  /** Up to this many days before the event (counted in its time zone), `before` applies; later, `after`. */
  cutoffDays: number;
  before: RefundShare;
  after: RefundShare;
}

/**
 * How much comes back to a planner who cancels, chosen by the act on its offer: each policy is
 * one row, which the refund rule, the release of a card deposit, the offer schema (and its
 * message), the database's CHECK, the pages and the paper all read. A new policy is a row here,
 * its migration (the CHECK), and its tests.
 */
export const CANCELLATION_POLICY_RULES = {
  flexible: {
    name: "Flexible",
    rule: "Everything paid comes back up to 14 days before the event; after that, everything but the deposit.",
    cutoffDays: 14,
    before: "everything",
    after: "all_but_deposit",
  },
  moderate: {
    name: "Moderate",
    rule: "Everything but the deposit comes back up to 30 days before the event; after that, nothing.",
    cutoffDays: 30,
    before: "all_but_deposit",
    after: "nothing",
  },
  strict: {
    name: "Strict",
    rule: "The deposit never comes back; the rest does up to 60 days before the event; after that, nothing.",
    cutoffDays: 60,
    before: "all_but_deposit",
    after: "nothing",
  },
} as const satisfies Record<string, CancellationPolicyRule>;

export type CancellationPolicy = keyof typeof CANCELLATION_POLICY_RULES;
export const CANCELLATION_POLICIES = Object.keys(CANCELLATION_POLICY_RULES) as [
  CancellationPolicy,
  ...CancellationPolicy[],
];
export const DEFAULT_CANCELLATION_POLICY: CancellationPolicy = "moderate";

/** Each policy in words, as offers, bookings and the agreement say it. */
export const POLICY_WORDS: Record<CancellationPolicy, { name: string; rule: string }> = CANCELLATION_POLICY_RULES;

/** The offer schema's message for a policy that is not one of these ("Choose flexible, moderate or strict"). */
export const UNKNOWN_POLICY_MESSAGE = `Choose ${CANCELLATION_POLICIES.slice(0, -1).join(", ")} or ${CANCELLATION_POLICIES.at(-1)}`;

/**
 * The last day before the event on which a planner who cancels still gets the deposit back, as
 * days before it; null when the policy never gives the deposit back.
 */
export function depositRefundableUntil(policy: CancellationPolicy): number | null {
  // Read as any row may be, not as today's three are.
  const { before, after, cutoffDays } = CANCELLATION_POLICY_RULES[policy] as CancellationPolicyRule;
  if (after === "everything") return 0;
  return before === "everything" ? cutoffDays : null;
}

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
 * our Stripe balance from this booking and platform_fee (a credit) our fee on what was released;
 * act_owes (a debit) what an act owes us when Stripe refused to take a refund back from its
 * account, and processor_fees (a debit) what Stripe kept of a charge. The database accepts these
 * accounts only (ledger_lines_account_check).
 */
export const LEDGER_ACCOUNTS = [
  "planner_owes",
  "act_earned",
  "act_received",
  "refund_owed",
  "platform_held",
  "platform_fee",
  "act_owes",
  "processor_fees",
] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

/** The accounts as an admin reads them on a booking's page. */
export const LEDGER_ACCOUNT_NAMES: Record<LedgerAccount, string> = {
  planner_owes: "The planner owes",
  act_earned: "The act earned",
  act_received: "The act received",
  refund_owed: "Owed back to the planner",
  platform_held: "Held by the marketplace",
  platform_fee: "The marketplace's fee",
  act_owes: "The act owes the marketplace",
  processor_fees: "Card processing fees",
};

/** What a cancellation means for money, in words for both sides, the dialog and the thread. */
export function refundWords(refundCents: number, keptCents: number): string {
  if (refundCents === 0 && keptCents === 0) return "Nothing was paid, so nothing is owed.";
  const back = `${formatPrice(refundCents)} comes back to the planner`;
  return keptCents > 0 ? `${back}; the act keeps ${formatPrice(keptCents)}.` : `${back}.`;
}

/** Who cancels: the planner (the policy decides) or the act (everything paid comes back). */
export type CancellingSide = "planner" | "act";

/** What was paid of one payment, whole (a refund later does not unpay it). */
export interface PaidPart {
  kind: "deposit" | "balance";
  paidCents: number;
}

/** Whole days from one calendar day to a later one (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * The one rule for what comes back when `side` cancels on `cancelDay` (both days where the event
 * happens): the policy's share of everything paid, less what was already given back (refunded,
 * or owed by a case or an earlier decision), never below 0 and never more than what is left of
 * what was paid. The cancellation's quote and the cancellation itself both ask it; so does a
 * case, through `refundableCents`. `keptCents` is what the act keeps of what was paid.
 */
export function refundOnCancel(
  policy: CancellationPolicy,
  side: CancellingSide,
  paid: readonly PaidPart[],
  cancelDay: string,
  eventDay: string,
  givenBackCents = 0,
): { refundCents: number; keptCents: number } {
  const total = paid.reduce((sum, part) => sum + part.paidCents, 0);
  const deposit = paid.filter((part) => part.kind === "deposit").reduce((sum, part) => sum + part.paidCents, 0);
  const share = side === "act" ? total : plannerRefund(policy, total, deposit, daysBetween(cancelDay, eventDay));
  const left = refundableCents(total, givenBackCents);
  const refund = Math.min(Math.max(share - givenBackCents, 0), left);
  return { refundCents: refund, keptCents: left - refund };
}

/** What may still come back of what was paid: what was paid, less what was given back already. */
export function refundableCents(paidCents: number, givenBackCents: number): number {
  return Math.max(paidCents - givenBackCents, 0);
}

function plannerRefund(policy: CancellationPolicy, total: number, deposit: number, daysBefore: number): number {
  const { cutoffDays, before, after } = CANCELLATION_POLICY_RULES[policy] as CancellationPolicyRule;
  const share: RefundShare = daysBefore >= cutoffDays ? before : after;
  return share === "everything" ? total : share === "all_but_deposit" ? total - deposit : 0;
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
      : depositReleaseDay(policy, eventDay, timeZone, paidAt);
  return due > paidAt ? due : paidAt;
}

/** A deposit is released the day after the last on which it could still come back: at once if it never can. */
function depositReleaseDay(policy: CancellationPolicy, eventDay: string, timeZone: string | null, paidAt: Date): Date {
  const until = depositRefundableUntil(policy);
  return until === null ? paidAt : morningOf(dayAfter(eventDay, -(until - 1)), timeZone);
}

/** The platform's fee as the booking fixes it: basis points (4.1% is 410), from the percent configured. */
export function feeBasisPoints(feePercent: number): number {
  return Math.round(feePercent * 100);
}

/**
 * The platform's fee on money released to an act, in whole cents, half a cent up: integer
 * arithmetic on basis points, so 4.1% of $15.00 is 62 cents (floating point made it 61).
 */
export function platformFee(releasedCents: number, basisPoints: number): number {
  const scaled = releasedCents * basisPoints + 5_000;
  return (scaled - (scaled % 10_000)) / 10_000;
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

/**
 * How the ledger names money paid back to the planner (the memo's start), so a receipt can list
 * its refunds: recorded by the act (offline), or refunded to the card by Stripe.
 */
export const REFUND_PAID_MEMOS = {
  offline: "Refund paid to the planner",
  card: "Refunded to the planner's card",
} as const;
