import { bookThroughApi } from "#tests/setup/booking-fixture";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JobPayload } from "#domain/jobs";
import { JOB_SCHEMA } from "#server/jobs/job-queue";
import { type TestServer, createTestServer, json } from "#tests/setup/api-harness";

/**
 * Properties of money paid by card: whatever the order of payments, Stripe's retried events,
 * releases, cancellations, cases and refunds, nobody is paid twice, no charge gives back more
 * than it took, every ledger transaction balances, and the ledger agrees with Stripe.
 */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ stripe: { feePercent: 7.5 } });
  const onboard = await server.post("/api/payouts/onboard/the-velvet-tones", "owner");
  expect(onboard.status).toBe(200);
  await server.stripe!.completeOnboarding(server.stripe!.objects("accounts")[0]!.id);
  const marks = { w9_received: true, direct_deposit_received: true };
  expect((await server.post("/api/users/artist/payout-marks", "admin", marks)).status).toBe(200);
});
afterAll(async () => server.close());

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await server.database.db.execute(query)) as unknown as { rows: T[] }).rows;

let eventDays = 30;
/** A new card booking: $2,000 with a $500 deposit, under a policy, for an event some weeks ahead. */
async function cardBooking(policy: string): Promise<{ number: string; payments: { id: number; kind: string }[] }> {
  eventDays += 3;
  // Each run is a new event and conversation of the one demo planner: the day's allowance is
  // for people, not for a property test's hundred bookings.
  await server.database.db.execute(sql`delete from account_actions`);
  const { number } = await bookThroughApi(server, {
    name: `Property ${eventDays}`,
    days: eventDays,
    price_cents: 200_000,
    deposit_cents: 50_000,
    cancellation_policy: policy,
    phone: null,
  });
  const booking = await json<{ data: { provider: string; payments: { id: number; kind: string }[] } }>(
    await server.get(`/api/bookings/${number}`, "planner"),
  );
  expect(booking.data.provider).toBe("stripe");
  return { number, payments: booking.data.payments };
}

type Step =
  | { kind: "pay"; which: 0 | 1 }
  | { kind: "redeliver"; pick: number }
  | { kind: "release"; days: number }
  | { kind: "cancel"; side: "planner" | "owner" }
  | { kind: "case"; share: number }
  | { kind: "refunds" }
  | { kind: "deliver"; newestFirst: boolean }
  | { kind: "payout" }
  | { kind: "settle" };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant("pay" as const), which: fc.constantFrom(0 as const, 1 as const) }),
  fc.record({ kind: fc.constant("redeliver" as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant("release" as const), days: fc.constantFrom(0, 40, 400) }),
  fc.record({ kind: fc.constant("cancel" as const), side: fc.constantFrom("planner" as const, "owner" as const) }),
  fc.record({ kind: fc.constant("case" as const), share: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ kind: fc.constant("refunds" as const) }),
  fc.record({ kind: fc.constant("deliver" as const), newestFirst: fc.boolean() }),
  // The act's Stripe balance goes to its bank: a later reversal is refused, and the act owes it.
  fc.record({ kind: fc.constant("payout" as const) }),
  // Days pass: charges' funds become available.
  fc.record({ kind: fc.constant("settle" as const) }),
);

/** Runs every refund job scheduled and not yet run, as the worker would; a job run twice asks Stripe the same. */
async function runRefundJobs(times = 1): Promise<void> {
  const jobs = await rows<{ data: JobPayload<"card_refund"> }>(
    sql`select data from ${sql.raw(`${JOB_SCHEMA}.job`)} where name = 'card_refund' order by created_on`,
  );
  for (let n = 0; n < times; n++)
    for (const { data } of jobs) await server.runJob("card_refund", `${data.paymentIntentId}:${data.key}`);
}

/** Reads each card payment's charge and Stripe's fee, as the worker would after each payment (twice: it is once). */
async function runChargeJobs(): Promise<void> {
  const jobs = await rows<{ data: { paymentId?: number } }>(
    sql`select data from ${sql.raw(`${JOB_SCHEMA}.job`)} where name = 'card_charge' order by created_on`,
  );
  for (let n = 0; n < 2; n++) for (const { data } of jobs) await server.runJob("card_charge", String(data.paymentId));
}

async function apply(booking: { number: string; payments: { id: number }[] }, each: Step): Promise<void> {
  const stripe = server.stripe!;
  switch (each.kind) {
    case "pay": {
      const payment = booking.payments[each.which];
      if (!payment) return;
      const answer = await server.post(`/api/payments/${payment.id}/checkout`, "planner");
      if (answer.status === 409) return;
      expect(answer.status).toBe(200);
      await stripe.payCheckout((await json<{ data: { url: string } }>(answer)).data.url.split("/").pop()!);
      return;
    }
    case "redeliver": {
      if (!stripe.events.length) return;
      const answer = await stripe.redeliver(stripe.events[each.pick % stripe.events.length]!.id);
      expect(answer.status).toBe(200);
      return;
    }
    case "release":
      await server.releaseDue(new Date(Date.now() + each.days * 86_400_000));
      return;
    case "cancel": {
      const answer = await server.post(`/api/bookings/${booking.number}/cancel`, each.side, {
        reason: "Plans changed.",
      });
      expect([200, 409]).toContain(answer.status);
      return;
    }
    case "case": {
      const reported = await server.post(`/api/bookings/${booking.number}/report`, "planner", {
        kind: "not_as_agreed",
        details: "Not what we agreed.",
      });
      if (reported.status !== 201) return;
      const id = (await json<{ data: { case: { id: number } } }>(reported)).data.case.id;
      const [held] = await rows<{ refundable: number }>(sql`
        select coalesce(sum(p.amount_cents - p.refunded_cents), 0)::int as refundable
        from payments p join bookings b on b.id = p.booking_id
        where b.number = ${booking.number} and p.status <> 'due'`);
      const [owed] = await rows<{ owed: number }>(sql`
        select coalesce(-sum(l.amount_cents), 0)::int as owed from ledger_lines l
        join ledger_transactions t on t.id = l.transaction_id
        where t.booking_number = ${booking.number} and l.account = 'refund_owed'`);
      const refund = Math.floor(Math.max(0, held!.refundable - owed!.owed) * each.share);
      const resolved = await server.post(`/api/cases/${id}/resolve`, "admin", {
        refund_cents: refund,
        note: "Settled.",
      });
      expect(resolved.status).toBe(200);
      return;
    }
    case "refunds":
      await runRefundJobs(2);
      return;
    case "deliver":
      await stripe.deliverPending({ newestFirst: each.newestFirst });
      return;
    case "payout":
      stripe.payOut(stripe.objects("accounts")[0]!.id);
      return;
    case "settle":
      stripe.settleCharges();
  }
}

describe("the ledger of card payments", () => {
  it("no sequence pays anyone twice, refunds more than was paid, or leaves a transaction unbalanced", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("flexible", "moderate", "strict"),
        fc.array(step, { minLength: 3, maxLength: 12 }),
        async (policy, steps) => {
          const booking = await cardBooking(policy);
          for (const each of steps) await apply(booking, each);
          // Everything decided is carried out: refunds asked, events delivered, then what is due released.
          await runRefundJobs();
          await server.stripe!.deliverPending();
          await server.releaseDue(new Date(Date.now() + 400 * 86_400_000));
          await server.stripe!.deliverPending();
          await runChargeJobs();
          await checkInvariants(booking.number);
        },
      ),
      {
        numRuns: Number(process.env.PROPERTY_RUNS ?? 14),
        seed: process.env.PROPERTY_RUNS ? undefined : 43,
        // Always among them: the act cancels after its deposit was released (a transfer reversed),
        // a case's refund of a booking paid in full, with every event sent twice, and the audit's
        // case then cancel (its refund counted once), before and after the case's refund ran.
        examples: [
          // The act's balance went to its bank before the act cancelled: the reversal is refused,
          // the planner is refunded all the same, and the act owes it.
          [
            "moderate",
            [
              { kind: "pay", which: 0 },
              { kind: "release", days: 0 },
              { kind: "payout" },
              { kind: "cancel", side: "owner" },
              { kind: "refunds" },
            ],
          ],
          [
            "moderate",
            [
              { kind: "pay", which: 0 },
              { kind: "case", share: 0.33 },
              { kind: "refunds" },
              { kind: "deliver", newestFirst: false },
              { kind: "cancel", side: "owner" },
            ],
          ],
          [
            "flexible",
            [
              { kind: "pay", which: 0 },
              { kind: "pay", which: 1 },
              { kind: "case", share: 0.25 },
              { kind: "cancel", side: "owner" },
              { kind: "refunds" },
            ],
          ],
          [
            "moderate",
            [
              { kind: "pay", which: 0 },
              { kind: "release", days: 0 },
              { kind: "cancel", side: "owner" },
            ],
          ],
          [
            "flexible",
            [
              { kind: "pay", which: 0 },
              { kind: "pay", which: 1 },
              { kind: "redeliver", pick: 3 },
              { kind: "case", share: 0.5 },
              { kind: "refunds" },
              { kind: "redeliver", pick: 7 },
              { kind: "release", days: 400 },
            ],
          ],
        ],
      },
    );
    // The sequences reached what they test: money released, refunded, and taken back from the act.
    const stripe = server.stripe!;
    expect(stripe.objects("transfers").length).toBeGreaterThan(0);
    expect(stripe.objects("refunds").length).toBeGreaterThan(0);
    expect(stripe.objects("transfers").some((transfer) => Number(transfer.amount_reversed) > 0)).toBe(true);
    const [owes] = await rows<{ n: number }>(
      sql`select count(*)::int as n from ledger_lines where account = 'act_owes'`,
    );
    expect(owes!.n).toBeGreaterThan(0);
  });
});

async function checkInvariants(number: string): Promise<void> {
  const stripe = server.stripe!;
  const unbalanced = await rows<{ id: number }>(sql`
    select t.id from ledger_transactions t join ledger_lines l on l.transaction_id = t.id
    group by t.id having sum(l.amount_cents) <> 0`);
  expect(unbalanced).toEqual([]);

  const payments = await rows<{
    id: number;
    amount: number;
    refunded: number;
    status: string;
    intent: string | null;
  }>(sql`
    select p.id, p.amount_cents as amount, p.refunded_cents as refunded, p.status, p.payment_intent_id as intent
    from payments p join bookings b on b.id = p.booking_id where b.number = ${number}`);
  const intents = new Set(payments.map((payment) => payment.intent).filter(Boolean));
  const charges = stripe.objects("charges").filter((charge) => intents.has(String(charge.payment_intent)));
  for (const charge of charges) expect(Number(charge.amount_refunded)).toBeLessThanOrEqual(Number(charge.amount));
  for (const payment of payments) {
    expect(payment.refunded).toBeLessThanOrEqual(payment.amount);
    const charge = charges.find((each) => each.payment_intent === payment.intent);
    // What we recorded as refunded is what Stripe refunded.
    expect(payment.refunded).toBe(charge ? Number(charge.amount_refunded) : 0);
  }
  const paymentIds = new Set(payments.map((payment) => String(payment.id)));
  const transfers = stripe
    .objects("transfers")
    .filter((transfer) => paymentIds.has((transfer.metadata as { payment_id: string }).payment_id));
  // One transfer per payment at most: nobody is paid twice.
  expect(new Set(transfers.map((transfer) => (transfer.metadata as { payment_id: string }).payment_id)).size).toBe(
    transfers.length,
  );
  const charged = charges.reduce((sum, charge) => sum + Number(charge.amount), 0);
  const stripeFees = charges.reduce(
    (sum, charge) =>
      sum + Number(stripe.objects("balanceTransactions").find((t) => t.id === charge.balance_transaction)?.fee ?? 0),
    0,
  );
  const refunded = charges.reduce((sum, charge) => sum + Number(charge.amount_refunded), 0);
  const kept = transfers.reduce((sum, transfer) => sum + Number(transfer.amount) - Number(transfer.amount_reversed), 0);

  const sums = Object.fromEntries(
    (
      await rows<{ account: string; total: number }>(sql`
        select l.account, sum(l.amount_cents)::int as total from ledger_lines l
        join ledger_transactions t on t.id = l.transaction_id where t.booking_number = ${number} group by 1`)
    ).map((row) => [row.account, row.total]),
  );
  // The ledger agrees with Stripe: what reached the act (less what it owes back where Stripe
  // refused to take it from its paid-out balance), Stripe's fees, and what we still hold.
  expect((sums.act_received ?? 0) + (sums.act_owes ?? 0)).toBe(kept);
  // Nobody gets more than was paid: what went back and what the act kept, less what it owes us.
  expect(refunded + kept - (sums.act_owes ?? 0)).toBeLessThanOrEqual(charged);
  expect(sums.processor_fees ?? 0).toBe(stripeFees);
  expect(sums.platform_held ?? 0).toBe(charged - stripeFees - refunded - kept);
  // Refunds decided are paid in full once their jobs ran and Stripe's events came.
  expect(sums.refund_owed ?? 0).toBe(0);
  // Across every booking so far, the platform's balance in the ledger is Stripe's.
  const [platform] = await rows<{ held: number }>(
    sql`select coalesce(sum(amount_cents), 0)::int as held from ledger_lines where account = 'platform_held'`,
  );
  expect(platform!.held).toBe(stripe.balance());
}
