import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, createPeerServer, createTestServer, json } from "#tests/setup/api-harness";
import { bookThroughApi, paidYesterday } from "#tests/setup/booking-fixture";
import { eventually } from "#tests/setup/eventually";
import { rowsOf } from "#server/db/rows-of";
import type { BookingAnswer } from "../../answers";
import { postToLedger } from "../ledger";

/**
 * A booking's answer is kept by what it was read from (decision 0058): each change to what it
 * shows must reach the next read, told by the database (a trigger's notice), not only by a write
 * this server answered. The changes below are written straight to the database, as another
 * server or a job would write them.
 */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

const booking = async (number: string, as: "planner" | "owner" | "admin" = "planner") =>
  (await json<{ data: BookingAnswer }>(await server.get(`/api/bookings/${number}`, as))).data;

describe("a booking's kept answer", () => {
  it("shows each change to the booking, its payments, its ledger, its act, its event and its people", async () => {
    const { number } = await bookThroughApi(server, { name: "Kept Gala", days: 90 });
    const db = server.database.db;
    const read = () => booking(number);
    const before = await read();
    // The same answer twice: the second from what the first kept.
    expect(await read()).toEqual(before);

    const changes: [string, () => Promise<unknown>, (answer: BookingAnswer) => unknown][] = [
      [
        "the booking's own row",
        () => db.execute(sql`update bookings set planner_phone = '+1 312 555 0177' where number = ${number}`),
        (answer) => answer.contacts.planner.phone === "+1 312 555 0177",
      ],
      [
        "a payment",
        () =>
          db.execute(
            sql`update payments set due_on = '2099-01-02' where kind = 'balance' and booking_id = (select id from bookings where number = ${number})`,
          ),
        (answer) => answer.payments.some((payment) => payment.due_on === "2099-01-02"),
      ],
      [
        "the ledger",
        () =>
          db.transaction(async (tx) => {
            const [booked] = await rowsOf<{ id: number }>(
              tx.execute(sql`select id from bookings where number = ${number}`),
            );
            await postToLedger(tx, {
              booking: { id: booked!.id, number },
              memo: "kept test",
              lines: [
                { account: "refund_owed", amountCents: -2500 },
                { account: "platform_held", amountCents: 2500 },
              ],
            });
          }),
        (answer) => answer.refund_owed_cents === 2500,
      ],
      [
        "its act",
        () =>
          db.execute(sql`update acts set payment_instructions = 'Kept: pay by cheque' where url = 'the-velvet-tones'`),
        (answer) => answer.payment_instructions === "Kept: pay by cheque",
      ],
      [
        "its event",
        () =>
          db.execute(
            sql`update events set venue = 'The Kept Hall' where id = (select event_id from bookings where number = ${number})`,
          ),
        (answer) => answer.event.venue === "The Kept Hall",
      ],
      [
        "its planner",
        () =>
          db.execute(
            sql`update users set name = 'Kept Planner' where id = (select e.planner_id from bookings b join events e on e.id = b.event_id where b.number = ${number})`,
          ),
        (answer) => answer.contacts.planner.name === "Kept Planner",
      ],
      [
        "its act's manager",
        () =>
          db.execute(
            sql`update users set phone = '+1 312 555 0166' where id = (select manager_id from acts where url = 'the-velvet-tones')`,
          ),
        (answer) => answer.contacts.act.phone === "+1 312 555 0166",
      ],
    ];
    for (const [what, change, changed] of changes) {
      await change();
      await eventually(async () => Boolean(changed(await read()))).catch(() => expect.fail(what));
    }
  });

  it("is read for each viewer apart: another planner, and an artist of another act, still find none", async () => {
    const { number } = await bookThroughApi(server, { name: "Kept Party", days: 91 });
    expect((await server.get(`/api/bookings/${number}`, "planner")).status).toBe(200);
    for (const who of ["otherPlanner", "otherArtist"] as const)
      expect((await server.get(`/api/bookings/${number}`, who)).status, who).toBe(404);
    expect(
      (await server.request(`/bookings/${number}/agreement.pdf`, { cookie: await server.cookieFor("otherPlanner") }))
        .status,
    ).toBe(404);
  });
});

describe.runIf(process.env.TEST_DB === "postgres")("on two servers", () => {
  it("a payment recorded on one server reaches the booking another server kept", async () => {
    const peer = await createPeerServer(server);
    try {
      const { number } = await bookThroughApi(server, { name: "Kept Across", days: 92 });
      const cookie = await server.cookieFor("planner");
      const readOnPeer = async () =>
        (await json<{ data: BookingAnswer }>(await peer.request(`/api/bookings/${number}`, { cookie }))).data;
      const deposit = (await readOnPeer()).payments.find((payment) => payment.kind === "deposit")!;
      expect(deposit.status).toBe("due");
      const recorded = await server.post(`/api/payments/${deposit.id}/record`, "owner", {
        method: "check",
        paid_on: paidYesterday(),
      });
      expect(recorded.status).toBe(200);
      const paid = (answer: BookingAnswer) =>
        answer.payments.find((payment) => payment.id === deposit.id)?.status !== "due";
      await eventually(async () => paid(await readOnPeer()));
    } finally {
      await peer.close();
    }
  });
});
