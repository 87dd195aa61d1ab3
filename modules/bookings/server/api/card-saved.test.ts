import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "#domain/messages";
import { JOB_SCHEMA, jobId } from "#server/jobs/job-queue";
import { bookThroughApi } from "#tests/setup/booking-fixture";
import { rowsOf } from "#server/db/rows-of";
import { type DemoUser, type TestServer, createTestServer, json } from "#tests/setup/api-harness";

/**
 * The balance charged when due (issue 65, item 4), against the local Stripe server: the planner
 * saves the card paying the deposit, the `payment_charge` job charges the balance off-session on
 * its day, and a card the bank refuses (declined, or asking for the planner) sends a Checkout link.
 */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ stripe: { feePercent: 10 } });
  await server.post("/api/payouts/onboard/the-velvet-tones", "owner");
  await server.stripe!.completeOnboarding(server.stripe!.objects("accounts")[0]!.id);
});
afterAll(async () => server.close());

type Who = DemoUser | "guest";
interface Payment {
  id: number;
  kind: string;
  amount_cents: number;
  status: string;
  method: string | null;
  due_on: string;
}
interface Booking {
  number: string;
  provider: string;
  card_saved_at: string | null;
  payments: Payment[];
}

const bookingOf = async (number: string) =>
  (await json<{ data: Booking }>(await server.get(`/api/bookings/${number}`, "planner"))).data;
const checkout = (paymentId: number, as: Who, body?: unknown) =>
  server.post(`/api/payments/${paymentId}/checkout`, as, body);

/** The planner's notices of a kind on a booking, newest last. */
const notices = (kind: string, number: string) =>
  rowsOf<{ title: string; body: string; link: string }>(
    server.database.db.execute(
      sql`select title, body, link from notifications where kind = ${kind} and link = ${`/bookings/${number}`} order by id`,
    ),
  );

const jobState = async (kind: "payment_charge", key: string) =>
  (
    await rowsOf<{ state: string; start_after: Date }>(
      server.database.db.execute(
        sql`select state, start_after from ${sql.raw(`${JOB_SCHEMA}.job`)} where id = ${jobId(kind, key)}::uuid`,
      ),
    )
  )[0];

/** A card booking whose deposit the planner pays on Checkout, saving the card (or not). */
let day = 120;
async function depositPaid(
  name: string,
  options: { save: boolean; card?: "works" | "declines" | "needs_authentication" },
) {
  // One evening each: the act plays one event a day.
  day += 1;
  const { number } = await bookThroughApi(server, { name, days: day });
  const booking = await bookingOf(number);
  expect(booking.provider).toBe("stripe");
  const deposit = booking.payments.find((payment) => payment.kind === "deposit")!;
  const answer = await checkout(deposit.id, "planner", { save_card: options.save });
  expect(answer.status, await answer.clone().text()).toBe(200);
  const sessionId = (await json<{ data: { url: string } }>(answer)).data.url.split("/").pop()!;
  await server.stripe!.payCheckout(sessionId, { savedCard: options.card ?? "works" });
  // The charge is read after it (its fee), and with it the saved card.
  await server.runJob("card_charge", String(deposit.id));
  return { number, balance: booking.payments.find((payment) => payment.kind === "balance")! };
}

describe("the balance charged when due", () => {
  it("saving the card is the planner's choice on a deposit with a balance to come; others are refused", async () => {
    const { number } = await bookThroughApi(server, { name: "Choice gala", days: 100 });
    const booking = await bookingOf(number);
    const [deposit, balance] = [
      booking.payments.find((payment) => payment.kind === "deposit")!,
      booking.payments.find((payment) => payment.kind === "balance")!,
    ];
    expect((await checkout(deposit.id, "guest", { save_card: true })).status).toBe(401);
    for (const who of ["owner", "otherArtist", "admin"] as const)
      expect((await checkout(deposit.id, who, { save_card: true })).status, who).toBe(
        who === "otherArtist" ? 404 : 403,
      );
    const onBalance = await checkout(balance.id, "planner", { save_card: true });
    expect(onBalance.status).toBe(409);
    expect((await json<{ message: string }>(onBalance)).message).toBe(MESSAGES.saveCardOnDepositOnly);
    const wrongType = await checkout(deposit.id, "planner", { save_card: "yes" });
    expect(wrongType.status).toBe(400);
    expect(Object.keys((await json<{ errors: Record<string, string[]> }>(wrongType)).errors)).toEqual(["save_card"]);
    // Nothing was asked of Stripe for the refused calls: no session saves a card.
    expect(
      server
        .stripe!.objects("sessions")
        .filter((session) => (session.payment_intent_data as { setup_future_usage?: string }).setup_future_usage),
    ).toEqual([]);
    // Without a body, Checkout does not save the card.
    const plain = await checkout(deposit.id, "planner");
    expect(plain.status).toBe(200);
    expect((await bookingOf(number)).card_saved_at).toBeNull();
  });

  it("a saved card pays the balance on its day: reminded 3 days before, charged off-session once, both told", async () => {
    const { number, balance } = await depositPaid("Saved-card wedding", { save: true });
    const booking = await bookingOf(number);
    expect(booking.card_saved_at).not.toBeNull();
    const customers = server.stripe!.objects("customers");
    expect(customers.length).toBeGreaterThan(0);

    // Its charge waits for the balance's day, 9 AM in Chicago.
    const job = await jobState("payment_charge", `${number}:balance`);
    expect(job?.state).toBe("created");
    expect(new Date(job!.start_after).toISOString().slice(0, 10)).toBe(balance.due_on);

    // The reminder 3 days before says the card will be charged.
    await server.runJob("payment_due", `${number}:balance:3`);
    const [reminder] = await notices("payment_due", number);
    expect(reminder?.body).toContain("We charge it to the card you saved on");

    const charged = await server.runJob("payment_charge", `${number}:balance`);
    expect(charged).toBe(true);
    const paid = (await bookingOf(number)).payments.find((payment) => payment.kind === "balance")!;
    expect(paid).toMatchObject({ status: "paid", method: "card" });
    const offSession = server
      .stripe!.objects("intents")
      .filter((intent) => (intent.metadata as { off_session?: string }).off_session === "true");
    expect(offSession.map((intent) => [intent.amount, intent.status])).toEqual([[balance.amount_cents, "succeeded"]]);
    expect((await notices("payment_received", number)).map((notice) => notice.title)).toContain(
      `Your balance of $${(balance.amount_cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })} is paid`,
    );

    // The job run again (a retry) is Stripe's same answer: no second charge, nothing more.
    expect(await server.runJob("payment_charge", `${number}:balance`)).toBe(false);
    expect(
      server
        .stripe!.objects("intents")
        .filter((intent) => (intent.metadata as { off_session?: string }).off_session === "true"),
    ).toHaveLength(1);
    // What Stripe kept of it is read as for any card payment.
    await server.runJob("card_charge", String(balance.id));
  });

  it("a card the bank declines, or that needs the planner, sends a Checkout link and leaves the balance due", async () => {
    for (const [card, words] of [
      ["declines", "Your card was declined."],
      ["needs_authentication", "Your bank asks you to confirm this payment yourself."],
    ] as const) {
      const { number } = await depositPaid(`Refused card ${card}`, { save: true, card });
      expect(await server.runJob("payment_charge", `${number}:balance`)).toBe(true);
      const balance = (await bookingOf(number)).payments.find((payment) => payment.kind === "balance")!;
      expect(balance.status).toBe("due");
      const [failed] = await notices("payment_failed", number);
      expect(failed?.body).toContain(words);
      const link = failed!.body.match(/Pay it on Stripe: (\S+)/)?.[1];
      expect(link?.startsWith(`${server.stripe!.url}/c/pay/cs_test_`)).toBe(true);
      // The link pays it, as any Checkout does.
      await server.stripe!.payCheckout(link!.split("/").pop()!);
      expect((await bookingOf(number)).payments.find((payment) => payment.kind === "balance")!.status).toBe("paid");
    }
  });

  it("a card not saved is never charged, and cancelling calls the charge off", async () => {
    const unsaved = await depositPaid("Unsaved dinner", { save: false });
    expect((await bookingOf(unsaved.number)).card_saved_at).toBeNull();
    await expect(server.runJob("payment_charge", `${unsaved.number}:balance`)).rejects.toThrow(/no payment_charge job/);

    const saved = await depositPaid("Cancelled party", { save: true });
    const cancel = await server.post(`/api/bookings/${saved.number}/cancel`, "planner", { reason: "Plans changed" });
    expect(cancel.status, await cancel.clone().text()).toBe(200);
    expect((await jobState("payment_charge", `${saved.number}:balance`))?.state).toBe("cancelled");
    // Even run by hand, a cancelled booking's balance is not charged.
    expect(await server.runJob("payment_charge", `${saved.number}:balance`)).toBe(false);
  });
});
