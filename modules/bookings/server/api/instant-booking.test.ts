import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "#domain/messages";
import { rowsOf } from "#server/db/rows-of";
import { AVAILABILITY_MESSAGES } from "#modules/availability/availability";
import { type DemoUser, type TestServer, createTestServer, json } from "#tests/setup/api-harness";

/** CONTRACT.md "What planners get beyond a quote (turn 5)": instant booking. */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

const ACT = "the-velvet-tones"; // Chicago, managed by "owner", paid directly
type Who = DemoUser | "guest";
const INSTANT = {
  price_cents: 60_000,
  deposit_cents: 15_000,
  cancellation_policy: "flexible",
  terms: "Two 45-minute sets.",
};

interface Offering {
  id: number;
  title: string;
  instant: null | { price_cents: number; deposit_cents: number; cancellation_policy: string; terms: string };
}
const offerings = async (as: Who = "planner") =>
  (
    await json<{ data: { packages: Offering[]; eventTypes: { id: number }[] } }>(
      await server.get(`/api/acts/${ACT}`, as),
    )
  ).data;

async function addOffering(title: string, instant: unknown, as: Who = "owner") {
  const eventType = (await offerings("owner")).eventTypes[0]!.id;
  return server.post(`/api/packages/create/${ACT}`, as, {
    title,
    description: "Four hours of soul and Motown, sound included.",
    eventTypes: [eventType],
    instant,
  });
}

let nextDay = 200;
async function plannersEvent(
  name: string,
  { location = "Chicago, IL", as = "planner" as DemoUser, days = nextDay-- } = {},
) {
  const created = await server.post("/api/events/create", as, {
    name,
    starttime: new Date(Date.now() + days * 86_400_000).toISOString(),
    location,
  });
  expect(created.status, await created.clone().text()).toBe(201);
  return (await json<{ data: { url: string } }>(created)).data.url;
}

const count = async (table: "bookings" | "offers" | "invites" | "packages") =>
  (await rowsOf<{ n: number }>(server.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))))[0]!.n;

let instantId = 0;
let quoteOnlyId = 0;

describe("an offering bookable at once", () => {
  it("its act's manager and admins make it instant; others are refused, and bad terms change nothing", async () => {
    const before = await count("packages");
    for (const [who, status] of [
      ["guest", 401],
      ["planner", 403],
      ["otherArtist", 403],
    ] as const)
      expect((await addOffering("Not yours", INSTANT, who)).status, who).toBe(status);
    for (const [instant, field, message, status] of [
      [{ ...INSTANT, price_cents: 40 }, "instant.price_cents", MESSAGES.cardPaymentBounds, 422],
      [{ ...INSTANT, price_cents: 100_000_000 }, "instant.price_cents", MESSAGES.cardPaymentBounds, 422],
      [{ ...INSTANT, price_cents: 600.5 }, "instant.price_cents", MESSAGES.instantPriceRequired, 400],
      [{ ...INSTANT, deposit_cents: 70_000 }, "instant.deposit_cents", MESSAGES.depositAbovePrice, 422],
      // A balance of 20 cents is a card charge Stripe refuses.
      [{ ...INSTANT, deposit_cents: 59_980 }, "instant.deposit_cents", MESSAGES.cardPaymentBounds, 422],
      [{ ...INSTANT, cancellation_policy: "lenient" }, "instant.cancellation_policy", undefined, 422],
      [{ ...INSTANT, terms: "a\u0000b" }, "instant.terms", MESSAGES.unsafeText, 422],
    ] as const) {
      const refused = await addOffering("Refused", instant);
      const body = await json<{ errors?: Record<string, string[]> }>(refused.clone());
      expect([400, 422], JSON.stringify(instant)).toContain(refused.status);
      if (status === 422) expect(refused.status, JSON.stringify(instant)).toBe(422);
      expect(Object.keys(body.errors ?? {}), JSON.stringify(body)).toContain(field);
      if (message) expect(body.errors?.[field]).toEqual([message]);
    }
    expect(await count("packages")).toBe(before);

    const made = await addOffering("Four-hour party", INSTANT);
    expect(made.status, await made.clone().text()).toBe(200);
    instantId = (await json<{ data: { id: number } }>(made)).data.id;
    const quoteOnly = await addOffering("Quote only", null);
    quoteOnlyId = (await json<{ data: { id: number } }>(quoteOnly)).data.id;
    // Planners and guests read the terms, never who signed them.
    for (const who of ["planner", "guest"] as const) {
      const listed = (await offerings(who)).packages;
      expect(listed.find((item) => item.id === instantId)?.instant, who).toEqual(INSTANT);
      expect(listed.find((item) => item.id === quoteOnlyId)?.instant, who).toBeNull();
    }
    // Another act's manager cannot make this act's offering instant, nor take it back.
    const edit = (as: Who, instant: unknown) =>
      server.post(`/api/packages/edit-package/${ACT}/${instantId}`, as, {
        title: "Four-hour party",
        description: "Four hours of soul and Motown, sound included.",
        eventTypes: [],
        instant,
      });
    expect((await edit("otherArtist", null)).status).toBe(403);
    expect((await offerings()).packages.find((item) => item.id === instantId)?.instant).toEqual(INSTANT);
  });

  it("search finds acts with one (instant=1), each item says so, and a wrong value is the field's 422", async () => {
    const found = await json<{ data: { url: string; instant: boolean }[] }>(
      await server.get("/api/acts?instant=1&perPage=50", "guest"),
    );
    expect(found.data.map((act) => act.url)).toEqual([ACT]);
    expect(found.data[0]!.instant).toBe(true);
    const all = await json<{ data: { url: string; instant: boolean }[] }>(
      await server.get("/api/acts?perPage=50", "guest"),
    );
    expect(all.data.length).toBeGreaterThan(1);
    expect(all.data.filter((act) => act.instant).map((act) => act.url)).toEqual([ACT]);
    const wrong = await server.get("/api/acts?instant=yes", "guest");
    expect(wrong.status).toBe(422);
    expect((await json<{ errors: Record<string, string[]> }>(wrong)).errors.instant).toEqual([MESSAGES.instantFilter]);
  });

  it("a planner books a free day in one step: the booking an accepted offer makes, travel added, both sides signed", async () => {
    await server.post(`/api/acts/${ACT}/travel`, "owner", { free_miles: 20, cents_per_mile: 100 });
    const eventUrl = await plannersEvent("Barn wedding", { location: "Rockford, IL" });
    const book = (as: Who, body: unknown = { offering_id: instantId, event_url: eventUrl, phone: "+1 312 555 0142" }) =>
      server.post("/api/bookings/instant", as, body);
    for (const [who, status] of [
      ["guest", 401],
      ["owner", 403],
      ["otherArtist", 403],
      ["admin", 403],
      // Not their event: nothing to book it for.
      ["otherPlanner", 404],
    ] as const) {
      const answer = await book(who);
      expect(answer.status, `${who}: ${await answer.clone().text()}`).toBe(status);
    }
    const booked = await book("planner");
    expect(booked.status, await booked.clone().text()).toBe(201);
    const made = (await json<{ data: { message: string; booking: string } }>(booked)).data;
    expect(made.message).toBe("The Velvet Tones booked for Barn wedding");

    const booking = (
      await json<{
        data: {
          price_cents: number;
          cancellation_policy: string;
          terms: string;
          status: string;
          payments: { kind: string; amount_cents: number }[];
          agreement: { signatures: { side: string; name: string; signed_at: string }[]; sha256: string; text: string };
          contacts: { planner: { phone: string | null } };
        };
      }>(await server.get(`/api/bookings/${made.booking}`, "planner"))
    ).data;
    const travel = (
      await json<{ data: { travel_cents: number } }>(
        await server.get(`/api/acts/${ACT}?event_url=${eventUrl}`, "planner"),
      )
    ).data.travel_cents;
    expect(travel).toBeGreaterThan(0);
    expect(booking.price_cents).toBe(INSTANT.price_cents + travel);
    expect(booking.status).toBe("confirmed");
    expect(booking.cancellation_policy).toBe("flexible");
    expect(booking.terms).toBe(INSTANT.terms);
    expect(booking.payments.map((payment) => [payment.kind, payment.amount_cents])).toEqual([
      ["deposit", INSTANT.deposit_cents],
      ["balance", INSTANT.price_cents + travel - INSTANT.deposit_cents],
    ]);
    expect(booking.contacts.planner.phone).toBe("+1 312 555 0142");
    const [actSigned, plannerSigned] = booking.agreement.signatures;
    expect(actSigned?.side).toBe("act");
    expect(actSigned?.name).toMatch(/ for The Velvet Tones$/);
    // The act signed when its manager made the offering instant, before the planner booked.
    expect(new Date(actSigned!.signed_at).getTime()).toBeLessThan(new Date(plannerSigned!.signed_at).getTime());
    expect(plannerSigned?.side).toBe("planner");
    expect(booking.agreement.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(booking.agreement.text).toContain("The act agreed to this by making its offering bookable at once");

    // The act's invite to the event was made and booked in the same move.
    const events = await json<{ data: { url: string; invites: { act: { url: string }; state: string }[] }[] }>(
      await server.get("/api/events?perPage=50", "planner"),
    );
    const invites = events.data.find((event) => event.url === eventUrl)!.invites;
    expect(invites.map((invite) => [invite.act.url, invite.state])).toEqual([[ACT, "booked"]]);
    // Both sides told: the planner's confirmation, the act's "booked".
    const kinds = await rowsOf<{ kind: string }>(
      server.database.db.execute(
        sql`select kind from notifications where body like '%Barn wedding%' or title like '%Barn wedding%'`,
      ),
    );
    expect(new Set(kinds.map((row) => row.kind))).toEqual(new Set(["booking_confirmed", "offer_accepted"]));
    // The thread says how it was booked.
    const lines = await rowsOf<{ body: string }>(
      server.database.db.execute(sql`select m.body from messages m join conversations c on c.id = m.conversation_id
        join events e on e.id = c.event_id where e.url = ${eventUrl}`),
    );
    expect(lines.map((line) => line.body).join("\n")).toMatch(/booked The Velvet Tones instantly for Barn wedding/);
  });

  it("refuses a day that is not free, an offering not instant or gone, an act not bookable, a started event; nothing changes", async () => {
    const taken = await plannersEvent("First on the day", { days: 150 });
    expect(
      (await server.post("/api/bookings/instant", "planner", { offering_id: instantId, event_url: taken })).status,
    ).toBe(201);
    const sameDay = await plannersEvent("Second on the day", { days: 150, as: "otherPlanner" });
    const other = await plannersEvent("Another day");
    const before = {
      bookings: await count("bookings"),
      offers: await count("offers"),
      invites: await count("invites"),
    };
    const refused = async (as: Who, body: unknown, status: number, message?: string) => {
      const answer = await server.post("/api/bookings/instant", as, body);
      expect(answer.status, `${JSON.stringify(body)}: ${await answer.clone().text()}`).toBe(status);
      if (message) expect((await json<{ message: string }>(answer)).message).toBe(message);
    };
    const day = (
      await rowsOf<{ day: string }>(
        server.database.db.execute(
          sql`select to_char(starttime at time zone 'America/Chicago', 'YYYY-MM-DD') as day from events where url = ${sameDay}`,
        ),
      )
    )[0]!.day;
    await refused(
      "otherPlanner",
      { offering_id: instantId, event_url: sameDay },
      409,
      AVAILABILITY_MESSAGES.notAvailableOn(day),
    );
    await refused("planner", { offering_id: quoteOnlyId, event_url: other }, 409, MESSAGES.notInstant);
    await refused("planner", { offering_id: 987_654, event_url: other }, 404);
    await refused("planner", { offering_id: instantId, event_url: "no-such-event" }, 404);
    await refused("planner", { offering_id: "1", event_url: other }, 400);
    await refused("planner", { offering_id: instantId }, 422);
    await refused("planner", { offering_id: instantId, event_url: "bad\u0000url" }, 422);
    await server.database.db.execute(sql`update acts set internal_use_only = true where url = ${ACT}`);
    await refused("planner", { offering_id: instantId, event_url: other }, 409, MESSAGES.actNotBookable);
    await server.database.db.execute(sql`update acts set internal_use_only = false where url = ${ACT}`);
    await server.database.db.execute(sql`update events set starttime = now() - interval '1 hour' where url = ${other}`);
    await refused("planner", { offering_id: instantId, event_url: other }, 409, MESSAGES.eventStarted);
    expect({
      bookings: await count("bookings"),
      offers: await count("offers"),
      invites: await count("invites"),
    }).toEqual(before);
  });
});
