import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { AVAILABILITY, AVAILABILITY_MESSAGES, type AvailabilityDay } from "#modules/availability/availability";
import { addDays } from "#domain/calendar-days";
import { dayIn } from "#modules/bookings/events";
import { ACCOUNT_LIMITS } from "#domain/limits";
import { type CalendarServer, icsDay, icsFile, startCalendarServer } from "#tests/setup/calendar-server";
import { createTestServer, json, type TestServer } from "#tests/setup/api-harness";

/**
 * A calendar is a file a user chooses, and reading it is work its author decides the size of:
 * it is read on a worker thread within a budget, and an account may only ask so often. Each
 * test is a request of the outside probe that froze the server (issue 45, item 1).
 */

let server: TestServer;
let calendars: CalendarServer;
beforeAll(async () => {
  [server, calendars] = await Promise.all([createTestServer(), startCalendarServer()]);
});
afterAll(async () => Promise.all([server.close(), calendars.close()]));
beforeEach(() => server.database.db.execute(sql`delete from account_actions where action = 'calendarSubscribeTried'`));

const ACT = "the-velvet-tones"; // in Chicago, managed by "owner"
const ZONE = "America/Chicago";
const day = (offset: number) => addDays(dayIn(new Date(), ZONE), offset);
const subscribe = (url: string, cookie?: string, act = ACT) =>
  cookie
    ? server.request(`/api/availability/calendars/${act}`, { method: "POST", cookie, json: { url } })
    : server.post(`/api/availability/calendars/${act}`, "owner", { url });
const fieldErrors = async (response: Response) => (await json<{ errors?: Record<string, string[]> }>(response)).errors;
const busyDays = async () =>
  (
    await json<{ data: AvailabilityDay[] }>(
      await server.get(`/api/acts/${ACT}/availability?from=${day(0)}&to=${day(399)}`, "owner"),
    )
  ).data.filter((entry) => entry.status === "busy");
const removeAll = () => server.database.db.execute(sql`delete from calendar_subscriptions`);

/**
 * Runs `work` while asking /healthz every 50 ms, and answers the work's result with the slowest
 * health answer: the thread that answers requests must stay free while a feed is read.
 */
async function withHealthTimed<T>(work: () => Promise<T>): Promise<{ result: T; slowestHealthMs: number }> {
  let slowest = 0;
  let done = false;
  const probe = (async () => {
    while (!done) {
      const started = performance.now();
      expect((await server.request("/healthz")).status).toBe(200);
      slowest = Math.max(slowest, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  try {
    return { result: await work(), slowestHealthMs: slowest };
  } finally {
    done = true;
    await probe;
  }
}

/** A bound for a loaded two-core machine; the contract's figure is a second, and the read itself takes seconds. */
const HEALTH_BOUND_MS = 1_500;

describe("a calendar feed that asks too much", () => {
  it("every minute, five times over (the probe's 600-byte feed): read by the days it touches, at once, with /healthz answering", async () => {
    const minutely = [1, 2, 3, 4, 5].map(
      (n) => `UID:minutely-${n}@test
       DTSTAMP:20260101T000000Z
       SUMMARY:Every minute ${n}
       DTSTART;TZID=${ZONE}:${icsDay(day(1))}T00000${n}
       DTEND;TZID=${ZONE}:${icsDay(day(1))}T00010${n}
       RRULE:FREQ=MINUTELY`,
    );
    calendars.serve("/minutely.ics", icsFile(minutely, [ZONE]));
    const { result, slowestHealthMs } = await withHealthTimed(() => subscribe(calendars.url("/minutely.ics")));
    expect(result.status).toBe(201);
    expect(slowestHealthMs).toBeLessThan(HEALTH_BOUND_MS);
    const busy = await busyDays();
    // Every day from tomorrow to the end of what is read (400 days ahead) is busy, and only those.
    expect(busy[0]?.date).toBe(day(1));
    expect(busy.length).toBeGreaterThanOrEqual(AVAILABILITY.expandDays - 2);
    // A rule that stops: every hour for three days, counted as those days.
    await removeAll();
    calendars.serve(
      "/hourly.ics",
      icsFile(
        [
          `UID:hourly@test\nDTSTAMP:20260101T000000Z\nSUMMARY:Festival\nDTSTART;TZID=${ZONE}:${icsDay(day(10))}T080000\nDTEND;TZID=${ZONE}:${icsDay(day(10))}T083000\nRRULE:FREQ=HOURLY;COUNT=60`,
        ],
        [ZONE],
      ),
    );
    expect((await subscribe(calendars.url("/hourly.ics"))).status).toBe(201);
    expect((await busyDays()).map((entry) => entry.date)).toEqual([day(10), day(11), day(12)]);
    await removeAll();
  });

  it("work past the budget (rules that step through a century before today) is stopped, said plainly, and /healthz answers meanwhile", async () => {
    const century = [1, 2, 3, 4, 5, 6, 7, 8].map(
      (n) =>
        `UID:century-${n}@test\nDTSTAMP:20260101T000000Z\nSUMMARY:Old ${n}\nDTSTART:1900010${n}T100000Z\nDTEND:1900010${n}T110000Z\nRRULE:FREQ=DAILY`,
    );
    calendars.serve("/century.ics", icsFile(century));
    const started = performance.now();
    const { result, slowestHealthMs } = await withHealthTimed(() => subscribe(calendars.url("/century.ics")));
    expect(await fieldErrors(result)).toEqual({ url: [AVAILABILITY_MESSAGES.calendarTooSlow] });
    expect(slowestHealthMs).toBeLessThan(HEALTH_BOUND_MS);
    // Stopped near the budget, not after every step of every rule.
    expect(performance.now() - started).toBeLessThan(AVAILABILITY.feedWorkMs + 6_000);
    expect(
      (await json<{ data: unknown[] }>(await server.get(`/api/availability/calendars/${ACT}`, "owner"))).data,
    ).toEqual([]);
  });

  it(`more than ${AVAILABILITY.feedMaxOccurrences.toLocaleString("en-US")} busy occurrences ahead is refused, and nothing is kept`, async () => {
    const daily = Array.from(
      { length: 30 },
      (_, n) =>
        `UID:daily-${n}@test\nDTSTAMP:20260101T000000Z\nSUMMARY:Daily ${n}\nDTSTART:${icsDay(day(1))}T1${n % 10}0000Z\nRRULE:FREQ=DAILY`,
    );
    calendars.serve("/crowded.ics", icsFile(daily));
    expect(await fieldErrors(await subscribe(calendars.url("/crowded.ics")))).toEqual({
      url: [AVAILABILITY_MESSAGES.calendarTooManyEvents],
    });
    expect(await busyDays()).toEqual([]);
  });
});

describe("calendars are read fairly between accounts (issue 62, item 7)", () => {
  it("one account's slow feeds wait behind each other, not in front of another account's", async () => {
    const slow = [1, 2, 3, 4, 5, 6, 7, 8].map(
      (n) =>
        `UID:slow-${n}@test\nDTSTAMP:20260101T000000Z\nSUMMARY:Old ${n}\nDTSTART:1900010${n}T100000Z\nDTEND:1900010${n}T110000Z\nRRULE:FREQ=DAILY`,
    );
    calendars.serve("/slow-a.ics", icsFile(slow));
    calendars.serve("/slow-b.ics", icsFile(slow));
    calendars.serve(
      "/quick.ics",
      icsFile([
        `UID:quick@test\nDTSTAMP:20260101T000000Z\nSUMMARY:Gig\nDTSTART:${icsDay(day(5))}T190000Z\nDTEND:${icsDay(day(5))}T220000Z`,
      ]),
    );
    const finished: string[] = [];
    const timed = (name: string, answer: Promise<Response>) =>
      answer.then((response) => {
        finished.push(name.startsWith("slow") ? "slow" : name);
        return response;
      });
    const first = timed("slow a", subscribe(calendars.url("/slow-a.ics")));
    const second = timed("slow b", subscribe(calendars.url("/slow-b.ics")));
    // The other account asks once the first account's feeds are both waiting on the worker.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const otherCookie = (await server.cookieFor("otherArtist"))!;
    const started = performance.now();
    const other = await timed("other account", subscribe(calendars.url("/quick.ics"), otherCookie, "draft-act"));
    const waited = performance.now() - started;
    await Promise.all([first, second]);
    expect(other.status).toBe(201);
    // The worker was busy with one slow feed when it asked; the other slow feed waited for it.
    expect(finished).toEqual(["slow", "other account", "slow"]);
    expect(waited).toBeLessThan(5_000);
    await removeAll();
  });
});

describe("subscribing, per account", () => {
  it(`at most ${ACCOUNT_LIMITS.calendarSubscribeTried.max} attempts an hour, refused ones counted: then 429 with Retry-After`, async () => {
    for (let attempt = 1; attempt <= ACCOUNT_LIMITS.calendarSubscribeTried.max; attempt++) {
      expect(
        await fieldErrors(await subscribe(calendars.url(`/nothing-${attempt}.ics`))),
        `attempt ${attempt}`,
      ).toEqual({ url: [AVAILABILITY_MESSAGES.calendarUnreachable] });
    }
    calendars.serve(
      "/fine.ics",
      icsFile([`UID:fine@test\nDTSTAMP:20260101T000000Z\nSUMMARY:Gig\nDTSTART;VALUE=DATE:${icsDay(day(3))}`]),
    );
    const refused = await subscribe(calendars.url("/fine.ics"));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(calendars.reads("/fine.ics")).toBe(0);
    // Another account is not held back by this one.
    expect(
      (await server.post(`/api/availability/calendars/${ACT}`, "admin", { url: calendars.url("/fine.ics") })).status,
    ).toBe(201);
    await removeAll();
  });

  it(`at most ${AVAILABILITY.subscribingAtOnce} at once: the next is 429 at once, without a request made for it`, async () => {
    for (const path of ["/slow-1.ics", "/slow-2.ics"])
      calendars.serve(path, { status: 200, body: icsFile([]), delayMs: 1_500 });
    calendars.serve("/third.ics", icsFile([]));
    const cookie = (await server.cookieFor("owner"))!;
    const slow = ["/slow-1.ics", "/slow-2.ics"].map((path) => subscribe(calendars.url(path), cookie));
    // Both are under way once the calendar server has been asked for each.
    for (let waited = 0; calendars.reads("/slow-1.ics") + calendars.reads("/slow-2.ics") < 2 && waited < 200; waited++)
      await new Promise((resolve) => setTimeout(resolve, 25));
    const third = await subscribe(calendars.url("/third.ics"), cookie);
    expect(third.status).toBe(429);
    expect((await json<{ message: string }>(third)).message).toBe(AVAILABILITY_MESSAGES.subscribingAtOnce);
    expect(calendars.reads("/third.ics")).toBe(0);
    expect((await Promise.all(slow)).map((response) => response.status)).toEqual([201, 201]);
    // Once they are done, the account may subscribe again.
    expect((await subscribe(calendars.url("/third.ics"), cookie)).status).toBe(201);
    await removeAll();
  });
});

describe("blocked days, per act", () => {
  it(`at most ${AVAILABILITY.maxBlocksAhead} blocked periods ahead: then 409, and freeing one makes room`, async () => {
    const { rows } = (await server.database.db.execute(
      sql`insert into act_blocks (act_id, starts_on, ends_on) select a.id, current_date + 500 + g, current_date + 500 + g from acts a, generate_series(1, ${AVAILABILITY.maxBlocksAhead}) g where a.url = ${ACT} returning id`,
    )) as unknown as { rows: { id: number }[] };
    const refused = await server.post(`/api/availability/block/${ACT}`, "owner", { from: day(30), to: day(30) });
    expect(refused.status).toBe(409);
    expect((await json<{ message: string }>(refused)).message).toBe(AVAILABILITY_MESSAGES.tooManyBlocks);
    expect((await server.post(`/api/availability/unblock/${rows[0]!.id}`, "owner")).status).toBe(200);
    expect((await server.post(`/api/availability/block/${ACT}`, "owner", { from: day(30), to: day(30) })).status).toBe(
      201,
    );
    await server.database.db.execute(sql`delete from act_blocks`);
  });
});
