import { sql } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JOB_SCHEMA } from "#server/jobs/job-queue";
import { moneyAlerts } from "../cases";
import { type TestServer, createTestServer, json } from "#tests/setup/api-harness";
import { bookThroughApi } from "#tests/setup/booking-fixture";

/**
 * CONTRACT.md "Money exactly right (turn 5)", by card: amounts one charge can carry, the fee
 * fixed when the booking is made, a case's refund counted once by the cancellation after it,
 * and Stripe's signed events checked against the payment they name.
 */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ stripe: { feePercent: 4.1 } });
  const onboard = await server.post("/api/payouts/onboard/the-velvet-tones", "owner");
  expect(onboard.status).toBe(200);
  await server.stripe!.completeOnboarding(server.stripe!.objects("accounts")[0]!.id);
});
afterAll(async () => server.close());

const stripe = () => server.stripe!;
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await server.database.db.execute(query)) as unknown as { rows: T[] }).rows;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

let days = 30;
async function invite(): Promise<number> {
  await server.database.db.execute(sql`delete from account_actions`);
  const created = await json<{ data: { url: string } }>(
    await server.post("/api/events/create", "planner", {
      name: `Card money ${(days += 2)}`,
      starttime: inDays(days),
      location: "Chicago, IL",
      actUrl: "the-velvet-tones",
    }),
  );
  return server.inviteOf(created.data.url);
}

interface Booking {
  number: string;
  provider: string;
  payments: { id: number; kind: string; status: string; refunded_cents: number }[];
}
async function booked(price: number, deposit: number, policy: string): Promise<Booking> {
  await server.database.db.execute(sql`delete from account_actions`);
  const { number } = await bookThroughApi(server, {
    name: `Card money ${(days += 2)}`,
    days,
    price_cents: price * 100,
    deposit_cents: deposit,
    cancellation_policy: policy,
    phone: null,
    release_others: false,
  });
  return bookingOf(number);
}
const bookingOf = async (number: string) =>
  (await json<{ data: Booking }>(await server.get(`/api/bookings/${number}`, "planner"))).data;

async function payByCard(paymentId: number): Promise<void> {
  const answer = await server.post(`/api/payments/${paymentId}/checkout`, "planner");
  expect(answer.status, await answer.clone().text()).toBe(200);
  await stripe().payCheckout((await json<{ data: { url: string } }>(answer)).data.url.split("/").pop()!);
}

async function runRefundJobs(): Promise<void> {
  const jobs = await rows<{ data: { paymentIntentId: string; key: string } }>(
    sql`select data from ${sql.raw(`${JOB_SCHEMA}.job`)} where name = 'card_refund' order by created_on`,
  );
  for (const { data } of jobs) await server.runJob("card_refund", `${data.paymentIntentId}:${data.key}`);
  await stripe().deliverPending();
}

async function ledgerSums(number: string): Promise<Record<string, number>> {
  const sums = await rows<{ account: string; total: number }>(sql`
    select l.account, sum(l.amount_cents)::int as total
    from ledger_lines l join ledger_transactions t on t.id = l.transaction_id
    where t.booking_number = ${number} group by 1`);
  return Object.fromEntries(sums.filter((row) => row.total !== 0).map((row) => [row.account, row.total]));
}

/** A webhook call with a body signed by our secret, as Stripe (or someone holding it) would send. */
function sendSigned(payload: string) {
  const signature = new Stripe(stripe().secretKey).webhooks.generateTestHeaderString({
    payload,
    secret: stripe().webhookSecret,
  });
  return server.request("/api/stripe/webhook", {
    method: "POST",
    body: payload,
    headers: { "content-type": "application/json", "stripe-signature": signature },
  });
}

describe("amounts one card payment can carry", () => {
  it("a deposit or a balance under $0.50 is refused on its field; a deposit of 0 is fine", async () => {
    const inviteId = await invite();
    const message = "A card payment is between $0.50 and $999,999.99";
    const deposit = await server.post(`/api/offers/submit/${inviteId}`, "owner", { price: 100, deposit_cents: 30 });
    expect(deposit.status).toBe(422);
    expect((await json<{ errors: unknown }>(deposit)).errors).toEqual({ deposit_cents: [message] });
    const balance = await server.post(`/api/offers/submit/${inviteId}`, "owner", { price: 100, deposit_cents: 9980 });
    expect(balance.status).toBe(422);
    expect((await json<{ errors: unknown }>(balance)).errors).toEqual({ price: [message] });
    expect(
      (await server.post(`/api/offers/submit/${inviteId}`, "owner", { price: 100, deposit_cents: 0 })).status,
    ).toBe(200);
  });

  it("a payment Stripe would refuse, left from before the bounds were checked, is a clear 409 at checkout", async () => {
    const booking = await booked(100, 5_000, "moderate");
    const deposit = booking.payments.find((payment) => payment.kind === "deposit")!;
    await server.database.db.execute(sql`update payments set amount_cents = 30 where id = ${deposit.id}`);
    const answer = await server.post(`/api/payments/${deposit.id}/checkout`, "planner");
    expect(answer.status).toBe(409);
    expect((await json<{ message: string }>(answer)).message).toBe("A card payment is between $0.50 and $999,999.99");
  });

  it("the fee is fixed on the booking when it is made, in basis points", async () => {
    const booking = await booked(15, 0, "moderate");
    expect(booking.provider).toBe("stripe");
    const [row] = await rows<{ fee: number }>(
      sql`select fee_basis_points as fee from bookings where number = ${booking.number}`,
    );
    expect(row!.fee).toBe(410);
  });
});

describe("a case's refund, then a cancellation", () => {
  it("moderate: the act cancels after $500 came back by a case: $1,500 refunded in all, nothing left owed", async () => {
    const booking = await booked(5800, 150_000, "moderate");
    const deposit = booking.payments.find((payment) => payment.kind === "deposit")!;
    await payByCard(deposit.id);
    const reported = await server.post(`/api/bookings/${booking.number}/report`, "planner", {
      kind: "not_as_agreed",
      details: "An hour late",
    });
    const caseId = (await json<{ data: { case: { id: number } } }>(reported)).data.case.id;
    expect(
      (await server.post(`/api/cases/${caseId}/resolve`, "admin", { refund_cents: 50_000, note: "Fair" })).status,
    ).toBe(200);
    // The cancellation comes before the case's refund reached Stripe: it counts it all the same.
    expect((await server.post(`/api/bookings/${booking.number}/cancel`, "owner", { reason: "Ill" })).status).toBe(200);
    await runRefundJobs();
    await runRefundJobs();
    const refunds = stripe()
      .objects("refunds")
      .filter((refund) => (refund.metadata as { payment_id?: string }).payment_id === String(deposit.id));
    expect(refunds.map((refund) => refund.amount).sort()).toEqual([100_000, 50_000].sort());
    expect((await bookingOf(booking.number)).payments.find((payment) => payment.id === deposit.id)).toMatchObject({
      status: "refunded",
      refunded_cents: 150_000,
    });
    expect(await ledgerSums(booking.number)).toEqual({});
  });
});

describe("Stripe's signed events, checked", () => {
  it("a signed event we cannot read is 400, never 5xx, and changes nothing", async () => {
    for (const body of ["{}", '{"id":"evt_1","type":"checkout.session.completed"}', "[]", "null"]) {
      const answer = await sendSigned(body);
      expect(answer.status, body).toBe(400);
    }
  });

  it("a paid session whose amount or currency is not the payment's is not applied: 200, applied false", async () => {
    const booking = await booked(200, 20_000, "moderate");
    const deposit = booking.payments.find((payment) => payment.kind === "deposit")!;
    const forged = (amount: number, currency: string) =>
      JSON.stringify({
        id: `evt_forged_${amount}_${currency}`,
        object: "event",
        type: "checkout.session.completed",
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            id: `cs_forged_${amount}_${currency}`,
            object: "checkout.session",
            payment_status: "paid",
            amount_total: amount,
            currency,
            payment_intent: `pi_forged_${amount}_${currency}`,
            metadata: { payment_id: String(deposit.id), booking: booking.number },
          },
        },
      });
    for (const [amount, currency] of [
      [50, "usd"],
      [20_000, "eur"],
    ] as const) {
      const answer = await sendSigned(forged(amount, currency));
      expect(answer.status).toBe(200);
      expect((await json<{ data: { applied: boolean } }>(answer)).data.applied).toBe(false);
    }
    expect((await bookingOf(booking.number)).payments.find((payment) => payment.id === deposit.id)!.status).toBe("due");
    expect(await ledgerSums(booking.number)).toEqual({ planner_owes: 20_000, act_earned: -20_000 });
  });
});

/** The charge that paid a payment, in the local Stripe. */
function chargeOf(paymentId: number) {
  const intent = stripe()
    .objects("intents")
    .find((each) => (each.metadata as { payment_id?: string }).payment_id === String(paymentId))!;
  return stripe()
    .objects("charges")
    .find((charge) => charge.payment_intent === intent.id)!;
}

async function casesOf(number: string) {
  const all = await json<{ data: { booking: string; kind: string; status: string; reporter: string }[] }>(
    await server.get("/api/cases", "admin"),
  );
  return all.data.filter((each) => each.booking === number);
}

describe("disputes", () => {
  beforeAll(async () => {
    const marks = { w9_received: true, direct_deposit_received: true };
    expect((await server.post("/api/users/artist/payout-marks", "admin", marks)).status).toBe(200);
  });

  it("a chargeback opens a case that holds the release; lost, the amount and Stripe's fee leave the platform", async () => {
    const booking = await booked(500, 50_000, "moderate");
    const deposit = booking.payments.find((payment) => payment.kind === "deposit")!;
    await payByCard(deposit.id);
    const dispute = await stripe().dispute(String(chargeOf(deposit.id).id));
    expect(await casesOf(booking.number)).toEqual([
      expect.objectContaining({ kind: "dispute", status: "open", reporter: "The planner's bank" }),
    ]);
    // Moderate: the deposit would go at once, but the dispute holds it.
    expect(await server.releaseDue(new Date(Date.now() + 86_400_000))).toBe(0);
    await stripe().closeDispute(dispute.id, "lost");
    expect(await casesOf(booking.number)).toEqual([expect.objectContaining({ kind: "dispute", status: "resolved" })]);
    await server.runJob("card_charge", String(deposit.id));
    // Paid $500, lost $500 and Stripe's $15 fee, and Stripe's fee on the charge: what the platform is short.
    expect(await ledgerSums(booking.number)).toEqual({ processor_fees: 1480 + 1500, platform_held: -1480 - 1500 });
    // Nothing is left to release: the planner's bank took it back.
    expect(await server.releaseDue(new Date(Date.now() + 86_400_000))).toBe(0);
  });

  it("a chargeback won ends the hold: the payment is released", async () => {
    const booking = await booked(400, 40_000, "moderate");
    const deposit = booking.payments.find((payment) => payment.kind === "deposit")!;
    await payByCard(deposit.id);
    const dispute = await stripe().dispute(String(chargeOf(deposit.id).id));
    expect(await server.releaseDue(new Date(Date.now() + 86_400_000))).toBe(0);
    await stripe().closeDispute(dispute.id, "won");
    expect(await server.releaseDue(new Date(Date.now() + 86_400_000))).toBe(1);
  });
});

describe("webhooks in any order, and releases each on their own", () => {
  it("a refund whose event comes before its checkout's completion is applied when the payment is", async () => {
    const booking = await booked(300, 30_000, "strict");
    const deposit = booking.payments.find((payment) => payment.kind === "deposit")!;
    const answer = await server.post(`/api/payments/${deposit.id}/checkout`, "planner");
    const session = (await json<{ data: { url: string } }>(answer)).data.url.split("/").pop()!;
    await stripe().payCheckout(session, { deliver: false });
    // Refunded in Stripe's dashboard before any event reached us, then every event newest first.
    const sdk = new Stripe(stripe().secretKey, {
      host: "127.0.0.1",
      port: new URL(stripe().url).port,
      protocol: "http",
    });
    const intent = String(chargeOf(deposit.id).payment_intent);
    await sdk.refunds.create({ payment_intent: intent, amount: 10_000 });
    await stripe().deliverPending({ newestFirst: true });
    expect((await bookingOf(booking.number)).payments.find((payment) => payment.id === deposit.id)!.status).toBe("due");
    const completed = stripe().events.find(
      (event) =>
        event.type === "checkout.session.completed" && (event.data as { object: { id: string } }).object.id === session,
    )!;
    expect((await stripe().redeliver(completed.id)).status).toBe(200);
    const paid = (await bookingOf(booking.number)).payments.find((payment) => payment.id === deposit.id)!;
    expect(paid).toMatchObject({ status: "refunded", refunded_cents: 10_000 });
  });

  it("one act's refused release does not stop another's, and admins see why", async () => {
    const booking = await booked(200, 20_000, "moderate");
    const deposit = booking.payments.find((payment) => payment.kind === "deposit")!;
    await payByCard(deposit.id);
    // The act's account can no longer take transfers (Stripe turned its payouts off meanwhile).
    const account = stripe().objects("accounts")[0]!;
    account.payouts_enabled = false;
    const released = await server.releaseDue(new Date(Date.now() + 86_400_000));
    account.payouts_enabled = true;
    expect(released).toBe(0);
    const alerts = await moneyAlerts(server.database.db);
    expect(alerts.refusedReleases).toContainEqual(
      expect.objectContaining({
        booking: booking.number,
        paymentId: deposit.id,
        error: expect.stringContaining("capabilities"),
      }),
    );
    // Its next try, with a new key, goes through once its time comes again.
    await server.database.db.execute(sql`update payments set release_at = now() where id = ${deposit.id}`);
    expect(await server.releaseDue(new Date(Date.now() + 86_400_000))).toBe(1);
  });

  it("signed events not applied are listed for admins", async () => {
    const alerts = await moneyAlerts(server.database.db);
    expect(alerts.eventsNotApplied.map((event) => event.id)).toContain("evt_forged_50_usd");
    expect(alerts.eventsNotApplied.find((event) => event.id === "evt_forged_50_usd")!.reason).toContain("50 usd");
  });
});

describe("money that never became the booking's", () => {
  it("paid after the booking was cancelled: refunded whole, and Stripe's fee on it is in the ledger", async () => {
    const booking = await booked(250, 25_000, "moderate");
    const deposit = booking.payments.find((payment) => payment.kind === "deposit")!;
    const answer = await server.post(`/api/payments/${deposit.id}/checkout`, "planner");
    const session = (await json<{ data: { url: string } }>(answer)).data.url.split("/").pop()!;
    expect((await server.post(`/api/bookings/${booking.number}/cancel`, "planner", { reason: "No" })).status).toBe(200);
    await stripe().payCheckout(session);
    await runRefundJobs();
    await server.runJob("card_charge", `unwanted-${session}`);
    await server.runJob("card_charge", `unwanted-${session}`);
    const intent = String(chargeOf(deposit.id).payment_intent);
    expect(
      stripe()
        .objects("refunds")
        .filter((refund) => refund.payment_intent === intent)
        .map((r) => r.amount),
    ).toEqual([25_000]);
    expect(await ledgerSums(booking.number)).toEqual({ processor_fees: 755, platform_held: -755 });
  });
});
