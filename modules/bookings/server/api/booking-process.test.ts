import { eq, sql } from "drizzle-orm";
import { formatShortCalendarDate } from "#domain/calendar-days";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings } from "#modules/bookings/server/tables";
import type { Conversation, ConversationSummary } from "#modules/conversations/answers";
import { createTestServer, json, type DemoUser, type TestServer } from "#tests/setup/api-harness";

/**
 * "My event is booked": accepting an offer makes a booking with a number, tells both sides with
 * the other's contact on the day, and (unless the planner keeps them) releases the event's other
 * acts, each told in the app and in its thread.
 */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
  expect((await server.post(`/api/acts/set-status/${third}`, "admin", { status: "approved" })).status).toBe(200);
});
afterAll(async () => server.close());

type Who = DemoUser | "guest";
const post = (path: string, as: Who, body?: unknown) => server.post(path, as, body);
const get = (path: string, as: Who) => server.get(path, as);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

interface EventView {
  url: string;
  invites: {
    id: number;
    act: { url: string; name: string };
    state: string;
    offers: { id: number; status: string }[];
  }[];
}
const eventOf = async (url: string) =>
  (await json<{ data: EventView[] }>(await get("/api/events", "planner"))).data.find((event) => event.url === url)!;
const notes = async (as: Who) =>
  (await json<{ data: { kind: string; title: string; body: string }[] }>(await get("/api/notifications", as))).data;

/** A third act, of another artist (artist2@): approved for these tests. */
const third = "pending-act";

/** An event `days` ahead (each test books its acts on a day of its own) with three acts invited, each of which has made an offer: The Velvet Tones and DJ Nova (artist@), and Pending Act (artist2@). */
async function eventWithThreeOffers(name: string, days: number) {
  const created = await json<{ data: { url: string } }>(
    await post("/api/events/create", "planner", {
      name,
      starttime: inDays(days),
      location: "Chicago, IL",
      actUrl: "the-velvet-tones",
    }),
  );
  const url = created.data.url;
  const asked = await post(`/api/events/invite-acts/${url}`, "planner", { acts: ["dj-nova", third] });
  expect(asked.status, `${third} ${await asked.clone().text()}`).toBe(200);
  const offers: Record<string, number> = {};
  for (const invite of (await eventOf(url)).invites) {
    const artist: Who = invite.act.url === third ? "otherArtist" : "owner";
    const sent = await post(`/api/offers/submit/${invite.id}`, artist, { price: 1500, deposit_cents: 30_000 });
    expect(sent.status, invite.act.url).toBe(200);
    offers[invite.act.url] = (await json<{ data: { id: number } }>(sent)).data.id;
  }
  return { url, offers };
}

describe("booking an act", () => {
  it("books one of three acts: a booking number, both sides told with the other's contact, and the two others released and told in their threads", async () => {
    const { url, offers } = await eventWithThreeOffers("Harvest Wedding", 45);
    const accepted = await post(`/api/offers/accept/${offers["the-velvet-tones"]}`, "planner", {
      phone: "+1 312 555 0142",
    });
    expect(accepted.status).toBe(200);
    const { data } = await json<{ data: { message: string; booking: string } }>(accepted);
    expect(data.message).toBe("The Velvet Tones booked for Harvest Wedding");
    expect(data.booking).toMatch(/^[ACDEFGHJKMNPQRTWXY234679]{8}$/);

    const event = await eventOf(url);
    const stateOf = (act: string) => event.invites.find((invite) => invite.act.url === act)!;
    expect(stateOf("the-velvet-tones")).toMatchObject({ state: "booked", offers: [{ status: "accepted" }] });
    for (const act of ["dj-nova", third])
      expect(stateOf(act), act).toMatchObject({ state: "released", offers: [{ status: "withdrawn" }] });

    // The planner's confirmation: the number, what is due, and the act's artist to reach on the day.
    const [confirmation] = await notes("planner");
    expect(confirmation).toMatchObject({
      kind: "booking_confirmed",
      title: `Booking ${data.booking}: The Velvet Tones for Harvest Wedding`,
    });
    expect(confirmation!.body).toContain(`Your booking number is ${data.booking}.`);
    expect(confirmation!.body).toContain(
      "a deposit of $300.00 is due now, and the balance of $1,200.00 before the event",
    );
    expect(confirmation!.body).toContain("The act on the day: Riley Artist, artist@example.com");
    // The act's artist: the booking, and the planner's phone on the day.
    const artistNotes = await notes("owner");
    const booked = artistNotes.find((note) => note.kind === "offer_accepted")!;
    expect(booked.body).toContain(`Booking ${data.booking}.`);
    expect(booked.body).toContain("planner@example.com, +1 312 555 0142");
    // The acts let go are told, in the app and in their threads.
    const released = artistNotes.filter((note) => note.kind === "invite_released");
    expect(released.map((note) => note.title)).toEqual(["Harvest Wedding is booked with another act"]);
    expect(released[0]!.body).toMatch(
      /^The planner booked another act for Harvest Wedding, .+: the date is taken, and the invite of DJ Nova is closed/,
    );
    const threads = (await json<{ data: ConversationSummary[] }>(await get("/api/conversations", "owner"))).data;
    const thread = threads.find((summary) => summary.event?.url === url && summary.act.url === "dj-nova")!;
    const { messages } = (await json<{ data: Conversation }>(await get(`/api/conversations/${thread.id}`, "owner")))
      .data;
    expect(messages.at(-1)?.body).toBe(
      "Pat Planner booked another act for Harvest Wedding: the date is taken, and this invite is closed. Thank you for your answer.",
    );

    // A released invite takes no more offers, and cannot be declined.
    const nova = stateOf("dj-nova");
    const late = await post(`/api/offers/submit/${nova.id}`, "owner", { price: 900 });
    expect(late.status).toBe(409);
    expect((await json<{ message: string }>(late)).message).toBe(
      "Harvest Wedding is booked with another act: this invite is closed",
    );
    expect((await post(`/api/invites/decline/${nova.id}`, "owner")).status).toBe(409);
    // Their offers' reminders are called off with them.
    const jobs = (
      await json<{ data: { subject: string; state: string }[] }>(
        await get("/api/admin/jobs?kind=offer_expire&perPage=50", "admin"),
      )
    ).data;
    for (const offer of Object.values(offers))
      expect(jobs.find((job) => job.subject === `Offer ${offer}`)?.state).toBe("done");
  });

  it("a planner booking a band and a DJ for one wedding keeps the other acts (release_others false)", async () => {
    const { url, offers } = await eventWithThreeOffers("Double Bill", 50);
    const numbers: string[] = [];
    const accept = async (act: string, body: unknown) => {
      const response = await post(`/api/offers/accept/${offers[act]}`, "planner", body);
      expect(response.status).toBe(200);
      numbers.push((await json<{ data: { booking: string } }>(response)).data.booking);
    };
    await accept("the-velvet-tones", { release_others: false });
    expect((await eventOf(url)).invites.map((invite) => invite.state).sort()).toEqual(["booked", "offered", "offered"]);
    await accept(third, { release_others: true });
    // The act already booked stays booked; the one still waiting is released.
    const after = await eventOf(url);
    expect(Object.fromEntries(after.invites.map((invite) => [invite.act.url, invite.state]))).toEqual({
      "the-velvet-tones": "booked",
      [third]: "booked",
      "dj-nova": "released",
    });
    // Called off, the event's bookings take their reminders with them.
    expect((await post(`/api/events/cancel/${url}`, "planner")).status).toBe(200);
    const reminders = (
      await json<{ data: { subject: string; state: string }[] }>(await get("/api/admin/jobs?perPage=50", "admin"))
    ).data.filter((job) => numbers.some((number) => job.subject === `Booking ${number}`));
    // For each of the two bookings: two reminders, a review request, its balance's two reminders
    // (and its deposit's on its day, when the booking was made before 9 AM in Chicago).
    expect(reminders.length).toBeGreaterThanOrEqual(10);
    expect(reminders.every((job) => job.state === "done")).toBe(true);
  });

  it("checks the phone and the choice, and changes nothing when they are wrong", async () => {
    const { url, offers } = await eventWithThreeOffers("Phone Check", 55);
    const bad = await post(`/api/offers/accept/${offers["dj-nova"]}`, "planner", { phone: "call me maybe" });
    expect(bad.status).toBe(422);
    expect((await json<{ errors: unknown }>(bad)).errors).toEqual({ phone: ["Enter a valid phone number"] });
    expect(
      (await post(`/api/offers/accept/${offers["dj-nova"]}`, "planner", { phone: "1234567890123456789" })).status,
    ).toBe(422);
    expect([400, 422]).toContain(
      (await post(`/api/offers/accept/${offers["dj-nova"]}`, "planner", { release_others: "yes" })).status,
    );
    expect((await eventOf(url)).invites.every((invite) => invite.state === "offered")).toBe(true);
    // No body at all is the defaults: no phone, the others released.
    expect((await post(`/api/offers/accept/${offers["dj-nova"]}`, "planner")).status).toBe(200);
    expect((await eventOf(url)).invites.filter((invite) => invite.state === "released")).toHaveLength(2);
  });
});

describe("a booking's moments, where the event happens", () => {
  it("Honolulu: both sides reminded at 9 AM 7 days and 1 day before, the planner asked for a review the morning after, and the booking completed, once", async () => {
    const day = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const created = await json<{ data: { url: string } }>(
      await post("/api/events/create", "planner", {
        name: "Beach Wedding",
        starttime: `${day}T17:30`,
        location: "Honolulu, HI",
        venue: "Kahala Beach",
        actUrl: "the-velvet-tones",
      }),
    );
    const invite = (await eventOf(created.data.url)).invites[0]!;
    const offer = (
      await json<{ data: { id: number } }>(await post(`/api/offers/submit/${invite.id}`, "owner", { price: 4000 }))
    ).data.id;
    const { booking } = (
      await json<{ data: { booking: string } }>(
        await post(`/api/offers/accept/${offer}`, "planner", { phone: "808-555-0199" }),
      )
    ).data;
    const shift = (days: number) =>
      new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    const jobs = (
      await json<{ data: { kind: string; run_at: string; state: string; subject: string }[] }>(
        await get("/api/admin/jobs?perPage=50", "admin"),
      )
    ).data.filter((job) => job.subject === `Booking ${booking}`);
    // 9 AM in Honolulu is 19:00 UTC, all year. No deposit: the balance is due 14 days before, and its payer is reminded 3 days before that and on the day.
    expect(
      jobs.map(({ kind, run_at, state }) => ({ kind, run_at, state })).sort((a, b) => a.run_at.localeCompare(b.run_at)),
    ).toEqual([
      { kind: "payment_due", run_at: `${shift(-17)}T19:00:00.000Z`, state: "scheduled" },
      { kind: "payment_due", run_at: `${shift(-14)}T19:00:00.000Z`, state: "scheduled" },
      { kind: "event_reminder", run_at: `${shift(-7)}T19:00:00.000Z`, state: "scheduled" },
      { kind: "event_reminder", run_at: `${shift(-1)}T19:00:00.000Z`, state: "scheduled" },
      { kind: "review_request", run_at: `${shift(1)}T19:00:00.000Z`, state: "scheduled" },
    ]);

    expect(await server.runJob("payment_due", `${booking}:balance:3`)).toBe(true);
    const [pay] = await notes("planner");
    expect(pay).toMatchObject({ kind: "payment_due", title: "$4,000.00 due in 3 days for Beach Wedding" });
    expect(pay!.body).toBe(
      `The balance of $4,000.00 for The Velvet Tones at Beach Wedding (booking ${booking}) is due ${formatShortCalendarDate(shift(-14))}. Pay The Velvet Tones as you agreed.`,
    );

    expect(await server.runJob("event_reminder", `${booking}:1`)).toBe(true);
    const [toPlanner] = await notes("planner");
    expect(toPlanner).toMatchObject({ kind: "event_reminder", title: "Beach Wedding is tomorrow: The Velvet Tones" });
    expect(toPlanner!.body).toContain("at Kahala Beach, Honolulu, HI");
    expect(toPlanner!.body).toMatch(/5:30\s?PM HST/);
    expect(toPlanner!.body).toContain(`Booking ${booking}.`);
    expect(toPlanner!.body).toContain("On the day, reach Riley Artist, artist@example.com");
    expect(toPlanner!.body).toContain(`Still due: the balance of $4,000.00 (${formatShortCalendarDate(shift(-14))}).`);
    const toArtist = (await notes("owner")).find((note) => note.kind === "event_reminder")!;
    expect(toArtist.body).toContain("On the day, reach Pat Planner, planner@example.com, 808-555-0199");

    // The morning after: the event's day has passed where it happens.
    await server.database.db.execute(
      sql`update events set starttime = now() - interval '3 days' where url = ${created.data.url}`,
    );
    expect(await server.runJob("review_request", booking)).toBe(true);
    const asked = (
      await json<{ data: { kind: string; title: string; link: string }[] }>(await get("/api/notifications", "planner"))
    ).data[0];
    expect(asked).toMatchObject({
      kind: "review_requested",
      title: "How was The Velvet Tones?",
      link: `/entertainment/the-velvet-tones?review=${created.data.url}#reviews`,
    });
    const [row] = await server.database.db
      .select({ status: bookings.status })
      .from(bookings)
      .where(eq(bookings.number, booking));
    expect(row?.status).toBe("completed");
    // Once: a second run, or a reminder after the booking is complete, does nothing.
    expect(await server.runJob("review_request", booking)).toBe(false);
    expect(await server.runJob("event_reminder", `${booking}:7`)).toBe(false);
  });
});
