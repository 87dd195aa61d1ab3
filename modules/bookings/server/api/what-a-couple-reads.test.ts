import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "#domain/messages";
import { type DemoUser, type TestServer, createTestServer, json } from "#tests/setup/api-harness";
import { bookThroughApi, paidYesterday } from "#tests/setup/booking-fixture";
import type { BookingAnswer } from "../../answers";

/** What a couple reads around an offline booking (issue 63): how to pay, whom to call, what is owed. */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

type Who = DemoUser | "guest";
const booking = async (number: string, as: Who = "planner") =>
  (await json<{ data: BookingAnswer }>(await server.get(`/api/bookings/${number}`, as))).data;
const pdfText = async (path: string, as: DemoUser = "planner") => {
  const response = await server.request(path, { cookie: await server.cookieFor(as) });
  expect(response.status, path).toBe(200);
  return (await extractText(await getDocumentProxy(new Uint8Array(await response.arrayBuffer())), { mergePages: true }))
    .text;
};
const INSTRUCTIONS =
  "Bank transfer to The Velvet Tones LLC, Chase, account 123456789.\nOr Zelle to pay@velvettones.example";

describe("paying the act directly", () => {
  it("the act's manager and admins give payment instructions; bookings answer them to both sides", async () => {
    const path = "/api/acts/the-velvet-tones/payment-instructions";
    for (const [who, status] of [
      ["guest", 401],
      ["planner", 403],
      ["otherArtist", 403],
    ] as const)
      expect((await server.post(path, who, { payment_instructions: "Pay me" })).status, who).toBe(status);
    for (const [body, errors] of [
      [{}, { payment_instructions: [MESSAGES.paymentInstructionsRequired] }],
      [{ payment_instructions: " \u200b " }, { payment_instructions: [MESSAGES.paymentInstructionsRequired] }],
      [{ payment_instructions: "x".repeat(1001) }, { payment_instructions: [MESSAGES.tooLong(1000)] }],
      [{ payment_instructions: "a\u0000b" }, { payment_instructions: [MESSAGES.unsafeText] }],
    ] as const) {
      const refused = await server.post(path, "owner", body);
      expect(refused.status).toBe(422);
      expect((await json<{ errors: unknown }>(refused)).errors).toEqual(errors);
    }
    expect((await server.post(path, "admin", { payment_instructions: "Set by an admin" })).status).toBe(200);
    const saved = await server.post(path, "owner", { payment_instructions: INSTRUCTIONS });
    expect((await json<{ data: { message: string } }>(saved)).data.message).toBe("Payment instructions saved");

    const { number } = await bookThroughApi(server, { name: "Lakeside Wedding", days: 120 });
    for (const who of ["planner", "owner", "admin"] as const)
      expect((await booking(number, who)).payment_instructions, who).toBe(INSTRUCTIONS);
    // The confirmation says how to pay, and links to the booking itself.
    const notices = await json<{ data: { kind: string; body: string; link: string }[] }>(
      await server.get("/api/notifications?perPage=50", "planner"),
    );
    const confirmed = notices.data.find(
      (notice) => notice.kind === "booking_confirmed" && notice.body.includes(number),
    );
    expect(confirmed?.body).toContain(`Pay The Velvet Tones directly: ${INSTRUCTIONS}`);
    expect(confirmed?.link).toBe(`/bookings/${number}`);
  });

  it("the manager's phone is the act's day-of contact, and a phone that is none is refused", async () => {
    const refused = await server.post("/api/me/phone", "owner", { phone: "call me" });
    expect(refused.status).toBe(422);
    expect((await json<{ errors: unknown }>(refused)).errors).toEqual({ phone: [MESSAGES.invalidPhone] });
    expect((await server.post("/api/me/phone", "guest", { phone: "+1 312 555 0199" })).status).toBe(401);
    expect((await server.post("/api/me/phone", "owner", { phone: "+1 312 555 0199" })).status).toBe(200);
    const { number } = await bookThroughApi(server, { name: "Phone Party", days: 121 });
    for (const who of ["planner", "owner"] as const) {
      const contacts = (await booking(number, who)).contacts;
      expect([contacts.act.phone, contacts.planner.phone], who).toEqual(["+1 312 555 0199", "+1 312 555 0142"]);
    }
    expect((await server.post("/api/me/phone", "owner", { phone: "" })).status).toBe(200);
    expect((await booking(number)).contacts.act.phone).toBeNull();
  });
});

describe("reporting a problem", () => {
  it("before the event's start, nobody failed to show up or came late; something else may be reported", async () => {
    const { number } = await bookThroughApi(server, { name: "Early Worry", days: 122 });
    for (const kind of ["no_show", "late"]) {
      const refused = await server.post(`/api/bookings/${number}/report`, "planner", { kind, details: "Worried" });
      expect(refused.status, kind).toBe(422);
      expect((await json<{ errors: unknown }>(refused)).errors).toEqual({ kind: ["The event has not started"] });
    }
    expect(
      (await server.post(`/api/bookings/${number}/report`, "planner", { kind: "other", details: "A question" })).status,
    ).toBe(201);
  });
});

describe("after a cancellation", () => {
  it("both sides read what was paid net of refunds and what is owed back; the act records no more than is owed", async () => {
    const { number } = await bookThroughApi(server, { name: "Vineyard Wedding", days: 90 });
    const [deposit, balance] = (await booking(number)).payments;
    for (const payment of [deposit!, balance!])
      expect(
        (
          await server.post(`/api/payments/${payment.id}/record`, "owner", {
            method: "check",
            paid_on: paidYesterday(),
          })
        ).status,
      ).toBe(200);
    expect((await server.post(`/api/bookings/${number}/cancel`, "planner", { reason: "We eloped" })).status).toBe(200);
    // Moderate, 90 days before: everything but the deposit comes back.
    for (const who of ["planner", "owner", "admin"] as const)
      expect(await booking(number, who), who).toMatchObject({ paid_cents: 580_000, refund_owed_cents: 430_000 });

    const refund = (amount_cents: number, paymentId = balance!.id) =>
      server.post(`/api/payments/${paymentId}/record-refund`, "owner", {
        amount_cents,
        method: "bank_transfer",
        paid_on: paidYesterday(),
      });
    expect((await refund(429_999)).status).toBe(200);
    // $0.01 is still owed: the deposit the policy lets the act keep is not owed back past it.
    const over = await refund(2, deposit!.id);
    expect([over.status, (await json<{ message: string }>(over)).message]).toEqual([409, MESSAGES.refundAboveOwed]);
    expect((await refund(1, deposit!.id)).status).toBe(200);
    expect((await refund(1)).status).toBe(409);
    for (const who of ["planner", "owner"] as const)
      expect(await booking(number, who), who).toMatchObject({ paid_cents: 150_000, refund_owed_cents: 0 });
    const listed = await json<{ data: { number: string; paid_cents: number }[] }>(
      await server.get("/api/bookings?perPage=50", "planner"),
    );
    expect(listed.data.find((each) => each.number === number)?.paid_cents).toBe(150_000);

    // The receipt an accountant would take: numbered, issued by the act, dated with the year, its refunds listed.
    const paidBack = (await booking(number)).payments.find((payment) => payment.id === balance!.id)!;
    expect(paidBack.refunds.map((refund) => refund.cents)).toEqual([429_999]);
    const receipt = await pdfText(`/bookings/${number}/receipts/${balance!.id}.pdf`);
    const year = paidYesterday().slice(0, 4);
    for (const words of [
      `Receipt ${number}-${balance!.id}`,
      "Issued by: The Velvet Tones (managed by Riley Artist)",
      "Received from: Pat Planner",
      "Balance: $4,300.00",
      `, ${year}`,
      "Refunded: $4,299.99 on",
      "Kept: $0.01",
    ])
      expect(receipt, words).toContain(words);
  });

  it("the agreement a couple would file: where, when to when, what the act does, both contacts, how to pay, every year", async () => {
    await server.post("/api/me/phone", "owner", { phone: "+1 312 555 0199" });
    const { number } = await bookThroughApi(server, {
      name: "Garden Wedding",
      days: 150,
      venue: "The Drake",
      hours: 3,
      message: "Ceremony strings, then a four-piece band for dancing.",
    });
    const text = await pdfText(`/bookings/${number}/agreement.pdf`);
    const eventYear = new Date(Date.now() + 150 * 86_400_000).getUTCFullYear();
    for (const words of [
      "Where: The Drake, Chicago, IL",
      `${eventYear}`,
      "(3 hours)",
      "Services: Ceremony strings, then a four-piece band for dancing.",
      `Paying: Directly to the act: ${INSTRUCTIONS.split("\n")[0]}`,
      "The act on the day: Riley Artist, artist@example.com, +1 312 555 0199",
      "The planner on the day: Pat Planner, planner@example.com, +1 312 555 0142",
      "the amounts above",
      "The act agreed to this by sending its offer, and the planner by accepting it.",
    ])
      expect(text, words).toContain(words);
    expect(text).not.toContain("below");
    // Every day with its year.
    expect(text).not.toMatch(/due \w+, \w+ \d+(?!\d)(?!, \d{4})/);
  });
});
