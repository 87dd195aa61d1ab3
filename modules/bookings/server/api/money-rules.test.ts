import { bookThroughApi } from "#tests/setup/booking-fixture";
import { sql } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoUser, type TestServer, createTestServer, json } from "#tests/setup/api-harness";

/**
 * CONTRACT.md "Money exactly right (turn 5)", offline: what comes back is one rule whichever path
 * asks (a case's refund counts), nothing is cancelled, offered or accepted from the event's
 * start, a booking is completed the day after its event without a job, reviews are of what
 * happened, a record racing a cancel is counted, reminders go once, and the ledger's rules are
 * the database's.
 */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

type Who = DemoUser | "guest";
const post = (path: string, as: Who, body?: unknown) => server.post(path, as, body);
const get = (path: string, as: Who) => server.get(path, as);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await server.database.db.execute(query)) as unknown as { rows: T[] }).rows;

interface Booking {
  number: string;
  status: string;
  paid_cents: number;
  refunded_cents: number;
  payments: { id: number; kind: string; amount_cents: number; status: string }[];
}
const bookingOf = async (number: string, as: Who = "planner") =>
  (await json<{ data: Booking }>(await get(`/api/bookings/${number}`, as))).data;

let nextName = 0;
/** The Velvet Tones offer `price` dollars with `deposit` cents for an event `days` ahead; the planner books. */
async function booked(days: number, policy: string, price = 5800, deposit = 150_000): Promise<string> {
  // Many events in one file: the planner's hourly limit is not what these tests are about.
  await server.database.db.execute(sql`delete from account_actions`);
  const booking = await bookThroughApi(server, {
    name: `Money ${++nextName}`,
    days,
    cancellation_policy: policy,
    price_cents: Math.round(price * 100),
    deposit_cents: deposit,
    phone: null,
    release_others: false,
  });
  return booking.number;
}

async function ledgerSums(number: string): Promise<Record<string, number>> {
  const sums = await rows<{ account: string; total: number }>(sql`
    select l.account, sum(l.amount_cents)::int as total
    from ledger_lines l join ledger_transactions t on t.id = l.transaction_id
    where t.booking_number = ${number} group by 1`);
  return Object.fromEntries(sums.filter((row) => row.total !== 0).map((row) => [row.account, row.total]));
}

// Yesterday by UTC is no later than today where any US event happens, at any hour.
const record = (paymentId: number) =>
  post(`/api/payments/${paymentId}/record`, "owner", { method: "bank_transfer", paid_on: inDays(-1).slice(0, 10) });

/** The planner reports a problem and an admin resolves it with `refund` cents back. */
async function resolvedCase(number: string, refund: number): Promise<void> {
  const reported = await post(`/api/bookings/${number}/report`, "planner", {
    kind: "not_as_agreed",
    details: "An hour late",
  });
  expect(reported.status, await reported.clone().text()).toBe(201);
  const caseId = (await json<{ data: { case: { id: number } } }>(reported)).data.case.id;
  const resolved = await post(`/api/cases/${caseId}/resolve`, "admin", { refund_cents: refund, note: "Fair" });
  expect(resolved.status, await resolved.clone().text()).toBe(200);
}

/** Moves the event of a booking to `hoursAgo` hours in the past, as time passing would. */
/**
 * Moves the booking's event to have started `hoursAgo`. Less than a day ago it stays on today
 * where it happens (just after midnight an hour ago is yesterday, and the booking would already
 * be completed): it then starts at the later of the two, and never after now.
 */
async function eventStarted(number: string, hoursAgo: number): Promise<void> {
  await server.database.db.execute(sql`
    update events e set starttime = case when ${hoursAgo} < 24
        then least(now() - interval '1 second', greatest(now() - make_interval(hours => ${hoursAgo}),
          (date_trunc('day', now() at time zone p.time_zone) + interval '1 second') at time zone p.time_zone))
        else now() - make_interval(hours => ${hoursAgo}) end
    from places p
    where p.id = e.place_id and e.id = (select event_id from bookings where number = ${number})`);
}

describe("what a cancellation gives back, after a case", () => {
  it("moderate: a $1,500 deposit, $500 back by a case, then the act cancels: $1,500 owed in all, never $2,000", async () => {
    const number = await booked(90, "moderate");
    const deposit = (await bookingOf(number)).payments.find((payment) => payment.kind === "deposit")!;
    expect((await record(deposit.id)).status).toBe(200);
    await resolvedCase(number, 50_000);
    expect(await ledgerSums(number)).toMatchObject({ refund_owed: -50_000 });

    // The quote and the cancellation give the same figure: what is left of what was paid.
    const quote = await json<{ data: { refund_cents: number; kept_cents: number } }>(
      await get(`/api/bookings/${number}/cancellation`, "owner"),
    );
    expect(quote.data).toEqual({ refund_cents: 100_000, kept_cents: 0 });
    expect((await post(`/api/bookings/${number}/cancel`, "owner", { reason: "Van broke down" })).status).toBe(200);
    expect((await ledgerSums(number)).refund_owed).toBe(-150_000);

    // The act pays it all back: nothing stays owed.
    const refunded = await post(`/api/payments/${deposit.id}/record-refund`, "owner", {
      amount_cents: 150_000,
      method: "bank_transfer",
      paid_on: inDays(-1).slice(0, 10),
    });
    expect(refunded.status).toBe(200);
    expect((await ledgerSums(number)).refund_owed).toBeUndefined();
    expect((await bookingOf(number)).refunded_cents).toBe(150_000);
  });

  it("flexible: all $5,800 paid, $500 back by a case, the planner cancels early: $5,800 owed in all, not $6,300", async () => {
    const number = await booked(90, "flexible");
    for (const payment of (await bookingOf(number)).payments) expect((await record(payment.id)).status).toBe(200);
    await resolvedCase(number, 50_000);
    const quote = await json<{ data: { refund_cents: number } }>(
      await get(`/api/bookings/${number}/cancellation`, "planner"),
    );
    expect(quote.data.refund_cents).toBe(530_000);
    expect((await post(`/api/bookings/${number}/cancel`, "planner", { reason: "Venue closed" })).status).toBe(200);
    expect((await ledgerSums(number)).refund_owed).toBe(-580_000);
  });

  it("a case refunds at most what is left once a cancellation's refund is owed", async () => {
    const number = await booked(90, "moderate");
    const deposit = (await bookingOf(number)).payments.find((payment) => payment.kind === "deposit")!;
    expect((await record(deposit.id)).status).toBe(200);
    expect((await post(`/api/bookings/${number}/cancel`, "owner", { reason: "Double booked" })).status).toBe(200);
    const reported = await post(`/api/bookings/${number}/report`, "planner", { kind: "other", details: "Still owed" });
    // A cancelled booking takes no new case: its refund is already owed whole.
    expect(reported.status).toBe(409);
    expect((await ledgerSums(number)).refund_owed).toBe(-150_000);
  });
});

describe("time", () => {
  it("an event is made and moved only into the future", async () => {
    const past = await post("/api/events/create", "planner", {
      name: "Yesterday",
      starttime: inDays(-1),
      location: "Chicago, IL",
    });
    expect(past.status).toBe(422);
    expect((await json<{ errors: unknown }>(past)).errors).toEqual({ starttime: ["Choose a time in the future"] });
    const made = await json<{ data: { url: string } }>(
      await post("/api/events/create", "planner", { name: "Later", starttime: inDays(30), location: "Chicago, IL" }),
    );
    const moved = await post(`/api/events/update/${made.data.url}`, "planner", {
      name: "Later",
      starttime: inDays(-2),
      location: "Chicago, IL",
    });
    expect(moved.status).toBe(422);
    expect((await json<{ errors: unknown }>(moved)).errors).toEqual({ starttime: ["Choose a time in the future"] });
  });

  it("from the event's start: no offer, no accept, no cancel or quote; a problem can still be reported", async () => {
    await server.database.db.execute(sql`delete from account_actions`);
    const created = await json<{ data: { url: string } }>(
      await post("/api/events/create", "planner", {
        name: "Started",
        starttime: inDays(20),
        location: "Chicago, IL",
        actUrl: "the-velvet-tones",
      }),
    );
    const inviteId = await server.inviteOf(created.data.url);
    const offer = await json<{ data: { id: number } }>(
      await post(`/api/offers/submit/${inviteId}`, "owner", { price: 900 }),
    );
    await server.database.db.execute(
      sql`update events set starttime = now() - interval '1 hour' where url = ${created.data.url}`,
    );
    const late = await post(`/api/offers/submit/${inviteId}`, "owner", { price: 800 });
    expect(late.status).toBe(409);
    expect((await json<{ message: string }>(late)).message).toBe("The event has started");
    const accept = await post(`/api/offers/accept/${offer.data.id}`, "planner");
    expect(accept.status).toBe(409);
    expect((await json<{ message: string }>(accept)).message).toBe("The event has started");

    const number = await booked(40, "flexible");
    await eventStarted(number, 1);
    for (const who of ["planner", "owner"] as const) {
      const cancel = await post(`/api/bookings/${number}/cancel`, who, { reason: "Too late" });
      expect(cancel.status, who).toBe(409);
      expect((await json<{ message: string }>(cancel)).message).toBe("The event has started: report a problem instead");
      expect((await get(`/api/bookings/${number}/cancellation`, who)).status, who).toBe(409);
    }
    expect((await bookingOf(number)).status).toBe("confirmed");
    const reported = await post(`/api/bookings/${number}/report`, "planner", {
      kind: "no_show",
      details: "Nobody came",
    });
    expect(reported.status).toBe(201);
  });

  it("a booking is completed from the day after its event, with no job run; then reviewed 'Verified booking'", async () => {
    const number = await booked(45, "moderate");
    const { url } = (
      await rows<{ url: string }>(
        sql`select e.url from events e join bookings b on b.event_id = e.id where b.number = ${number}`,
      )
    )[0]!;
    const review = { event_url: url, rating: 5, title: "Great", body: "They played all night." };
    const early = await post("/api/entertainer-reviews/add-entertainer-review/the-velvet-tones", "planner", review);
    expect(early.status).toBe(422);
    expect((await json<{ errors: unknown }>(early)).errors).toEqual({
      event_url: ["You can review an act after its event"],
    });
    await eventStarted(number, 2);
    // Started, but its day (in Chicago) may be today: still not over.
    await eventStarted(number, 60);
    expect((await bookingOf(number)).status).toBe("completed");
    expect((await bookingOf(number, "owner")).status).toBe("completed");
    const verified = await post("/api/entertainer-reviews/add-entertainer-review/the-velvet-tones", "planner", review);
    expect(verified.status, await verified.clone().text()).toBe(201);
  });

  it("a planner cannot review an act whose booking was cancelled", async () => {
    const number = await booked(50, "moderate");
    expect((await post(`/api/bookings/${number}/cancel`, "planner", { reason: "Changed plans" })).status).toBe(200);
    await eventStarted(number, 60);
    const { url } = (
      await rows<{ url: string }>(
        sql`select e.url from events e join bookings b on b.event_id = e.id where b.number = ${number}`,
      )
    )[0]!;
    const refused = await post("/api/entertainer-reviews/add-entertainer-review/the-velvet-tones", "planner", {
      event_url: url,
      rating: 1,
      title: "Never came",
      body: "Cancelled on us.",
    });
    expect(refused.status).toBe(422);
    expect((await json<{ errors: unknown }>(refused)).errors).toEqual({
      event_url: ["You can review an act after its event"],
    });
  });
});

describe("days people read are the event's", () => {
  it("an agreement accepted late in the evening in Honolulu says that day, not the next one in UTC", async () => {
    await server.database.db.execute(sql`delete from account_actions`);
    const created = await json<{ data: { url: string } }>(
      await post("/api/events/create", "planner", {
        name: "Luau",
        starttime: inDays(80),
        location: "Honolulu, HI",
        actUrl: "the-velvet-tones",
      }),
    );
    const offer = await json<{ data: { id: number } }>(
      await post(`/api/offers/submit/${await server.inviteOf(created.data.url)}`, "owner", { price: 900 }),
    );
    const accepted = await json<{ data: { booking: string } }>(
      await post(`/api/offers/accept/${offer.data.id}`, "planner", { release_others: false }),
    );
    const number = accepted.data.booking;
    // 10 PM on Friday, December 4 in Honolulu is Saturday, December 5 in UTC.
    await server.database.db.execute(
      // Drawn again from the booking when read, as one made before agreements were kept.
      sql`update bookings set created_at = '2026-12-05T08:00:00Z', agreement = null where number = ${number}`,
    );
    const response = await server.request(`/bookings/${number}/agreement.pdf`, {
      cookie: await server.cookieFor("planner"),
    });
    const proxy = await getDocumentProxy(new Uint8Array(await response.arrayBuffer()));
    const text = (await extractText(proxy, { mergePages: true })).text;
    // The planner's signature is the acceptance; the act's is its offer's, sent today (on 5 December
    // in Honolulu, that day's date stands there, and must not be taken for the acceptance's).
    expect(text).toContain("Signed by the planner: Pat Planner, on Friday, December 4, 2026");
    expect(text).not.toContain("Signed by the planner: Pat Planner, on Saturday, December 5, 2026");
    const reported = await post(`/api/bookings/${number}/report`, "planner", { kind: "other", details: "A question" });
    expect((await json<{ data: { case: { event: { time_zone: string } } } }>(reported)).data.case.event.time_zone).toBe(
      "Pacific/Honolulu",
    );
  });
});

describe("a payment recorded while the booking is cancelled", () => {
  it("is refused or counted: never a cancelled booking holding a paid deposit with nothing owed", async () => {
    const numbers = await Promise.all(Array.from({ length: 10 }, (_, i) => booked(100 + i, "moderate", 2000, 20_000)));
    const pairs = await Promise.all(
      numbers.map(async (number) => {
        // Ten pairs at once on PostgreSQL: each a record and a cancel of one booking.
        const deposit = (await bookingOf(number)).payments.find((payment) => payment.kind === "deposit")!;
        const [recorded, cancelled] = await Promise.all([
          record(deposit.id),
          post(`/api/bookings/${number}/cancel`, "owner", { reason: "Race" }),
        ]);
        return { number, recorded: recorded.status, cancelled: cancelled.status };
      }),
    );
    for (const pair of pairs) {
      expect(pair.cancelled, pair.number).toBe(200);
      expect([200, 409], pair.number).toContain(pair.recorded);
      const booking = await bookingOf(pair.number);
      const sums = await ledgerSums(pair.number);
      // The act cancelled: everything paid comes back.
      expect((sums.refund_owed ?? 0) + booking.paid_cents, pair.number).toBe(0);
      expect(booking.paid_cents, pair.number).toBe(pair.recorded === 200 ? 20_000 : 0);
    }
  });
});

describe("amounts", () => {
  it("every amount a person enters stops at $999,999.99", async () => {
    await server.database.db.execute(sql`delete from account_actions`);
    const created = await json<{ data: { url: string } }>(
      await post("/api/events/create", "planner", {
        name: "Big",
        starttime: inDays(60),
        location: "Chicago, IL",
        actUrl: "the-velvet-tones",
      }),
    );
    const inviteId = await server.inviteOf(created.data.url);
    const over = await post(`/api/offers/submit/${inviteId}`, "owner", { price: 1_000_000 });
    expect(over.status).toBe(422);
    expect(Object.keys((await json<{ errors: object }>(over)).errors)).toEqual(["price"]);
    expect((await post(`/api/offers/submit/${inviteId}`, "owner", { price: 999_999.99 })).status).toBe(200);
    const deposit = await post(`/api/offers/submit/${inviteId}`, "owner", { price: 5000, deposit_cents: 100_000_000 });
    expect(deposit.status).toBe(422);
    expect(Object.keys((await json<{ errors: object }>(deposit)).errors)).toContain("deposit_cents");
  });
});

describe("reminders", () => {
  it("each reminder is sent once however often its job runs, and none once its moment has passed", async () => {
    const number = await booked(30, "moderate");
    const { id } = (await rows<{ id: number }>(sql`select id from bookings where number = ${number}`))[0]!;
    const reminders = async () =>
      (
        await rows<{ n: number }>(
          sql`select count(*)::int as n from notifications where kind = 'event_reminder' and body like ${`%${number}%`}`,
        )
      )[0]!.n;
    expect(await server.runJob("event_reminder", `${number}:7`)).toBe(true);
    expect(await reminders()).toBe(2);
    expect(await server.runJob("event_reminder", `${number}:7`)).toBe(false);
    expect(await reminders()).toBe(2);
    // The day-before reminder run on the event's day (or after) says nothing.
    await eventStarted(number, 1);
    expect(await server.runJob("event_reminder", `${number}:1`)).toBe(false);
    expect(await reminders()).toBe(2);
    expect(id).toBeGreaterThan(0);
  });
});

describe("the demo's bookings", () => {
  it("are scheduled as the book move schedules one: a payment due in the ledger, and its moments", async () => {
    const [gala] = await rows<{ number: string; id: number }>(
      sql`select b.number, b.id from bookings b join events e on e.id = b.event_id where e.url = 'spring-gala'`,
    );
    const booking = await bookingOf(gala!.number);
    expect(booking.payments).toEqual([
      expect.objectContaining({ kind: "balance", amount_cents: 850_000, status: "due" }),
    ]);
    expect(await ledgerSums(gala!.number)).toEqual({ planner_owes: 850_000, act_earned: -850_000 });
    // Its moments have passed: the review request is there for the worker, which completes it.
    expect(await server.runJob("review_request", gala!.number)).toBe(true);
  });
});

describe("the ledger's rules are the database's", () => {
  it("no update, delete or truncate; known accounts only; a line's booking never changes", async () => {
    const number = await booked(70, "strict");
    const db = server.database.db;
    await expect(db.execute(sql`truncate ledger_lines`)).rejects.toThrow();
    await expect(db.execute(sql`truncate ledger_transactions cascade`)).rejects.toThrow();
    await expect(
      db.execute(sql`update ledger_transactions set booking_id = booking_id + 1 where booking_number = ${number}`),
    ).rejects.toThrow();
    await expect(db.execute(sql`delete from ledger_transactions where booking_number = ${number}`)).rejects.toThrow();
    await expect(
      db.transaction(async (tx) => {
        const [made] = (
          (await tx.execute(
            sql`insert into ledger_transactions (booking_number, memo) values (${number}, 'made up') returning id`,
          )) as unknown as { rows: { id: number }[] }
        ).rows;
        await tx.execute(
          sql`insert into ledger_lines (transaction_id, account, amount_cents) values (${made!.id}, 'pocket', 100), (${made!.id}, 'act_earned', -100)`,
        );
      }),
    ).rejects.toThrow();
    expect(Object.values(await ledgerSums(number)).reduce((sum, cents) => sum + cents, 0)).toBe(0);
  });
});

describe("cancelling an event after one of its bookings was cancelled", () => {
  it("ends the rest and tells the acts still invited; the act whose booking ended was told then", async () => {
    const number = await booked(120, "moderate");
    const { url } = (
      await rows<{ url: string }>(
        sql`select e.url from events e join bookings b on b.event_id = e.id where b.number = ${number}`,
      )
    )[0]!;
    expect((await post(`/api/events/invite-acts/${url}`, "planner", { acts: ["dj-nova"] })).status).toBe(200);
    expect((await post(`/api/bookings/${number}/cancel`, "planner", { reason: "Smaller party" })).status).toBe(200);
    const cancelled = await post(`/api/events/cancel/${url}`, "planner");
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
  });
});
