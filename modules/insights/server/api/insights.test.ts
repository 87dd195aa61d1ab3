import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "#domain/messages";
import { addDays } from "#domain/calendar-days";
import { rowsOf } from "#server/db/rows-of";
import { htmlResponse } from "#server/http/page-response";
import type { SsrHandler } from "#start/app";
import { type DemoUser, type TestServer, createTestServer, json } from "#tests/setup/api-harness";
import { bookThroughApi } from "#tests/setup/booking-fixture";
import { SHOWN_ACTS_MEMO, createActivityCounter } from "../activity-counter";

/**
 * CONTRACT.md "What acts get to run their business (turn 5)": insights. The pages here are a
 * stand-in for React Router's render (as in the guest cache's tests): a profile that answers 200
 * for an act, and a page of results that tells its memo the acts it shows; what is measured is
 * the real counting around the real guest cache.
 */

const ACT = "the-velvet-tones"; // managed by "owner"
const OTHER = "dj-nova";
const BROWSER =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile Safari/604.1";
const today = () => new Date().toISOString().slice(0, 10);

const ssr: SsrHandler = async (request, context) => {
  const path = new URL(request.url).pathname;
  if (path === "/search") context.remember(SHOWN_ACTS_MEMO, [ACT, OTHER]);
  const known = path === "/search" || path === `/entertainment/${ACT}` || path === `/entertainment/${OTHER}`;
  return htmlResponse(Buffer.from(`<p>${path}</p>`), {
    status: known ? 200 : 404,
    headers: { "content-type": "text/html; charset=utf-8" },
  });
};

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ ssr, guestCache: true });
});
afterAll(async () => server.close());

type Day = {
  day: string;
  views: number;
  search_appearances: number;
  leads: number;
  offers: number;
  bookings: number;
  earnings_cents: number;
};
type Answer = {
  days: Day[];
  totals: Omit<Day, "day">;
  response_rate: number | null;
  response_time_hours: number | null;
};

const insights = async (query = "", as: DemoUser = "owner") =>
  (await json<{ data: Answer }>(await server.get(`/api/acts/${ACT}/insights${query}`, as))).data;
const todayOf = async () => (await insights()).days.at(-1)!;

/** A page asked as a browser would: from an address, with a browser's name, maybe signed in. */
async function look(
  path: string,
  { ip = "203.0.113.7", agent = BROWSER, as }: { ip?: string; agent?: string; as?: DemoUser } = {},
) {
  const cookie = as ? await server.cookieFor(as) : null;
  return server.request(path, { ip, headers: { "user-agent": agent }, cookie });
}

describe("insights", () => {
  it("the act's manager and admins read them; a guest is 401, anyone else 403, no act 404", async () => {
    for (const [who, status] of [
      ["planner", 403],
      ["otherArtist", 403],
      ["owner", 200],
      ["admin", 200],
    ] as const)
      expect((await server.get(`/api/acts/${ACT}/insights`, who)).status, who).toBe(status);
    expect((await server.get(`/api/acts/${ACT}/insights`, "guest")).status).toBe(401);
    expect((await server.get("/api/acts/no-such-act/insights", "owner")).status).toBe(404);
    const answer = await insights();
    expect(answer.days).toHaveLength(30);
    expect(answer.days.at(-1)?.day).toBe(today());
    expect(answer.days[0]?.day).toBe(addDays(today(), -29));
  });

  it("refuses days that are not days, backwards ranges and more than 366 days, by field", async () => {
    for (const [query, errors] of [
      ["?from=2026-02-30", { from: [MESSAGES.calendarDate] }],
      ["?to=yesterday", { to: [MESSAGES.calendarDate] }],
      ["?from=2026-12-02&to=2026-12-01", { from: [MESSAGES.insightsFromAfterTo] }],
      ["?from=2025-01-01&to=2026-01-02", { to: [MESSAGES.insightsTooManyDays] }],
      ["?from=%00", { from: [MESSAGES.calendarDate] }],
    ] as const) {
      const refused = await server.get(`/api/acts/${ACT}/insights${query}`, "owner");
      expect(refused.status, query).toBe(422);
      expect((await json<{ errors: unknown }>(refused)).errors, query).toEqual(errors);
    }
    // A leap year's 366 days are one answer.
    expect((await insights("?from=2024-01-01&to=2024-12-31")).days).toHaveLength(366);
    expect((await insights("?from=2026-11-01&to=2026-11-03")).days.map((day) => day.day)).toEqual([
      "2026-11-01",
      "2026-11-02",
      "2026-11-03",
    ]);
  });

  it("counts a profile view once per visitor per day, cached pages too, and neither crawlers nor the act's own people", async () => {
    const before = (await todayOf()).views;
    const first = await look(`/entertainment/${ACT}`);
    expect(first.status).toBe(200);
    const again = await look(`/entertainment/${ACT}`);
    expect(again.headers.get("x-cache")).toBe("hit");
    expect((await todayOf()).views).toBe(before + 1);

    // Another guest, from the cache; a planner signed in: each a view.
    expect((await look(`/entertainment/${ACT}`, { ip: "203.0.113.8" })).headers.get("x-cache")).toBe("hit");
    await look(`/entertainment/${ACT}`, { as: "planner" });
    await look(`/entertainment/${ACT}`, { as: "planner" });
    // Not counted: a crawler, a tool with no browser's name, the act's artist, an admin, another artist, a missing page, its calendar.
    await look(`/entertainment/${ACT}`, {
      ip: "66.249.66.1",
      agent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    });
    await look(`/entertainment/${ACT}`, { ip: "203.0.113.9", agent: "" });
    await look(`/entertainment/${ACT}`, { as: "owner" });
    await look(`/entertainment/${ACT}`, { as: "admin" });
    await look(`/entertainment/${ACT}`, { as: "otherArtist" });
    await look("/entertainment/no-such-act", { ip: "203.0.113.10" });
    expect((await todayOf()).views).toBe(before + 3);

    // Only a digest of the guest is kept, never the address.
    const stored = await rowsOf<{ visitor: string }>(
      server.database.db.execute(
        sql`select visitor from act_views v join acts a on a.id = v.act_id where a.url = ${ACT}`,
      ),
    );
    expect(stored.some((row) => row.visitor.includes("203.0.113"))).toBe(false);
  });

  it("holds on several servers: each writes what it saw, and a visitor seen on two is one view", async () => {
    const before = (await todayOf()).views;
    const [one, two] = [createActivityCounter(server.database.db), createActivityCounter(server.database.db)];
    one.viewed(ACT, "guest:198.51.100.4\nBrowser");
    two.viewed(ACT, "guest:198.51.100.4\nBrowser");
    two.viewed(ACT, "guest:198.51.100.5\nBrowser");
    one.appeared([ACT]);
    two.appeared([ACT, ACT]);
    const appearances = (await todayOf()).search_appearances;
    await Promise.all([one.stop(), two.stop()]);
    const now = await todayOf();
    expect(now.views).toBe(before + 2);
    expect(now.search_appearances).toBe(appearances + 3);
  });

  it("counts each act on a page of results someone was shown, from the cache too", async () => {
    const before = (await todayOf()).search_appearances;
    await look("/search");
    expect((await look("/search", { ip: "203.0.113.20" })).headers.get("x-cache")).toBe("hit");
    await look("/search", { as: "planner" });
    await look("/search", { agent: "Mozilla/5.0 (compatible; bingbot/2.0)" });
    expect((await todayOf()).search_appearances).toBe(before + 3);
  });

  it("leads, offers, bookings and earnings are the day's own, as the invites and the ledger have them", async () => {
    const before = await todayOf();
    await bookThroughApi(server, { name: "Insights Gala", days: 60, price_cents: 580_000, deposit_cents: 150_000 });
    const after = await todayOf();
    expect(after.leads - before.leads).toBe(1);
    expect(after.offers - before.offers).toBe(1);
    expect(after.bookings - before.bookings).toBe(1);
    // Booked, the price is earned in the ledger (the act's statement counts it the same).
    expect(after.earnings_cents - before.earnings_cents).toBe(580_000);
    const totals = (await insights()).totals;
    expect(totals.bookings).toBeGreaterThanOrEqual(1);
    expect(totals.views).toBe((await insights()).days.reduce((sum, day) => sum + day.views, 0));
  });

  it("downloads the days as CSV for the act's manager and admins; a guest signs in first", async () => {
    const csv = await server.request(`/acts/${ACT}/insights.csv?from=2026-11-01&to=2026-11-03`, {
      cookie: await server.cookieFor("owner"),
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toBe(
      `attachment; filename="${ACT}-insights-2026-11-01-to-2026-11-03.csv"`,
    );
    const lines = (await csv.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe("Day,Profile views,Search appearances,Leads,Offers,Bookings,Earnings (USD)");
    expect(lines.slice(1).map((line) => line.split(",")[0])).toEqual(["2026-11-01", "2026-11-02", "2026-11-03"]);
    expect(lines[1]).toMatch(/^2026-11-01,\d+,\d+,\d+,\d+,\d+,-?\d+\.\d{2}$/);
    const admin = await server.request(`/acts/${ACT}/insights.csv`, { cookie: await server.cookieFor("admin") });
    expect((await admin.text()).trimEnd().split("\r\n")).toHaveLength(31);

    const guest = await server.request(`/acts/${ACT}/insights.csv`);
    expect(guest.status).toBe(302);
    expect(guest.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(`/acts/${ACT}/insights.csv`)}`);
    for (const who of ["planner", "otherArtist"] as const)
      expect(
        (await server.request(`/acts/${ACT}/insights.csv`, { cookie: await server.cookieFor(who) })).status,
        who,
      ).toBe(403);
    const bad = await server.request(`/acts/${ACT}/insights.csv?from=2026-12-02&to=2026-12-01`, {
      cookie: await server.cookieFor("owner"),
    });
    expect(bad.status).toBe(422);
    expect(await bad.text()).toBe(MESSAGES.insightsFromAfterTo);
  });
});
