import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, createTestServer, json } from "#tests/setup/api-harness";

/**
 * The card adapter against Stripe's own test mode (npm run test:stripe, with
 * STRIPE_TEST_SECRET_KEY=sk_test_…): the calls our code makes go to api.stripe.com. What only
 * a person or Stripe's servers can do here is stood in for, and said so: finishing onboarding
 * and paying on the Checkout page (a PaymentIntent confirmed with Stripe's test card instead),
 * and delivering events (we sign the events Stripe would send with the SDK's helper, since
 * Stripe cannot reach this machine). Transfers need an onboarded Express account, which only a
 * person can finish: releases are not run here.
 */
const key = process.env.STRIPE_TEST_SECRET_KEY;

describe.runIf(Boolean(key))("card payments against Stripe's test mode", () => {
  let server: TestServer;
  let stripe: Stripe;
  const webhookSecret = `whsec_${randomBytes(16).toString("hex")}`;
  beforeAll(async () => {
    server = await createTestServer({ stripeTestMode: { secretKey: key!, webhookSecret } });
    stripe = new Stripe(key!);
  });
  afterAll(async () => server?.close());

  /** An event as Stripe would send it, signed as Stripe signs it. */
  async function send(type: string, object: unknown): Promise<Response> {
    const body = JSON.stringify({
      id: `evt_${randomBytes(12).toString("hex")}`,
      object: "event",
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      type,
      data: { object },
    });
    return server.request("/api/stripe/webhook", {
      method: "POST",
      body,
      headers: {
        "content-type": "application/json",
        "stripe-signature": stripe.webhooks.generateTestHeaderString({ payload: body, secret: webhookSecret }),
      },
    });
  }

  it("onboards an act, takes a deposit, and refunds it when the act cancels", async () => {
    const onboard = await server.post("/api/payouts/onboard/the-velvet-tones", "owner");
    expect(onboard.status, await onboard.clone().text()).toBe(200);
    expect((await json<{ data: { url: string } }>(onboard)).data.url).toMatch(/^https:\/\/connect\.stripe\.com\//);
    const rows = await server.database.db.execute(
      sql`select stripe_account_id as id from acts where url = 'the-velvet-tones'`,
    );
    const accountId = (rows as unknown as { rows: { id: string }[] }).rows[0]!.id;
    const account = await stripe.accounts.retrieve(accountId);
    expect(account.type).toBe("express");
    // Finishing onboarding is a person's work on Stripe's page; Stripe then sends account.updated.
    expect((await send("account.updated", { ...account, charges_enabled: true, payouts_enabled: true })).status).toBe(
      200,
    );

    const created = await json<{ data: { url: string } }>(
      await server.post("/api/events/create", "planner", {
        name: "Test-mode gala",
        starttime: new Date(Date.now() + 100 * 86_400_000).toISOString(),
        location: "Chicago, IL",
        actUrl: "the-velvet-tones",
      }),
    );
    const inviteId = await server.inviteOf(created.data.url);
    const offer = await server.post(`/api/offers/submit/${inviteId}`, "owner", { price: 800, deposit_cents: 20_000 });
    const accepted = await server.post(
      `/api/offers/accept/${(await json<{ data: { id: number } }>(offer)).data.id}`,
      "planner",
    );
    const number = (await json<{ data: { booking: string } }>(accepted)).data.booking;
    const booking = await json<{ data: { provider: string; payments: { id: number; kind: string }[] } }>(
      await server.get(`/api/bookings/${number}`, "planner"),
    );
    expect(booking.data.provider).toBe("stripe");
    const deposit = booking.data.payments.find((payment) => payment.kind === "deposit")!;

    const checkout = await server.post(`/api/payments/${deposit.id}/checkout`, "planner");
    expect(checkout.status, await checkout.clone().text()).toBe(200);
    const url = (await json<{ data: { url: string } }>(checkout)).data.url;
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    const [session] = (await stripe.checkout.sessions.list({ limit: 1 })).data;
    expect(session!.amount_total).toBe(20_000);
    expect(session!.metadata?.payment_id).toBe(String(deposit.id));

    // Paying on the Checkout page is a person's; Stripe's test card pays the same amount.
    const intent = await stripe.paymentIntents.create({
      amount: 20_000,
      currency: "usd",
      payment_method: "pm_card_visa",
      automatic_payment_methods: { enabled: true, allow_redirects: "never" },
      confirm: true,
      metadata: { payment_id: String(deposit.id) },
    });
    const paid = { ...session!, status: "complete", payment_status: "paid", payment_intent: intent.id };
    expect((await send("checkout.session.completed", paid)).status).toBe(200);

    expect((await server.post(`/api/bookings/${number}/cancel`, "owner", { reason: "Test mode." })).status).toBe(200);
    await server.runJob("card_refund", `${intent.id}:cancel`);
    await server.runJob("card_refund", `${intent.id}:cancel`);
    const refunds = await stripe.refunds.list({ payment_intent: intent.id });
    // Run twice, the job asked once: its idempotency key made the second the same refund.
    expect(refunds.data.map((refund) => refund.amount)).toEqual([20_000]);
    const charge = await stripe.charges.retrieve(String(intent.latest_charge));
    expect((await send("charge.refunded", charge)).status).toBe(200);
    const after = await json<{ data: { payments: { kind: string; refunded_cents: number }[] } }>(
      await server.get(`/api/bookings/${number}`, "planner"),
    );
    expect(after.data.payments.find((payment) => payment.kind === "deposit")!.refunded_cents).toBe(20_000);
  });
});
