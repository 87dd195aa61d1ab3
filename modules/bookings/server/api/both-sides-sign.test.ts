import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoUser, type TestServer, createTestServer, json } from "#tests/setup/api-harness";
import { bookThroughApi } from "#tests/setup/booking-fixture";
import type { BookingAnswer } from "../../answers";
import { bookings, offers } from "../tables";

/** CONTRACT.md "What planners get beyond a quote (turn 5)": both sides sign, and the paper proves it. */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

type Who = DemoUser | "guest";
const bookingAs = (number: string, as: Who) => server.get(`/api/bookings/${number}`, as);
const booking = async (number: string, as: Who = "planner") =>
  (await json<{ data: BookingAnswer }>(await bookingAs(number, as))).data;
const pdfText = async (path: string, as: DemoUser = "planner") => {
  const response = await server.request(path, { cookie: await server.cookieFor(as) });
  expect(response.status, path).toBe(200);
  return (await extractText(await getDocumentProxy(new Uint8Array(await response.arrayBuffer())), { mergePages: true }))
    .text;
};
const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

describe("an agreement both sides sign", () => {
  it("names who signed for the act (by sending the offer) and the planner (by accepting), when, and the digest of the text", async () => {
    const made = await bookThroughApi(server, { name: "Signed Wedding", days: 90, terms: "Two sets of 45 minutes." });
    const [offer] = await server.database.db
      .select({ sentAt: offers.dateTimePosted })
      .from(offers)
      .where(eq(offers.id, made.offerId));
    const { agreement } = await booking(made.number);
    expect(agreement.signatures).toEqual([
      { side: "act", name: "Riley Artist for The Velvet Tones", signed_at: offer!.sentAt.toISOString() },
      { side: "planner", name: "Pat Planner", signed_at: agreement.accepted_at },
    ]);
    expect(agreement.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(sha256(agreement.text)).toBe(agreement.sha256);
    for (const words of [
      `Booking: ${made.number}\n`,
      "Event: Signed Wedding\n",
      "Price: $5,800.00\n",
      "Signed for the act: Riley Artist for The Velvet Tones, ",
      "Signed by the planner: Pat Planner, ",
      "The act's own terms: Two sets of 45 minutes.",
    ])
      expect(agreement.text, words).toContain(words);
    // Day-of phones may change without changing what was agreed: they are not part of it.
    expect(agreement.text).not.toContain("+1 312 555 0142");

    // Both sides and admins read the same signed text; nobody else reads the booking.
    for (const who of ["owner", "admin"] as const)
      expect((await booking(made.number, who)).agreement.sha256, who).toBe(agreement.sha256);
    expect((await bookingAs(made.number, "guest")).status).toBe(401);
    expect((await bookingAs(made.number, "otherArtist")).status).toBe(404);
    expect((await bookingAs(made.number, "otherPlanner")).status).toBe(404);

    // The paper prints both signatures and the digest, for either side.
    for (const who of ["planner", "owner"] as const) {
      const text = await pdfText(`/bookings/${made.number}/agreement.pdf`, who);
      for (const words of [
        "Signed for the act: Riley Artist for The Velvet Tones",
        "Signed by the planner: Pat Planner",
        `SHA-256: ${agreement.sha256}`,
      ])
        expect(text.replace(/\s+/g, " "), `${who}: ${words}`).toContain(words);
    }
  });

  it("keeps what was signed when names, instructions or the venue change afterwards", async () => {
    const made = await bookThroughApi(server, { name: "Fixed Terms", days: 120, venue: "The Drake" });
    const signed = (await booking(made.number)).agreement;
    await server.post("/api/acts/the-velvet-tones/payment-instructions", "owner", {
      payment_instructions: "Zelle to new@velvettones.example",
    });
    await server.database.db.execute(sql`update events set venue = 'Somewhere Else' where url = ${made.eventUrl}`);
    await server.database.db.execute(sql`update users set name = 'Riley Renamed' where email = 'artist@example.com'`);
    try {
      const after = (await booking(made.number)).agreement;
      expect(after.text).toBe(signed.text);
      expect(after.sha256).toBe(signed.sha256);
      expect(after.text).toContain("Where: The Drake, Chicago, IL");
      const paper = (await pdfText(`/bookings/${made.number}/agreement.pdf`)).replace(/\s+/g, " ");
      expect(paper).toContain("Signed for the act: Riley Artist for The Velvet Tones");
      expect(paper).toContain(`SHA-256: ${signed.sha256}`);
    } finally {
      await server.database.db.execute(sql`update users set name = 'Riley Artist' where email = 'artist@example.com'`);
    }
  });

  it("a booking made before signatures were kept is drawn when read, signed for the act by its name", async () => {
    const made = await bookThroughApi(server, { name: "Older Booking", days: 100 });
    await server.database.db.update(bookings).set({ agreement: null }).where(eq(bookings.number, made.number));
    await server.database.db.update(offers).set({ sentBy: null }).where(eq(offers.id, made.offerId));
    const { agreement } = await booking(made.number);
    expect(agreement.signatures.map((signature) => [signature.side, signature.name])).toEqual([
      ["act", "The Velvet Tones"],
      ["planner", "Pat Planner"],
    ]);
    expect(sha256(agreement.text)).toBe(agreement.sha256);
    expect(await pdfText(`/bookings/${made.number}/agreement.pdf`)).toContain(agreement.sha256);
  });
});
