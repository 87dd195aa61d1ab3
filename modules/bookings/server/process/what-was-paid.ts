// What a booking's money stands at, read from its payments and its ledger: the figures every
// path that gives money back (a cancellation, its quote, a case) starts from.
import type { LedgerAccount } from "../../money";
import {
  type CancellationPolicy,
  type CancellingSide,
  type PaidPart,
  refundOnCancel,
  refundableCents,
} from "../../money";
import { dayIn } from "../../events";

interface PaymentMoney {
  kind: "deposit" | "balance";
  status: string;
  amountCents: number;
  refundedCents: number;
}

/** Each payment paid, whole: a refund later does not unpay it. */
export function paidParts(payments: readonly PaymentMoney[]): PaidPart[] {
  return payments
    .filter((payment) => payment.status !== "due")
    .map((payment) => ({ kind: payment.kind, paidCents: payment.amountCents }));
}

export const paidCents = (payments: readonly PaymentMoney[]): number =>
  paidParts(payments).reduce((sum, part) => sum + part.paidCents, 0);

/**
 * What was given back already: refunded (by card, or recorded by the act), and owed but not yet
 * paid back (a cancellation's or a case's refund, the ledger's refund_owed).
 */
export function givenBackCents(
  payments: readonly PaymentMoney[],
  balances: Pick<Record<LedgerAccount, number>, "refund_owed">,
): number {
  const refunded = payments.reduce((sum, payment) => sum + payment.refundedCents, 0);
  return refunded + Math.max(-balances.refund_owed, 0);
}

/** What may still come back of a booking: for a case's refund, and the most a cancellation gives. */
export function stillRefundable(
  payments: readonly PaymentMoney[],
  balances: Pick<Record<LedgerAccount, number>, "refund_owed">,
): number {
  return refundableCents(paidCents(payments), givenBackCents(payments, balances));
}

/** What cancelling the booking at `now` would give back and keep: the one rule, on this booking's figures. */
export function refundIfCancelled(
  row: { policy: CancellationPolicy; timeZone: string | null; event: { starttime: Date } },
  payments: readonly PaymentMoney[],
  balances: Pick<Record<LedgerAccount, number>, "refund_owed">,
  side: CancellingSide,
  now: Date,
): { refundCents: number; keptCents: number } {
  return refundOnCancel(
    row.policy,
    side,
    paidParts(payments),
    dayIn(now, row.timeZone),
    dayIn(row.event.starttime, row.timeZone),
    givenBackCents(payments, balances),
  );
}
