import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "#domain/messages";
import { rowsOf } from "#server/db/rows-of";
import { type TestServer, createTestServer, json } from "#tests/setup/api-harness";

/** CONTRACT.md "What acts get to run their business (turn 5)": lead preferences and fits. */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

const ACT = "the-velvet-tones"; // based in Chicago, also plays Milwaukee and Indianapolis; managed by "owner"
const path = `/api/acts/${ACT}/lead-preferences`;
const TAKES = { event_types: ["Wedding", "Private Party"], min_budget_cents: 200_000, max_miles: 50, weekdays: [5, 6] };

/** The next given weekday (0 Sunday) at least `weeks` weeks ahead, 7 PM in Chicago, as a wall time. */
function nextWeekday(weekday: number, weeks = 8): string {
  const day = new Date(Date.now() + weeks * 7 * 86_400_000);
  day.setUTCDate(day.getUTCDate() + ((weekday - day.getUTCDay() + 7) % 7));
  return `${day.toISOString().slice(0, 10)}T19:00`;
}

async function plannersEvent(details: Record<string, unknown>): Promise<string> {
  const created = await server.post("/api/events/create", "planner", { name: `Event ${Math.random()}`, ...details });
  expect(created.status, await created.clone().text()).toBe(201);
  return (await json<{ data: { url: string } }>(created)).data.url;
}

type Fit = { fits: boolean; misfits: string[] };

describe("what an act takes", () => {
  it("its manager and admins set it; others are refused, and bad preferences change nothing", async () => {
    for (const [who, status] of [
      ["guest", 401],
      ["planner", 403],
      ["otherArtist", 403],
    ] as const)
      expect((await server.post(path, who, TAKES)).status, who).toBe(status);
    expect((await server.post("/api/acts/no-such-act/lead-preferences", "owner", TAKES)).status).toBe(404);
    for (const [body, errors, status] of [
      [{ ...TAKES, event_types: ["Bar Mitzvah"] }, { event_types: [MESSAGES.unknownEventType] }],
      [{ ...TAKES, event_types: "Wedding" }, { event_types: [MESSAGES.unknownEventType] }, 400],
      [{ ...TAKES, event_types: ["Wedding\u0000"] }, { "event_types.0": [MESSAGES.unsafeText] }],
      [{ ...TAKES, min_budget_cents: -1 }, { min_budget_cents: [MESSAGES.minBudgetWhole] }],
      [{ ...TAKES, min_budget_cents: 12.5 }, { min_budget_cents: [MESSAGES.minBudgetWhole] }, 400],
      [{ ...TAKES, min_budget_cents: 1e308 }, { min_budget_cents: [MESSAGES.minBudgetWhole] }],
      [{ ...TAKES, max_miles: 0 }, { max_miles: [MESSAGES.maxMilesWhole] }],
      [{ ...TAKES, max_miles: 3001 }, { max_miles: [MESSAGES.maxMilesWhole] }],
      [{ ...TAKES, weekdays: [7] }, { "weekdays.0": [MESSAGES.weekdayNumber] }],
      [{ ...TAKES, weekdays: ["Friday"] }, { "weekdays.0": [MESSAGES.weekdayNumber] }, 400],
      [
        { ...TAKES, event_types: Array.from({ length: 31 }, (_, i) => `Type ${i}`) },
        { event_types: [MESSAGES.tooManyEventTypes] },
      ],
    ] as const) {
      const refused = await server.post(path, "owner", body);
      expect(refused.status, JSON.stringify(body)).toBe(status ?? 422);
      expect((await json<{ errors: unknown }>(refused)).errors, JSON.stringify(body)).toEqual(errors);
    }
    const profile = async () =>
      (await json<{ data: { takes: unknown } }>(await server.get(`/api/acts/${ACT}`, "guest"))).data;
    expect((await profile()).takes).toBeNull();

    expect((await server.post(path, "admin", { event_types: [] })).status).toBe(200);
    const saved = await server.post(path, "owner", { ...TAKES, weekdays: [6, 5, 6] });
    expect((await json<{ data: { message: string } }>(saved)).data.message).toBe(
      "Saved what The Velvet Tones takes: Weddings and private parties, from $2,000, within 50 miles, Fridays and Saturdays",
    );
    expect((await profile()).takes).toEqual(TAKES);
    const search = await json<{ data: { url: string; takes: unknown }[] }>(
      await server.get("/api/acts?searchTerms=velvet", "guest"),
    );
    expect(search.data.find((act) => act.url === ACT)?.takes).toEqual(TAKES);
  });

  it("a lead outside is still delivered, marked with its reasons on both sides and before sending", async () => {
    await server.post(path, "owner", TAKES);
    const fitting = await plannersEvent({
      starttime: nextWeekday(6),
      location: "Evanston, IL",
      event_type: "Wedding",
      budget: 5000,
    });
    const outside = await plannersEvent({
      starttime: nextWeekday(2),
      location: "Detroit, MI",
      event_type: "Corporate Event",
      budget: 800,
    });
    // Unsaid details cannot put a lead outside: no type, no budget, no place known.
    const unsaid = await plannersEvent({ starttime: nextWeekday(5), location: "Somewhere Else Entirely" });

    // The planner's list of events to invite the act to says so before anything is sent.
    const toInvite = await json<{ data: ({ url: string } & Fit)[] }>(
      await server.get(`/api/events/events-to-invite/${ACT}`, "planner"),
    );
    const fitOf = (url: string) => toInvite.data.find((event) => event.url === url);
    expect(fitOf(fitting)).toMatchObject({ fits: true, misfits: [] });
    expect(fitOf(outside)).toMatchObject({ fits: false, misfits: ["event_type", "budget", "distance", "weekday"] });
    expect(fitOf(unsaid)).toMatchObject({ fits: true, misfits: [] });

    for (const event of [fitting, outside])
      expect((await server.post(`/api/acts/invite-to-event/${ACT}`, "planner", { event })).status).toBe(200);
    const invites = await json<{
      data: ({ event: { url: string }; answer_by: string | null; created_at: string } & Fit)[];
    }>(await server.get("/api/invites?perPage=50", "owner"));
    const invite = (url: string) => invites.data.find((item) => item.event.url === url)!;
    expect(invite(fitting)).toMatchObject({ fits: true, misfits: [] });
    expect(invite(outside)).toMatchObject({ fits: false, misfits: ["event_type", "budget", "distance", "weekday"] });
    // A new lead is due an answer within the 24 hours the response rate counts.
    const { created_at, answer_by } = invite(outside);
    expect(Date.parse(answer_by!) - Date.parse(created_at)).toBe(24 * 3_600_000);

    // The planner's own events say the same of the invite.
    const events = await json<{ data: { url: string; invites: ({ act: { url: string } } & Fit)[] }[] }>(
      await server.get("/api/events?perPage=50", "planner"),
    );
    const planned = events.data.find((event) => event.url === outside)!.invites.find((each) => each.act.url === ACT);
    expect(planned).toMatchObject({ fits: false, misfits: ["event_type", "budget", "distance", "weekday"] });

    // The marks are the invite's as sent: changing what the act takes later does not rewrite them.
    await server.post(path, "owner", { event_types: [] });
    const [stored] = await rowsOf<{ misfits: string[] }>(
      server.database.db.execute(
        sql`select i.misfits from invites i join events e on e.id = i.event_id where e.url = ${outside}`,
      ),
    );
    expect(stored?.misfits).toEqual(["event_type", "budget", "distance", "weekday"]);
  });
});
