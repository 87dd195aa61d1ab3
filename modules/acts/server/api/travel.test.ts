import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "#domain/messages";
import { milesBetween } from "#domain/places";
import { rowsOf } from "#server/db/rows-of";
import { type DemoUser, type TestServer, createTestServer, json } from "#tests/setup/api-harness";
import { bookThroughApi } from "#tests/setup/booking-fixture";

/** CONTRACT.md "What planners get beyond a quote (turn 5)": travel priced. */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

const ACT = "the-velvet-tones"; // based in Chicago, also plays Milwaukee and Indianapolis; managed by "owner"
const path = `/api/acts/${ACT}/travel`;
type Who = DemoUser | "guest";
const profile = async (query = "", as: Who = "planner") =>
  server.get(`/api/acts/${ACT}${query}`, as).then((response) => response);

/** Great-circle miles from the nearest of the act's locations to a city, read from the gazetteer the server uses. */
async function milesFromVelvet(city: string, region: string): Promise<number> {
  const points = await rowsOf<{ lat: number; lng: number; label: string }>(
    server.database.db.execute(sql`select lat, lng, label from places where label in
      ('Chicago, IL', 'Milwaukee, WI', 'Indianapolis, IN', ${`${city}, ${region}`})`),
  );
  const to = points.find((point) => point.label === `${city}, ${region}`)!;
  return Math.min(...points.filter((point) => point !== to).map((point) => milesBetween(point, to)));
}

async function plannersEvent(name: string, location: string, as: DemoUser = "planner"): Promise<string> {
  const created = await server.post("/api/events/create", as, {
    name,
    starttime: new Date(Date.now() + 90 * 86_400_000).toISOString(),
    location,
  });
  expect(created.status, await created.clone().text()).toBe(201);
  return (await json<{ data: { url: string } }>(created)).data.url;
}

describe("travel priced", () => {
  it("the act's manager and admins set it; others are refused, and bad figures change nothing", async () => {
    const travel = { free_miles: 30, cents_per_mile: 200 };
    for (const [who, status] of [
      ["guest", 401],
      ["planner", 403],
      ["otherArtist", 403],
    ] as const)
      expect((await server.post(path, who, travel)).status, who).toBe(status);
    expect((await server.post("/api/acts/no-such-act/travel", "owner", travel)).status).toBe(404);
    for (const [body, errors, status] of [
      [{ free_miles: 30, cents_per_mile: 1001 }, { cents_per_mile: [MESSAGES.travelTooHigh] }],
      // A fraction of a cent or a string is a wrong type (400); a figure out of range a rule (422).
      [{ free_miles: 30, cents_per_mile: 12.5 }, { cents_per_mile: [MESSAGES.travelWholeCents] }, 400],
      [{ free_miles: 30, cents_per_mile: -1 }, { cents_per_mile: [MESSAGES.travelWholeCents] }],
      [{ free_miles: 30, cents_per_mile: "200" }, { cents_per_mile: [MESSAGES.travelWholeCents] }, 400],
      [{ free_miles: -5, cents_per_mile: 200 }, { free_miles: [MESSAGES.freeMilesWhole] }],
      [{ free_miles: 3001, cents_per_mile: 200 }, { free_miles: [MESSAGES.freeMilesWhole] }],
      [{ cents_per_mile: 200 }, { free_miles: [MESSAGES.freeMilesWhole] }],
      [
        { free_miles: 1e308, cents_per_mile: 1e308 },
        { free_miles: [MESSAGES.freeMilesWhole], cents_per_mile: [MESSAGES.travelTooHigh] },
      ],
    ] as const) {
      const refused = await server.post(path, "owner", body);
      expect(refused.status, JSON.stringify(body)).toBe(status ?? 422);
      expect((await json<{ errors: unknown }>(refused)).errors, JSON.stringify(body)).toEqual(errors);
    }
    expect((await json<{ data: { travel: unknown } }>(await profile())).data.travel).toBeNull();

    expect((await server.post(path, "admin", { free_miles: 0, cents_per_mile: 0 })).status).toBe(200);
    const saved = await server.post(path, "owner", travel);
    expect((await json<{ data: { message: string } }>(saved)).data.message).toBe(
      "Travel saved: First 30 miles free, then $2 a mile",
    );
    expect((await json<{ data: { travel: unknown } }>(await profile("", "guest"))).data.travel).toEqual(travel);
  });

  it("the profile asked for a planner's event, search near a place, invites and offers all price the same miles", async () => {
    await server.post(path, "owner", { free_miles: 30, cents_per_mile: 200 });
    const miles = await milesFromVelvet("Detroit", "MI");
    expect(miles).toBeGreaterThan(220);
    expect(miles).toBeLessThan(260);
    const expected = (Math.round(miles) - 30) * 200;

    const event = await plannersEvent("Detroit Gala", "Detroit, MI");
    const answered = await json<{ data: { travel_cents: number | null } }>(await profile(`?event_url=${event}`));
    expect(answered.data.travel_cents).toBe(expected);
    // Without an event there is nothing to price; someone else's event is not theirs to ask about.
    expect("travel_cents" in (await json<{ data: object }>(await profile())).data).toBe(false);
    expect((await profile(`?event_url=${event}`, "otherPlanner")).status).toBe(404);
    expect((await profile(`?event_url=${event}`, "guest")).status).toBe(404);
    expect((await profile("?event_url=no-such-event")).status).toBe(404);
    expect((await profile(`?event_url=${event}`, "admin")).status).toBe(200);

    // Search near Detroit: the same figure on the act's card; near home, within the free miles, none.
    const near = async (location: string) =>
      (
        await json<{ data: { url: string; travel_cents?: number | null }[] }>(
          await server.get(`/api/acts?location=${encodeURIComponent(location)}&radius=250&perPage=50`, "guest"),
        )
      ).data;
    expect((await near("Detroit, MI")).find((act) => act.url === ACT)?.travel_cents).toBe(expected);
    expect((await near("Chicago, IL")).find((act) => act.url === ACT)?.travel_cents).toBe(0);
    const other = (await near("Chicago, IL")).find((act) => act.url !== ACT);
    if (other) expect(other.travel_cents).toBeNull();
    const plain = await json<{ data: object[] }>(await server.get("/api/acts?perPage=5", "guest"));
    expect(plain.data.every((act) => !("travel_cents" in act))).toBe(true);

    // The act's invite says what travel there comes to; an offer's price must cover it, and carries it as a line.
    await server.post(`/api/acts/invite-to-event/${ACT}`, "planner", { event });
    const invites = await json<{ data: { id: number; event: { url: string }; travel_cents: number | null }[] }>(
      await server.get("/api/invites?perPage=50", "owner"),
    );
    const invite = invites.data.find((item) => item.event.url === event)!;
    expect(invite.travel_cents).toBe(expected);
    const tooLow = await server.post(`/api/offers/submit/${invite.id}`, "owner", { price_cents: expected - 1 });
    expect(tooLow.status).toBe(422);
    expect((await json<{ errors: unknown }>(tooLow)).errors).toEqual({
      price_cents: [
        MESSAGES.priceCoversTravel(`$${(expected / 100).toLocaleString("en-US", { minimumFractionDigits: 2 })}`),
      ],
    });
    const sent = await server.post(`/api/offers/submit/${invite.id}`, "owner", { price_cents: 500_000 });
    expect(sent.status, await sent.clone().text()).toBe(200);
    const offered = await json<{ data: { offers: { price_cents: number; travel_cents: number }[] }[] }>(
      await server.get("/api/invites?perPage=50", "owner"),
    );
    expect(offered.data.flatMap((item) => item.offers)).toEqual(
      expect.arrayContaining([expect.objectContaining({ price_cents: 500_000, travel_cents: expected })]),
    );
  });

  it("an act that prices no travel quotes as before: no travel line, any price", async () => {
    await server.database.db.execute(sql`update acts set travel = null where url = ${ACT}`);
    const { offerId } = await bookThroughApi(server, {
      name: "No Travel",
      days: 60,
      price_cents: 100,
      deposit_cents: 0,
    });
    const [row] = await rowsOf<{ travel_cents: number }>(
      server.database.db.execute(sql`select travel_cents from offers where id = ${offerId}`),
    );
    expect(row!.travel_cents).toBe(0);
  });
});
