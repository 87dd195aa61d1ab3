import { bookThroughApi } from "#tests/setup/booking-fixture";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoUser, type TestServer, createPeerServer, createTestServer, json } from "#tests/setup/api-harness";

/**
 * Card payments through Stripe, against a local server that speaks the part of Stripe's API we
 * call (tests/setup/stripe-server.ts): onboarding, Checkout, webhooks applied once, money held
 * and released less the fee, refunds by policy and by case, and a ledger that balances.
 */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ stripe: { feePercent: 10 } });
});
afterAll(async () => server.close());

type Who = DemoUser | "guest";
const post = (path: string, as: Who, body?: unknown) => server.post(path, as, body);
const get = (path: string, as: Who) => server.get(path, as);
const stripe = () => server.stripe!;

interface Payment {
  id: number;
  kind: string;
  amount_cents: number;
  status: string;
  method: string | null;
  refunded_cents: number;
}
interface Booking {
  number: string;
  provider: string;
  status: string;
  paid_cents: number;
  payments: Payment[];
}

/** The Velvet Tones quote $5,800 with a $1,500 deposit for an event `days` ahead, and the planner books. */
async function booked(name: string, days: number, policy = "moderate"): Promise<string> {
  return (await bookThroughApi(server, { name, days, cancellation_policy: policy, phone: null })).number;
}

const bookingOf = async (number: string) =>
  (await json<{ data: Booking }>(await get(`/api/bookings/${number}`, "planner"))).data;
const paymentOf = async (number: string, kind: string) =>
  (await bookingOf(number)).payments.find((p) => p.kind === kind)!;

/** A booking's ledger summed by account. */
async function ledgerSums(number: string): Promise<Record<string, number>> {
  const result = await server.database.db.execute(sql`
    select l.account, sum(l.amount_cents)::int as total
    from ledger_lines l join ledger_transactions t on t.id = l.transaction_id
    where t.booking_number = ${number} group by 1`);
  return Object.fromEntries(
    (result as unknown as { rows: { account: string; total: number }[] }).rows
      .filter((row) => row.total !== 0)
      .map((row) => [row.account, row.total]),
  );
}

async function ledgerLineCount(): Promise<number> {
  const result = await server.database.db.execute(sql`select count(*)::int as n from ledger_lines`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

/** The planner pays a payment on Stripe's page: its Checkout address, then Stripe's event. */
async function payByCard(paymentId: number): Promise<void> {
  const answer = await post(`/api/payments/${paymentId}/checkout`, "planner");
  expect(answer.status, await answer.clone().text()).toBe(200);
  const { url } = (await json<{ data: { url: string } }>(answer)).data;
  expect(url.startsWith(`${stripe().url}/c/pay/cs_test_`)).toBe(true);
  await stripe().payCheckout(url.split("/").pop()!);
}

const later = (days: number) => new Date(Date.now() + days * 86_400_000);

describe("card payments without Stripe", () => {
  let plain: TestServer;
  beforeAll(async () => {
    plain = await createTestServer();
  });
  afterAll(async () => plain.close());

  it("checkout, onboarding and the webhook are 409 'Card payments are not set up'; guests 401", async () => {
    const result = await plain.database.db.execute(sql`select id from payments order by id limit 1`);
    const [payment] = (result as unknown as { rows: { id: number }[] }).rows;
    const id = payment?.id ?? 1;
    expect((await plain.post(`/api/payments/${id}/checkout`, "guest")).status).toBe(401);
    expect((await plain.post("/api/payouts/onboard/the-velvet-tones", "guest")).status).toBe(401);
    const onboard = await plain.post("/api/payouts/onboard/the-velvet-tones", "owner");
    expect(onboard.status).toBe(409);
    expect((await json<{ message: string }>(onboard)).message).toBe("Card payments are not set up");
    const hook = await plain.request("/api/stripe/webhook", {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=00" },
    });
    expect(hook.status).toBe(409);
    expect((await json<{ message: string }>(hook)).message).toBe("Card payments are not set up");
  });
});

describe("card payments through Stripe", () => {
  let onboarding: string;
  /** The booking paid by card in the tests below, in order. */
  let cardBooking: string;

  it("only the act's own artist opens onboarding; one Express account however often", async () => {
    expect((await post("/api/payouts/onboard/the-velvet-tones", "guest")).status).toBe(401);
    for (const who of ["planner", "admin"] as const)
      expect((await post("/api/payouts/onboard/the-velvet-tones", who)).status).toBe(403);
    expect((await post("/api/payouts/onboard/no-such-act", "owner")).status).toBe(404);
    const [first, second] = await Promise.all([
      post("/api/payouts/onboard/the-velvet-tones", "owner"),
      post("/api/payouts/onboard/the-velvet-tones", "owner"),
    ]);
    expect([first!.status, second!.status]).toEqual([200, 200]);
    onboarding = (await json<{ data: { url: string } }>(first!)).data.url;
    expect(onboarding.startsWith(`${stripe().url}/setup/e/acct_test_`)).toBe(true);
    expect(stripe().objects("accounts")).toHaveLength(1);
    // Every call to Stripe carries an idempotency key.
    expect(stripe().requests.every((request) => request.method !== "POST" || request.idempotencyKey)).toBe(true);
  });

  it("an act that has not finished onboarding is booked offline and says so at checkout", async () => {
    const number = await booked("Card-less dinner", 90);
    const booking = await bookingOf(number);
    expect(booking.provider).toBe("offline");
    const answer = await post(`/api/payments/${booking.payments[0]!.id}/checkout`, "planner");
    expect(answer.status).toBe(409);
    expect((await json<{ message: string }>(answer)).message).toBe(
      "This booking is paid to the act directly, not by card",
    );
  });

  it("once Stripe says the account may charge and pay out, bookings are paid by card and held", async () => {
    await stripe().completeOnboarding(stripe().objects("accounts")[0]!.id);
    const number = await booked("Card gala", 95);
    cardBooking = number;
    const booking = await bookingOf(number);
    expect(booking.provider).toBe("stripe");
    const deposit = booking.payments.find((payment) => payment.kind === "deposit")!;

    // Who may pay: the planner only; another planner is told there is no such payment.
    const stranger = await server.newAccount("PLANNER", { verified: true });
    const strangers = await server.request(`/api/payments/${deposit.id}/checkout`, {
      method: "POST",
      cookie: stranger.cookie,
    });
    expect(strangers.status).toBe(404);
    expect((await post(`/api/payments/${deposit.id}/checkout`, "guest")).status).toBe(401);
    for (const who of ["owner", "admin"] as const) {
      const refused = await post(`/api/payments/${deposit.id}/checkout`, who);
      expect(refused.status).toBe(403);
      expect((await json<{ message: string }>(refused)).message).toBe("Only the booking's planner pays it");
    }
    expect((await post("/api/payments/999999/checkout", "planner")).status).toBe(404);
    expect((await post("/api/payments/abc/checkout", "planner")).status).toBe(400);

    // Its payments record themselves: the act cannot mark one paid by hand.
    const byHand = await post(`/api/payments/${deposit.id}/record`, "owner", {
      method: "check",
      paid_on: "2026-01-02",
    });
    expect(byHand.status).toBe(409);
    expect((await json<{ message: string }>(byHand)).message).toBe(
      "This booking is paid by card through us: its payments record themselves",
    );

    // A first attempt left open is expired by the second, so only one can be paid.
    const first = await post(`/api/payments/${deposit.id}/checkout`, "planner");
    const firstSession = (await json<{ data: { url: string } }>(first)).data.url.split("/").pop()!;
    await payByCard(deposit.id);
    expect(
      stripe()
        .objects("sessions")
        .find((session) => session.id === firstSession)!.status,
    ).toBe("expired");

    const paid = await paymentOf(number, "deposit");
    expect(paid).toMatchObject({ status: "paid", method: "card" });
    expect(await ledgerSums(number)).toEqual({
      planner_owes: 430_000,
      act_earned: -580_000,
      platform_held: 150_000,
    });
    const again = await post(`/api/payments/${deposit.id}/checkout`, "planner");
    expect(again.status).toBe(409);
    expect((await json<{ message: string }>(again)).message).toBe("This payment is not due");
  });

  it("a webhook is applied once however often Stripe sends it, and a bad signature changes nothing", async () => {
    const paidEvent = stripe()
      .events.filter((event) => event.type === "checkout.session.completed")
      .pop()!;
    const lines = await ledgerLineCount();
    const retried = await stripe().redeliver(paidEvent.id);
    expect(retried.status).toBe(200);
    expect((await json<{ data: { applied: boolean } }>(retried)).data.applied).toBe(false);
    expect(await ledgerLineCount()).toBe(lines);

    const { body } = stripe().signed(paidEvent.id);
    const forged = body.replace(paidEvent.id, "evt_test_forged");
    for (const signature of [undefined, "t=1,v1=deadbeef", stripe().signed(paidEvent.id).signature]) {
      const answer = await server.request("/api/stripe/webhook", {
        method: "POST",
        body: signature === undefined ? body : forged,
        headers: { "content-type": "application/json", ...(signature ? { "stripe-signature": signature } : {}) },
      });
      expect(answer.status).toBe(400);
      expect((await json<{ message: string }>(answer)).message).toBe("The Stripe-Signature header does not verify");
    }
    expect(await ledgerLineCount()).toBe(lines);
  });

  it("held money is released when its time comes, once the admin's marks are set, less the fee", async () => {
    const number = cardBooking;
    expect(
      (await post("/api/users/artist/payout-marks", "admin", { w9_received: false, direct_deposit_received: false }))
        .status,
    ).toBe(200);
    expect(await server.releaseDue(later(1))).toBe(0);
    expect(
      (await post("/api/users/artist/payout-marks", "admin", { w9_received: true, direct_deposit_received: true }))
        .status,
    ).toBe(200);
    // Moderate: the deposit never comes back to a planner who cancels, so it is released at once.
    expect(await server.releaseDue(later(1))).toBe(1);
    expect(await server.releaseDue(later(1))).toBe(0);
    await stripe().deliverPending();
    const transfers = stripe().objects("transfers");
    expect(transfers.map((transfer) => transfer.amount)).toEqual([135_000]);
    // Stripe kept 2.9% and 30 cents of the charge, which the ledger says as it says our fee.
    expect(await ledgerSums(number)).toEqual({
      planner_owes: 430_000,
      act_earned: -565_000,
      act_received: 135_000,
      platform_held: 15_000 - 4380,
      platform_fee: -15_000,
      processor_fees: 4380,
    });
    expect(transfers[0]!.source_transaction).toBe(stripe().objects("charges")[0]!.id);
  });

  it("the act cancelling after the release takes it back from the act's account and refunds everything", async () => {
    const number = cardBooking;
    const cancelled = await post(`/api/bookings/${number}/cancel`, "owner", { reason: "The singer lost her voice." });
    expect(cancelled.status).toBe(200);
    const deposit = await paymentOf(number, "deposit");
    const intent = stripe()
      .objects("intents")
      .find((each) => (each.metadata as { payment_id: string }).payment_id === String(deposit.id))!;
    await server.runJob("card_refund", `${intent.id}:cancel`);
    // A job tried again after Stripe answered repeats the same calls, which Stripe answers the same.
    await server.runJob("card_refund", `${intent.id}:cancel`);
    await stripe().deliverPending();
    expect(
      stripe()
        .objects("refunds")
        .map((refund) => refund.amount),
    ).toEqual([150_000]);
    expect(stripe().objects("transfers")[0]!.amount_reversed).toBe(135_000);
    expect(await paymentOf(number, "deposit")).toMatchObject({ status: "refunded", refunded_cents: 150_000 });
    // Stripe keeps its fee of a refunded charge: the platform's balance is short of it, as the ledger says.
    expect(await ledgerSums(number)).toEqual({ platform_held: -4380, processor_fees: 4380 });
    expect(stripe().balance()).toBe(-4380);
  });

  it("a case holds the balance's release; its refund goes back to the card and the rest is released", async () => {
    const number = await booked("Card anniversary", 20, "flexible");
    await payByCard((await paymentOf(number, "deposit")).id);
    await payByCard((await paymentOf(number, "balance")).id);
    const reported = await post(`/api/bookings/${number}/report`, "planner", {
      kind: "not_as_agreed",
      details: "An hour late.",
    });
    expect(reported.status).toBe(201);
    const caseId = (await json<{ data: { case: { id: number } } }>(reported)).data.case.id;
    expect(await server.releaseDue(later(30))).toBe(0);
    const resolved = await post(`/api/cases/${caseId}/resolve`, "admin", {
      refund_cents: 50_000,
      note: "Half an hour's pay back.",
    });
    expect(resolved.status).toBe(200);
    const balance = await paymentOf(number, "balance");
    const intent = stripe()
      .objects("intents")
      .find((each) => (each.metadata as { payment_id: string }).payment_id === String(balance.id))!;
    await server.runJob("card_refund", `${intent.id}:case-${caseId}`);
    await stripe().deliverPending();
    expect(await paymentOf(number, "balance")).toMatchObject({ refunded_cents: 50_000 });
    expect(await server.releaseDue(later(30))).toBe(2);
    await stripe().deliverPending();
    // The balance is with the act now: there is nothing left to hold for a new problem.
    const late = await post(`/api/bookings/${number}/report`, "planner", { kind: "other", details: "One more thing." });
    expect(late.status).toBe(409);
    expect((await json<{ message: string }>(late)).message).toBe(
      "This booking's balance is already released to the act: there is nothing left to hold",
    );
    expect(await ledgerSums(number)).toEqual({
      act_earned: -477_000,
      act_received: 477_000,
      platform_held: 53_000 - 4380 - 12_500,
      platform_fee: -53_000,
      processor_fees: 4380 + 12_500,
    });
  });
});

describe.runIf(process.env.TEST_DB === "postgres")("one webhook at two servers", () => {
  it("the same event sent 20 times at once to two servers records one payment", async () => {
    const peer = await createPeerServer(server);
    try {
      const number = await booked("Raced card payment", 120);
      const deposit = await paymentOf(number, "deposit");
      const answer = await post(`/api/payments/${deposit.id}/checkout`, "planner");
      const session = (await json<{ data: { url: string } }>(answer)).data.url.split("/").pop()!;
      const before = stripe().events.length;
      // Paid on Stripe's page; its events are held back, to be sent all at once below.
      await stripe().payCheckout(session, { deliver: false });
      const event = stripe()
        .events.slice(before)
        .find((each) => each.type === "checkout.session.completed")!;
      const { body, signature } = stripe().signed(event.id);
      const lines = await ledgerLineCount();
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, n) =>
          (n % 2 ? peer : server).request("/api/stripe/webhook", {
            method: "POST",
            body,
            headers: { "content-type": "application/json", "stripe-signature": signature },
          }),
        ),
      );
      expect(answers.map((each) => each.status)).toEqual(Array(20).fill(200));
      const applied = await Promise.all(
        answers.map(async (each) => (await json<{ data: { applied: boolean } }>(each)).data.applied),
      );
      expect(applied.filter(Boolean)).toHaveLength(1);
      expect(await ledgerLineCount()).toBe(lines + 2);
      expect(await paymentOf(number, "deposit")).toMatchObject({ status: "paid", method: "card" });
    } finally {
      await peer.close();
    }
  });
});
