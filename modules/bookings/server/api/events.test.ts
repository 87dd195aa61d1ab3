import { formatShortCalendarDate } from "#domain/calendar-days";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActProfile } from "#modules/acts/act-profile";
import { createTestServer, json, type DemoUser, type TestServer } from "#tests/setup/api-harness";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

type Who = DemoUser | "guest";
const post = (path: string, as: Who, body?: unknown) => server.post(path, as, body);
const get = (path: string, as: Who) => server.get(path, as);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

interface EventView {
  url: string;
  name: string;
  short_starttime: string;
  invites: {
    id: number;
    act: { url: string };
    state: string;
    review_due: boolean;
    offers: { id: number; price_cents: number; status: string }[];
  }[];
}
const plannerEvents = async (as: Who = "planner") =>
  (await json<{ data: EventView[] }>(await get("/api/events", as))).data;

describe("events", () => {
  it("only planners create events; the fields are checked", async () => {
    const body = { name: "Fall Fundraiser", starttime: inDays(40), location: "Chicago, IL" };
    expect((await post("/api/events/create", "guest", body)).status).toBe(401);
    for (const who of ["owner", "admin"] as const)
      expect((await post("/api/events/create", who, body)).status, who).toBe(403);
    const empty = await post("/api/events/create", "planner", {});
    expect(empty.status).toBe(422);
    expect((await json<{ errors: unknown }>(empty)).errors).toEqual({
      name: ["Event name is required"],
      starttime: ["Start time is required"],
      location: ["Location is required"],
    });
    expect(
      (
        await json<{ errors: unknown }>(
          await post("/api/events/create", "planner", { ...body, starttime: "next tuesday" }),
        )
      ).errors,
    ).toEqual({ starttime: ["Enter a valid date and time"] });
    const created = await post("/api/events/create", "planner", body);
    expect(created.status).toBe(201);
    const { data } = await json<{ data: { url: string } }>(created);
    expect(data.url).toMatch(/^fall-fundraiser-/);
    const listed = (await plannerEvents()).find((event) => event.url === data.url)!;
    expect(listed).toMatchObject({ name: "Fall Fundraiser", invites: [] });
    expect(listed.short_starttime).toMatch(
      /^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}(, \d{4})?, \d{1,2}:\d{2} [AP]M C[SD]T$/,
    );
  });

  it("a start time without an offset is the local time where the event happens; a written offset is kept", async () => {
    const create = async (starttime: string, location: string) => {
      const response = await post("/api/events/create", "planner", { name: `At ${location}`, starttime, location });
      expect(response.status, await response.clone().text()).toBe(201);
      const { url } = (await json<{ data: { url: string } }>(response)).data;
      return (await plannerEvents()).find((event) => event.url === url)! as EventView & {
        starttime: string;
        time_zone: string;
        location: string;
      };
    };
    const austin = await create("2027-12-04T19:00", "austin, tx");
    expect(austin).toMatchObject({
      starttime: "2027-12-05T01:00:00.000Z",
      time_zone: "America/Chicago",
      location: "Austin, TX",
      short_starttime: "Sat, Dec 4, 2027, 7:00 PM CST",
    });
    const denver = await create("2027-07-04T20:30", "Denver, CO");
    expect(denver).toMatchObject({
      starttime: "2027-07-05T02:30:00.000Z",
      short_starttime: "Sun, Jul 4, 2027, 8:30 PM MDT",
    });
    const offset = await create("2027-07-04T20:30:00Z", "Boston, MA");
    expect(offset).toMatchObject({
      starttime: "2027-07-04T20:30:00.000Z",
      short_starttime: "Sun, Jul 4, 2027, 4:30 PM EDT",
    });
    const online = await create("2027-07-04T20:30", "Online");
    expect(online).toMatchObject({
      starttime: "2027-07-04T20:30:00.000Z",
      time_zone: "UTC",
      location: "Online",
      short_starttime: "Sun, Jul 4, 2027, 8:30 PM UTC",
    });

    const unknown = await post("/api/events/create", "planner", {
      name: "Typo",
      starttime: "2027-07-04T20:30",
      location: "Chicgo, IL",
    });
    expect(unknown.status).toBe(422);
    expect((await json<{ errors: Record<string, string[]> }>(unknown)).errors.location![0]).toMatch(
      /^We could not find "Chicgo, IL"\. Did you mean Chicago, IL/,
    );
  });

  it("with actUrl the act is invited at once; an act that cannot be invited refuses the whole event", async () => {
    const created = await json<{ data: { url: string } }>(
      await post("/api/events/create", "planner", {
        name: "Gala",
        starttime: "2027-05-01T19:00",
        location: "Evanston, IL",
        actUrl: "dj-nova",
      }),
    );
    const event = (await plannerEvents()).find((item) => item.url === created.data.url)!;
    expect(event.invites.map((invite) => invite.act.url)).toEqual(["dj-nova"]);
    const before = (await plannerEvents()).length;
    expect(
      (
        await post("/api/events/create", "planner", {
          name: "Offsite",
          starttime: inDays(9),
          location: "Online",
          actUrl: "keynote-kim",
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await post("/api/events/create", "planner", {
          name: "Offsite",
          starttime: inDays(9),
          location: "Online",
          actUrl: "pending-act",
        })
      ).status,
    ).toBe(404);
    expect((await plannerEvents()).length).toBe(before);
  });

  it("the demo planner's events start on the hour, in the evening where they happen", async () => {
    const events = await plannerEvents("planner");
    for (const name of ["Spring Gala", "Summer Wedding", "Company Holiday Party"]) {
      expect(events.find((event) => event.name === name)?.short_starttime, name).toMatch(
        /, (6:00 PM CST|7:00 PM CDT)$/,
      );
    }
  });

  it("each planner sees only their own events", async () => {
    expect(await plannerEvents("otherPlanner")).toEqual([]);
    expect((await get("/api/events", "owner")).status).toBe(403);
    expect((await get("/api/events", "guest")).status).toBe(401);
  });
});

describe("what an act needs to quote", () => {
  it("an event says its kind, guests, budget, hours, venue and notes; the invited act reads them with the planner's name", async () => {
    const body = {
      name: "Lakeside Wedding",
      starttime: inDays(80),
      location: "Chicago, IL",
      actUrl: "dj-nova",
      event_type: "Wedding",
      guests: 150,
      budget: 6000,
      hours: 4.5,
      venue: "The Drake Hotel",
      notes: "First dance at 8 PM.",
    };
    const errors = async (extra: Record<string, unknown>) =>
      (await json<{ errors: unknown }>(await post("/api/events/create", "planner", { ...body, ...extra }))).errors;
    expect(await errors({ guests: 0 })).toEqual({ guests: ["Enter a number of guests from 1 to 100,000"] });
    expect(await errors({ hours: 30 })).toEqual({ hours: ["Enter hours from 0.5 to 24"] });
    expect(await errors({ budget: 12.5 })).toEqual({ budget: ["Enter a budget in whole dollars"] });
    expect(await errors({ budget: 2_000_000 })).toEqual({ budget: ["Enter a budget of $1,000,000 or less"] });
    expect(await errors({ event_type: "Moon Landing" })).toEqual({ event_type: ["Choose one of the event types"] });
    const created = await post("/api/events/create", "planner", body);
    expect(created.status).toBe(201);
    const { url } = (await json<{ data: { url: string } }>(created)).data;
    const details = {
      event_type: "Wedding",
      guests: 150,
      budget: 6000,
      hours: 4.5,
      venue: "The Drake Hotel",
      notes: "First dance at 8 PM.",
    };
    expect((await plannerEvents()).find((event) => event.url === url)).toMatchObject({ details });
    const invite = (
      await json<{ data: { event: { url: string; details: unknown; planner: unknown } }[] }>(
        await get("/api/invites", "owner"),
      )
    ).data.find((item) => item.event.url === url)!;
    expect(invite.event).toMatchObject({ details, planner: { name: "Pat Planner" } });
  });

  it("the planner edits an event; nobody else may; a cancelled one stays as it was", async () => {
    const { url } = (
      await json<{ data: { url: string } }>(
        await post("/api/events/create", "planner", {
          name: "Office Party",
          starttime: inDays(70),
          location: "Chicago, IL",
        }),
      )
    ).data;
    const edit = {
      name: "Office Holiday Party",
      starttime: "2031-12-18T19:00",
      location: "Evanston, IL",
      guests: 80,
      hours: 3,
    };
    expect((await post(`/api/events/update/${url}`, "guest", edit)).status).toBe(401);
    for (const who of ["owner", "admin"] as const)
      expect((await post(`/api/events/update/${url}`, who, edit)).status, who).toBe(403);
    expect((await post(`/api/events/update/${url}`, "otherPlanner", edit)).status).toBe(404);
    expect(
      (await json<{ errors: unknown }>(await post(`/api/events/update/${url}`, "planner", { ...edit, name: "" })))
        .errors,
    ).toEqual({ name: ["Event name is required"] });
    expect(await (await post(`/api/events/update/${url}`, "planner", edit)).json()).toEqual({
      data: { message: "Office Holiday Party saved" },
    });
    const saved = (await plannerEvents()).find((event) => event.url === url)! as EventView & {
      location: string;
      details: { guests: number; hours: number; venue: string | null };
    };
    expect(saved).toMatchObject({
      name: "Office Holiday Party",
      location: "Evanston, IL",
      details: { guests: 80, hours: 3, venue: null },
    });
    expect(saved.short_starttime).toContain("7:00 PM");
    await post(`/api/events/cancel/${url}`, "planner");
    expect((await post(`/api/events/update/${url}`, "planner", edit)).status).toBe(409);
  });
});

describe("invites", () => {
  it("events-to-invite lists upcoming events by name, without those the act is already invited to", async () => {
    const names = async (terms = "") =>
      (
        await json<{ data: { name: string }[] }>(
          await get(
            `/api/events/events-to-invite/the-velvet-tones?searchTerms=${encodeURIComponent(terms)}`,
            "planner",
          ),
        )
      ).data.map((event) => event.name);
    // Spring Gala has started and Company Holiday Party already invited the act.
    expect(await names()).toEqual(expect.arrayContaining(["Summer Wedding", "Fall Fundraiser", "Gala"]));
    expect(await names()).not.toContain("Spring Gala");
    expect(await names()).not.toContain("Company Holiday Party");
    expect(await names("wed")).toEqual(["Summer Wedding", "Lakeside Wedding"]);
    expect(await names("nothing like this")).toEqual([]);
    expect((await get("/api/events/events-to-invite/the-velvet-tones", "owner")).status).toBe(403);
  });

  it("a planner invites an act to their event once; a second invite is 409", async () => {
    expect((await post("/api/acts/invite-to-event/the-velvet-tones", "planner", {})).status).toBe(422);
    expect(
      (await post("/api/acts/invite-to-event/the-velvet-tones", "otherPlanner", { event: "summer-wedding" })).status,
    ).toBe(404);
    expect(
      (await post("/api/acts/invite-to-event/the-velvet-tones", "owner", { event: "summer-wedding" })).status,
    ).toBe(403);
    expect(
      (await post("/api/acts/invite-to-event/the-velvet-tones", "guest", { event: "summer-wedding" })).status,
    ).toBe(401);
    expect((await post("/api/acts/invite-to-event/keynote-kim", "planner", { event: "summer-wedding" })).status).toBe(
      403,
    );
    const ok = await post("/api/acts/invite-to-event/the-velvet-tones", "planner", { event: "summer-wedding" });
    expect(await ok.json()).toEqual({ data: { message: "The Velvet Tones invited to Summer Wedding" } });
    const again = await post("/api/acts/invite-to-event/the-velvet-tones", "planner", { event: "summer-wedding" });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      message: "The Velvet Tones is already invited to this event",
      code: "conflict",
    });
  });
});

describe("offers and bookings", () => {
  let inviteId: number;

  it("the act's artist sees its invites; others see none of them", async () => {
    const { data } = await json<{
      data: { id: number; act: { url: string; name: string }; event: { url: string; name: string } }[];
    }>(await get("/api/invites", "owner"));
    const invite = data.find((item) => item.event.name === "Summer Wedding")!;
    // Each item says which event and which act, by url, so that a client can act on it.
    expect(invite.event.url).toBe("summer-wedding");
    expect(invite.act).toEqual({ url: "the-velvet-tones", name: "The Velvet Tones" });
    inviteId = invite.id;
    const other = await json<{ data: { act: { url: string } }[] }>(await get("/api/invites", "otherArtist"));
    expect(other.data.every((item) => item.act.url !== "the-velvet-tones")).toBe(true);
    expect((await get("/api/invites", "planner")).status).toBe(403);
  });

  it("only the act's artist (or an admin) answers an invite, with a valid price", async () => {
    expect((await post(`/api/offers/submit/${inviteId}`, "otherArtist", { price: 100 })).status).toBe(404);
    expect((await post(`/api/offers/submit/${inviteId}`, "planner", { price: 100 })).status).toBe(404);
    const bad = await post(`/api/offers/submit/${inviteId}`, "owner", { price: -5 });
    expect((await json<{ errors: unknown }>(bad)).errors).toEqual({ price: ["An offer is at least $1"] });
    // Whole cents, never rounded; at least a dollar.
    for (const [price, message] of [
      [0, "An offer is at least $1"],
      [0.5, "An offer is at least $1"],
      [12.345, "Enter the price in dollars and cents, such as 1500 or 1500.50"],
    ] as const) {
      expect(
        (await json<{ errors: unknown }>(await post(`/api/offers/submit/${inviteId}`, "owner", { price }))).errors,
        String(price),
      ).toEqual({ price: [message] });
    }
    expect((await json<{ errors: unknown }>(await post(`/api/offers/submit/${inviteId}`, "owner", {}))).errors).toEqual(
      { price_cents: ["Price is required"] },
    );
    const ok = await post(`/api/offers/submit/${inviteId}`, "owner", { price: 7250.5, message: "Full band" });
    expect(ok.status).toBe(200);
    const event = (await plannerEvents()).find((item) => item.url === "summer-wedding")!;
    expect(event.invites[0]).toMatchObject({ state: "offered", offers: [{ price_cents: 725050, status: "pending" }] });
  });

  it("takes the price in cents as every amount is, and still the deprecated dollars, which must agree", async () => {
    for (const [price_cents, message] of [
      [99, "An offer is at least $1"],
      [1500.5, "Enter the price in whole cents, such as 150000 for $1,500"],
      [100_000_000_000, "Price is too high"],
    ] as const) {
      const body = { price_cents };
      const answer = await json<{ errors: unknown }>(await post(`/api/offers/submit/${inviteId}`, "owner", body));
      expect(answer.errors, String(price_cents)).toEqual({ price_cents: [message] });
    }
    const twice = await post(`/api/offers/submit/${inviteId}`, "owner", { price_cents: 725000, price: 7250.5 });
    expect(twice.status).toBe(422);
    expect((await json<{ errors: unknown }>(twice)).errors).toEqual({
      price: ["Send the price once: price_cents and the deprecated price say different amounts"],
    });
    const ok = await post(`/api/offers/submit/${inviteId}`, "owner", { price_cents: 725000, deposit_cents: 100000 });
    expect(ok.status).toBe(200);
    const event = (await plannerEvents()).find((item) => item.url === "summer-wedding")!;
    expect(event.invites[0]!.offers[0]).toMatchObject({
      price_cents: 725000,
      deposit_cents: 100000,
      status: "pending",
    });
    // The document says which to send.
    const doc = await json<{
      paths: Record<string, { post: { requestBody: { content: Record<string, { schema: unknown }> } } }>;
    }>(await get("/api/openapi.json", "owner"));
    const offerBody = JSON.stringify(doc.paths["/offers/submit/{inviteId}"]!.post.requestBody);
    expect(offerBody).toContain('"price_cents"');
    expect(offerBody).toMatch(/"price":\{[^}]*"deprecated":true/);
  });

  it("the newest offer is the act's latest offer", async () => {
    const act = (await json<{ data: ActProfile }>(await get("/api/acts/the-velvet-tones", "admin"))).data;
    expect(Date.now() - Date.parse(act.latestOffer!.date_time_posted)).toBeLessThan(60_000);
  });

  it("only the event's planner accepts, once; that books the act", async () => {
    const offerId = (await plannerEvents()).find((item) => item.url === "summer-wedding")!.invites[0]!.offers[0]!.id;
    expect((await post(`/api/offers/accept/${offerId}`, "otherPlanner")).status).toBe(404);
    expect((await post(`/api/offers/accept/${offerId}`, "owner")).status).toBe(403);
    expect((await post(`/api/offers/accept/${offerId}`, "guest")).status).toBe(401);
    expect(await (await post(`/api/offers/accept/${offerId}`, "planner")).json()).toEqual({
      data: { message: "The Velvet Tones booked for Summer Wedding", booking: expect.stringMatching(/^[A-Z0-9]{8}$/) },
    });
    expect((await post(`/api/offers/accept/${offerId}`, "planner")).status).toBe(409);
    expect((await plannerEvents()).find((item) => item.url === "summer-wedding")!.invites[0]!.state).toBe("booked");
    expect((await post(`/api/offers/submit/${inviteId}`, "owner", { price: 1 })).status).toBe(409);
    // A booked act's invite stays.
    expect((await post(`/api/invites/withdraw/${inviteId}`, "planner")).status).toBe(409);
  });

  it("only the event's planner withdraws an invite, with its offers; the act is told", async () => {
    const created = await json<{ data: { url: string } }>(
      await post("/api/events/create", "planner", {
        name: "Lake Party",
        starttime: inDays(30),
        location: "Chicago, IL",
        actUrl: "the-velvet-tones",
      }),
    );
    const invite = () => plannerEvents().then((list) => list.find((item) => item.url === created.data.url)!.invites[0]);
    const id = (await invite())!.id;
    expect((await post(`/api/offers/submit/${id}`, "owner", { price: 900 })).status).toBe(200);
    expect((await post(`/api/invites/withdraw/${id}`, "guest")).status).toBe(401);
    for (const who of ["owner", "admin"] as const)
      expect((await post(`/api/invites/withdraw/${id}`, who)).status, who).toBe(403);
    expect((await post(`/api/invites/withdraw/${id}`, "otherPlanner")).status).toBe(404);
    expect((await invite())!.offers).toHaveLength(1);
    expect(await (await post(`/api/invites/withdraw/${id}`, "planner")).json()).toEqual({
      data: { message: "Invite of The Velvet Tones to Lake Party withdrawn" },
    });
    expect(await invite()).toBeUndefined();
    const { data: artistInvites } = await json<{ data: { id: number }[] }>(await get("/api/invites", "owner"));
    expect(artistInvites.map((item) => item.id)).not.toContain(id);
    const { data: notes } = await json<{ data: { title: string }[] }>(await get("/api/notifications", "owner"));
    expect(notes.map((note) => note.title)).toContain("Lake Party no longer invites The Velvet Tones");
    expect((await post(`/api/invites/withdraw/${id}`, "planner")).status).toBe(404);
  });
});

describe("offers with terms, and saying no", () => {
  /** A new event with The Velvet Tones invited, `days` ahead; its invite's id. */
  async function invitedTo(name: string, days: number) {
    const created = await json<{ data: { url: string } }>(
      await post("/api/events/create", "planner", {
        name,
        starttime: inDays(days),
        location: "Chicago, IL",
        actUrl: "the-velvet-tones",
      }),
    );
    const event = (await plannerEvents()).find((item) => item.url === created.data.url)!;
    return { url: event.url, inviteId: event.invites[0]!.id };
  }
  const offersOf = async (url: string) =>
    (await plannerEvents()).find((item) => item.url === url)!.invites[0]!.offers as unknown as {
      id: number;
      status: string;
      deposit_cents: number;
      expires_on: string;
      terms: string;
    }[];

  it("an offer carries a deposit up to its price, a last day from today to the event's, and cancellation terms", async () => {
    const { url, inviteId } = await invitedTo("Harbor Gala", 30);
    const errors = async (body: unknown) =>
      (await json<{ errors: unknown }>(await post(`/api/offers/submit/${inviteId}`, "owner", body))).errors;
    expect(await errors({ price: 1000, deposit_cents: 100_001 })).toEqual({
      deposit_cents: ["The deposit can't be more than the price"],
    });
    expect(await errors({ price: 1000, expires_on: "2020-01-01" })).toEqual({
      expires_on: ["Choose a day from today to the event's day"],
    });
    expect(await errors({ price: 1000, expires_on: inDays(45).slice(0, 10) })).toEqual({
      expires_on: ["Choose a day from today to the event's day"],
    });
    expect(await errors({ price: 1000, expires_on: "next week" })).toEqual({
      expires_on: ["Enter a date as YYYY-MM-DD"],
    });
    expect(await errors({ price: 1000, terms: "x".repeat(2001) })).toEqual({
      terms: ["Must be 2000 characters or less"],
    });
    expect(
      (
        await post(`/api/offers/submit/${inviteId}`, "owner", {
          price: 1000,
          deposit_cents: 25_000,
          terms: "Refunded in full up to 30 days before.",
        })
      ).status,
    ).toBe(200);
    const [offer] = await offersOf(url);
    // Without a last day, a week from today (the event is further away).
    expect(offer).toMatchObject({
      deposit_cents: 25_000,
      terms: "Refunded in full up to 30 days before.",
      status: "pending",
    });
    const week = (Date.parse(offer!.expires_on) - Date.now()) / 86_400_000;
    expect(week).toBeGreaterThan(5.5);
    expect(week).toBeLessThan(7.5);
  });

  it("an offer no longer stands after its last day: accepting it is 409 'This offer has expired'", async () => {
    const { url, inviteId } = await invitedTo("Winter Ball", 20);
    await post(`/api/offers/submit/${inviteId}`, "owner", { price: 800 });
    const [offer] = await offersOf(url);
    // Its last day was yesterday, and its job has not run yet: the offer is refused all the same.
    await server.database.db.execute(
      sql`update offers set expires_on = (now() - interval '2 days')::date where id = ${offer!.id}`,
    );
    const refused = await post(`/api/offers/accept/${offer!.id}`, "planner");
    expect(refused.status).toBe(409);
    expect((await json<{ message: string }>(refused)).message).toBe("This offer has expired");
    // Its job stores it expired, for lists to read; a second run changes nothing.
    expect(await server.runJob("offer_expire", String(offer!.id))).toBe(true);
    expect((await offersOf(url))[0]!.status).toBe("expired");
    expect(await server.runJob("offer_expire", String(offer!.id))).toBe(false);
  });

  it("an offer's last day, where the event happens (Honolulu): the planner is reminded the morning before, and it closes at the day's end", async () => {
    const created = await json<{ data: { url: string } }>(
      await post("/api/events/create", "planner", {
        name: "Luau",
        starttime: inDays(20),
        location: "Honolulu, HI",
        actUrl: "the-velvet-tones",
      }),
    );
    const event = (await plannerEvents()).find((item) => item.url === created.data.url)!;
    const lastDay = inDays(10).slice(0, 10);
    const sent = await json<{ data: { id: number } }>(
      await post(`/api/offers/submit/${event.invites[0]!.id}`, "owner", { price: 900, expires_on: lastDay }),
    );
    const offerId = sent.data.id;
    const jobsOf = async () =>
      (
        await json<{ data: { kind: string; run_at: string; state: string; subject: string }[] }>(
          await get("/api/admin/jobs?perPage=50", "admin"),
        )
      ).data.filter((job) => job.subject === `Offer ${offerId}`);
    const dayBefore = new Date(Date.parse(`${lastDay}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const dayAfter = new Date(Date.parse(`${lastDay}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    // 9 AM the day before, and midnight after the last day, in Honolulu (UTC-10, no daylight time).
    expect(
      (await jobsOf())
        .map(({ kind, run_at, state }) => ({ kind, run_at, state }))
        .sort((a, b) => a.kind.localeCompare(b.kind)),
    ).toEqual([
      { kind: "offer_expire", run_at: `${dayAfter}T10:00:00.000Z`, state: "scheduled" },
      { kind: "offer_expiring", run_at: `${dayBefore}T19:00:00.000Z`, state: "scheduled" },
    ]);
    expect(await server.runJob("offer_expiring", String(offerId))).toBe(true);
    const note = (
      await json<{ data: { kind: string; title: string; body: string }[] }>(await get("/api/notifications", "planner"))
    ).data[0];
    expect(note).toMatchObject({
      kind: "offer_expiring",
      title: `The offer from The Velvet Tones for Luau ends ${formatShortCalendarDate(lastDay)}`,
    });
    expect(note!.body).toContain("$900.00");
    // Answered, the offer's jobs are called off (an admin reads them done), and would do nothing if they ran.
    expect((await post(`/api/offers/decline/${offerId}`, "planner")).status).toBe(200);
    expect((await jobsOf()).map((job) => job.state)).toEqual(["done", "done"]);
    expect(await server.runJob("offer_expiring", String(offerId))).toBe(false);
    expect(await server.runJob("offer_expire", String(offerId))).toBe(false);
  });

  it("the event's planner declines an offer; the act is told in the app and in the conversation; it cannot be accepted after", async () => {
    const { url, inviteId } = await invitedTo("Garden Brunch", 25);
    await post(`/api/offers/submit/${inviteId}`, "owner", { price: 1500 });
    const [offer] = await offersOf(url);
    expect((await post(`/api/offers/decline/${offer!.id}`, "guest")).status).toBe(401);
    for (const who of ["owner", "admin"] as const)
      expect((await post(`/api/offers/decline/${offer!.id}`, who)).status, who).toBe(403);
    expect((await post(`/api/offers/decline/${offer!.id}`, "otherPlanner")).status).toBe(404);
    expect(await (await post(`/api/offers/decline/${offer!.id}`, "planner")).json()).toEqual({
      data: { message: "Offer from The Velvet Tones declined" },
    });
    expect((await offersOf(url))[0]!.status).toBe("declined");
    expect((await post(`/api/offers/decline/${offer!.id}`, "planner")).status).toBe(409);
    expect((await post(`/api/offers/accept/${offer!.id}`, "planner")).status).toBe(409);
    const { data: notes } = await json<{ data: { kind: string; title: string }[] }>(
      await get("/api/notifications", "owner"),
    );
    expect(notes[0]).toMatchObject({
      kind: "offer_declined",
      title: "Garden Brunch declined the offer of The Velvet Tones",
    });
    const conversations = await json<{ data: { id: number; event: { url: string } | null }[] }>(
      await get("/api/conversations", "owner"),
    );
    const thread = conversations.data.find((item) => item.event?.url === url)!;
    const { data } = await json<{ data: { messages: { kind: string; body: string }[] } }>(
      await get(`/api/conversations/${thread.id}`, "owner"),
    );
    expect(data.messages.at(-1)).toEqual(
      expect.objectContaining({
        kind: "offer",
        body: "Pat Planner declined the offer of $1,500.00 for Garden Brunch.",
      }),
    );
  });
});

describe("saying no, from either side", () => {
  async function invitedTo(name: string, days: number) {
    const created = await json<{ data: { url: string } }>(
      await post("/api/events/create", "planner", {
        name,
        starttime: inDays(days),
        location: "Chicago, IL",
        actUrl: "the-velvet-tones",
      }),
    );
    const event = (await plannerEvents()).find((item) => item.url === created.data.url)!;
    return { url: event.url, inviteId: event.invites[0]!.id };
  }
  const eventOf = async (url: string) =>
    (await plannerEvents()).find((item) => item.url === url)! as EventView & { cancelled: boolean };
  const lastNote = async (as: Who) =>
    (await json<{ data: { kind: string; title: string }[] }>(await get("/api/notifications", as))).data[0];

  it("the act's artist declines an invite: its waiting offer goes with it, the planner is told; nobody else may", async () => {
    const { url, inviteId } = await invitedTo("Rooftop Party", 40);
    await post(`/api/offers/submit/${inviteId}`, "owner", { price: 700 });
    expect((await post(`/api/invites/decline/${inviteId}`, "guest")).status).toBe(401);
    for (const who of ["otherArtist", "planner", "otherPlanner"] as const)
      expect((await post(`/api/invites/decline/${inviteId}`, who)).status, who).toBe(404);
    expect(await (await post(`/api/invites/decline/${inviteId}`, "owner")).json()).toEqual({
      data: { message: "Invite to Rooftop Party declined" },
    });
    const event = await eventOf(url);
    expect(event.invites[0]).toMatchObject({ state: "declined", offers: [{ status: "withdrawn" }] });
    expect(await lastNote("planner")).toMatchObject({
      kind: "invite_declined",
      title: "The Velvet Tones declined Rooftop Party",
    });
    expect((await post(`/api/invites/decline/${inviteId}`, "owner")).status).toBe(409);
    expect((await post(`/api/offers/submit/${inviteId}`, "owner", { price: 650 })).status).toBe(409);
  });

  it("the act's artist withdraws an offer not yet answered; the planner is told; it cannot be accepted after", async () => {
    const { url, inviteId } = await invitedTo("Book Launch", 35);
    await post(`/api/offers/submit/${inviteId}`, "owner", { price: 1200 });
    const offerId = (await eventOf(url)).invites[0]!.offers[0]!.id;
    expect((await post(`/api/offers/withdraw/${offerId}`, "guest")).status).toBe(401);
    for (const who of ["otherArtist", "planner"] as const)
      expect((await post(`/api/offers/withdraw/${offerId}`, who)).status, who).toBe(404);
    expect((await post(`/api/offers/withdraw/${offerId}`, "owner")).status).toBe(200);
    expect((await eventOf(url)).invites[0]!.offers[0]!.status).toBe("withdrawn");
    expect(await lastNote("planner")).toMatchObject({
      kind: "offer_withdrawn",
      title: "The Velvet Tones withdrew its offer",
    });
    expect((await post(`/api/offers/withdraw/${offerId}`, "owner")).status).toBe(409);
    expect((await post(`/api/offers/accept/${offerId}`, "planner")).status).toBe(409);
  });

  it("the planner cancels an event: bookings end, waiting offers go, every invited act is told, and nothing more happens to it", async () => {
    const { url, inviteId } = await invitedTo("Charity Dinner", 45);
    await post(`/api/offers/submit/${inviteId}`, "owner", { price: 3000 });
    const offerId = (await eventOf(url)).invites[0]!.offers[0]!.id;
    expect((await post(`/api/offers/accept/${offerId}`, "planner")).status).toBe(200);
    expect((await post(`/api/events/cancel/${url}`, "guest")).status).toBe(401);
    for (const who of ["owner", "admin"] as const)
      expect((await post(`/api/events/cancel/${url}`, who)).status, who).toBe(403);
    expect((await post(`/api/events/cancel/${url}`, "otherPlanner")).status).toBe(404);
    expect(await (await post(`/api/events/cancel/${url}`, "planner")).json()).toEqual({
      data: { message: "Charity Dinner cancelled" },
    });
    const event = await eventOf(url);
    expect(event.cancelled).toBe(true);
    expect(event.invites[0]!.state).toBe("cancelled");
    // The booked act is told its booking ended, and why; the booking stays, cancelled by the planner.
    const note = await lastNote("owner");
    expect(note).toMatchObject({ kind: "booking_cancelled" });
    expect(note?.title).toContain("for Charity Dinner");
    const booking = await json<{ data: { status: string; cancellation: { by: string; reason: string } } }>(
      await get(`/api/bookings/${(event.invites[0] as { booking?: string }).booking}`, "planner"),
    );
    expect(booking.data.status).toBe("cancelled");
    expect(booking.data.cancellation).toMatchObject({ by: "planner", reason: "Charity Dinner is cancelled." });
    expect((await post(`/api/events/cancel/${url}`, "planner")).status).toBe(409);
    expect((await post(`/api/acts/invite-to-event/dj-nova`, "planner", { event: url })).status).toBe(409);
    expect((await post(`/api/events/invite-acts/${url}`, "planner", { acts: ["dj-nova"] })).status).toBe(409);
    // It no longer offers itself for invites.
    const invitable = await json<{ data: { url: string }[] }>(
      await get("/api/events/events-to-invite/dj-nova", "planner"),
    );
    expect(invitable.data.map((item) => item.url)).not.toContain(url);
  });
});

describe("verified reviews", () => {
  const review = { rating: 5, title: "Wonderful", body: "Everyone danced." };

  it("lists the planner's started, booked and unreviewed events", async () => {
    const { data } = await json<{ data: { url: string; name: string }[] }>(
      await get("/api/entertainer-reviews/eligible-events-for-entertainer-review/the-velvet-tones", "planner"),
    );
    expect(data).toEqual([{ url: "spring-gala", name: "Spring Gala" }]);
    expect(
      (
        await json<{ data: unknown[] }>(
          await get("/api/entertainer-reviews/eligible-events-for-entertainer-review/the-velvet-tones", "otherPlanner"),
        )
      ).data,
    ).toEqual([]);
    expect(
      (await get("/api/entertainer-reviews/eligible-events-for-entertainer-review/the-velvet-tones", "owner")).status,
    ).toBe(403);
  });

  it("refuses a review without an eligible event, even when the client skips the dialog", async () => {
    const none = await post("/api/entertainer-reviews/add-entertainer-review/the-velvet-tones", "otherPlanner", {
      ...review,
      event_url: "spring-gala",
    });
    expect(none.status).toBe(422);
    // Booked but not started yet.
    const upcoming = await post("/api/entertainer-reviews/add-entertainer-review/the-velvet-tones", "planner", {
      ...review,
      event_url: "summer-wedding",
    });
    expect(upcoming.status).toBe(422);
    const noEvent = await post("/api/entertainer-reviews/add-entertainer-review/the-velvet-tones", "planner", review);
    expect((await json<{ errors: unknown }>(noEvent)).errors).toEqual({ event_url: ["Event is required"] });
  });

  it("My Events says which booked acts of started events await a review", async () => {
    const due = async () =>
      Object.fromEntries(
        (await plannerEvents()).flatMap((event) =>
          event.invites.map((invite) => [`${event.url} ${invite.act.url}`, invite.review_due]),
        ),
      );
    // Spring Gala has happened and booked the act; Summer Wedding is still to come.
    expect(await due()).toMatchObject({
      "spring-gala the-velvet-tones": true,
      "summer-wedding the-velvet-tones": false,
    });
  });

  it("a planner reviews once per event; the review counts and may hide the name", async () => {
    const ok = await post("/api/entertainer-reviews/add-entertainer-review/the-velvet-tones", "planner", {
      ...review,
      event_url: "spring-gala",
      allow_reviewer_name: false,
    });
    expect(ok.status).toBe(201);
    const act = (await json<{ data: ActProfile }>(await get("/api/acts/the-velvet-tones", "guest"))).data;
    expect(act.reviewSummary.count).toBe(13);
    expect(act.reviewSummary.distribution[5]).toBe(7);
    expect(act.entertainerReviews[0]).toMatchObject({
      title: "Wonderful",
      reviewer_name: null,
      source: "booking",
      event_month: expect.stringMatching(/^[A-Z][a-z]+ \d{4}$/),
    });
    const again = await post("/api/entertainer-reviews/add-entertainer-review/the-velvet-tones", "planner", {
      ...review,
      event_url: "spring-gala",
    });
    expect(again.status).toBe(409);
    const springGala = (await plannerEvents()).find((event) => event.url === "spring-gala")!;
    expect(springGala.invites.find((invite) => invite.act.url === "the-velvet-tones")!.review_due).toBe(false);
  });

  it("a reviewer shows by first name and last initial, as every review does", async () => {
    const body = { rating: 5, title: "Named in full", body: "Great.", reviewer_name: "Megan rodriguez" };
    expect((await post("/api/entertainer-reviews/add-entertainer-review/dj-nova", "admin", body)).status).toBe(201);
    const act = (await json<{ data: ActProfile }>(await get("/api/acts/dj-nova", "guest"))).data;
    expect(act.entertainerReviews.find((item) => item.title === "Named in full")!.reviewer_name).toBe("Megan R.");
  });
});
