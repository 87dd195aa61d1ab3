import { and, eq, inArray, isNotNull, like, or, sql } from "drizzle-orm";
import type { Executor } from "#server/db/client";
import { ledgerLines, ledgerTransactions } from "#modules/bookings/server/tables";
import { LEDGER_ACCOUNTS, type LedgerAccount, REFUND_PAID_MEMOS } from "../money";

export interface LedgerEntry {
  booking: { id: number; number: string };
  paymentId?: number | undefined;
  memo: string;
  /** Debits positive, credits negative, whole cents; they sum to zero. */
  lines: { account: LedgerAccount; amountCents: number }[];
}

/**
 * Writes one balanced transaction in the caller's transaction, so that the money moves exactly
 * when the change that moves it commits. An unbalanced or fractional entry is a bug: it throws
 * here, and the database's deferred trigger would refuse it at commit anyway.
 */
export async function postToLedger(tx: Executor, entry: LedgerEntry): Promise<void> {
  const lines = entry.lines.filter((line) => line.amountCents !== 0);
  if (!lines.length) return;
  if (lines.some((line) => !Number.isSafeInteger(line.amountCents))) throw new Error(`${entry.memo}: not whole cents`);
  const total = lines.reduce((sum, line) => sum + line.amountCents, 0);
  if (total !== 0) throw new Error(`${entry.memo}: the lines sum to ${total} cents, not 0`);
  const [made] = await tx
    .insert(ledgerTransactions)
    .values({
      bookingId: entry.booking.id,
      bookingNumber: entry.booking.number,
      paymentId: entry.paymentId ?? null,
      memo: entry.memo,
    })
    .returning({ id: ledgerTransactions.id });
  await tx.insert(ledgerLines).values(lines.map((line) => ({ transactionId: made!.id, ...line })));
}

/** A booking's balance on each account: the sums of its lines. */
export async function bookingBalances(tx: Executor, bookingNumber: string): Promise<Record<LedgerAccount, number>> {
  const rows = await tx
    .select({ account: ledgerLines.account, total: sql<string>`sum(${ledgerLines.amountCents})` })
    .from(ledgerLines)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerLines.transactionId))
    .where(eq(ledgerTransactions.bookingNumber, bookingNumber))
    .groupBy(ledgerLines.account);
  const balances = Object.fromEntries(LEDGER_ACCOUNTS.map((account) => [account, 0])) as Record<LedgerAccount, number>;
  for (const row of rows) balances[row.account as LedgerAccount] = Number(row.total);
  return balances;
}

/** A booking's ledger, oldest first: each line with its transaction. */
export async function bookingLedger(tx: Executor, bookingNumber: string) {
  const transactions = await tx
    .select()
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.bookingNumber, bookingNumber))
    .orderBy(ledgerTransactions.id);
  if (!transactions.length) return [];
  const lines = await tx
    .select()
    .from(ledgerLines)
    .where(
      inArray(
        ledgerLines.transactionId,
        transactions.map((transaction) => transaction.id),
      ),
    )
    .orderBy(ledgerLines.id);
  return lines.map((line) => {
    const transaction = transactions.find((each) => each.id === line.transactionId)!;
    return {
      transaction: transaction.id,
      account: line.account,
      amountCents: line.amountCents,
      memo: transaction.memo,
      at: transaction.at,
    };
  });
}

/**
 * The refunds paid to the planner, by payment, oldest first: what each took out of what the act
 * received (offline) or what we held (card), on the day it was written.
 */
export async function refundsPaid(
  tx: Executor,
  bookingNumber: string,
): Promise<{ paymentId: number; at: Date; cents: number }[]> {
  const rows = await tx
    .select({
      paymentId: ledgerTransactions.paymentId,
      at: ledgerTransactions.at,
      cents: sql<string>`-sum(${ledgerLines.amountCents})`,
    })
    .from(ledgerTransactions)
    .innerJoin(ledgerLines, eq(ledgerLines.transactionId, ledgerTransactions.id))
    .where(
      and(
        eq(ledgerTransactions.bookingNumber, bookingNumber),
        isNotNull(ledgerTransactions.paymentId),
        or(
          like(ledgerTransactions.memo, `${REFUND_PAID_MEMOS.offline}%`),
          eq(ledgerTransactions.memo, REFUND_PAID_MEMOS.card),
        ),
        inArray(ledgerLines.account, ["act_received", "platform_held"]),
      ),
    )
    .groupBy(ledgerTransactions.id)
    .orderBy(ledgerTransactions.id);
  return rows.map((row) => ({ paymentId: row.paymentId!, at: row.at, cents: Number(row.cents) }));
}
