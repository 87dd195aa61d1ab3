import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOOKING_MOVES, INVITE_MOVES, type Move, OFFER_MOVES } from "#modules/bookings/booking-process";
import { createTestServer, json, type DemoUser, type TestServer } from "#tests/setup/api-harness";

/**
 * The process table (modules/bookings/booking-process.ts) drives this test: every move a person makes
 * through the API, tried by every role (only those the table names succeed, the others get
 * what the API says to a stranger), and from every state it does not start from (409).
 */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

type Who = DemoUser | "guest";
const ROLES: Who[] = ["guest", "planner", "otherPlanner", "owner", "otherArtist", "admin"];
const post = (path: string, as: Who, body?: unknown) => server.post(path, as, body);

/** What each role gets from a move the table gives to `by`: success, or what the API answers a stranger. */
function expected(by: readonly string[], who: Who): number {
  if (who === "guest") return 401;
  if (by.includes("planner")) return who === "planner" ? 200 : who === "otherPlanner" ? 404 : 403;
  // The act's moves: its artist, and admins acting for it; anyone else does not see the invite.
  return who === "owner" || who === "admin" ? 200 : 404;
}

let nextDay = 400;
/**
 * A new event with The Velvet Tones invited, and its offer: each on a day of its own (so bookings
 * never meet), sooner than the last (so it is on the first page of the planner's events).
 */
async function subject() {
  // Dozens of events in an hour: the planner's hourly limit is not what this test is about.
  await server.database.db.execute(sql`delete from account_actions`);
  const created = await json<{ data: { url: string } }>(
    await post("/api/events/create", "planner", {
      name: `Event ${nextDay}`,
      starttime: new Date(Date.now() + nextDay-- * 86_400_000).toISOString(),
      location: "Chicago, IL",
      actUrl: "the-velvet-tones",
    }),
  );
  const events = await json<{ data: { url: string; invites: { id: number }[] }[] }>(
    await server.get("/api/events?perPage=10", "planner"),
  );
  const inviteId = events.data.find((event) => event.url === created.data.url)!.invites[0]!.id;
  const offer = async () =>
    (await json<{ data: { id: number } }>(await post(`/api/offers/submit/${inviteId}`, "owner", { price: 1000 }))).data
      .id;
  return { eventUrl: created.data.url, inviteId, offer };
}

/** Each move the API offers, with the path it is made at for a subject. */
const API_MOVES: {
  name: string;
  move: Move<string>;
  path: (s: Awaited<ReturnType<typeof subject>>) => Promise<string>;
}[] = [
  { name: "offer.send", move: OFFER_MOVES.send, path: async (s) => `/api/offers/submit/${s.inviteId}` },
  { name: "offer.accept", move: OFFER_MOVES.accept, path: async (s) => `/api/offers/accept/${await s.offer()}` },
  { name: "offer.decline", move: OFFER_MOVES.decline, path: async (s) => `/api/offers/decline/${await s.offer()}` },
  { name: "offer.withdraw", move: OFFER_MOVES.withdraw, path: async (s) => `/api/offers/withdraw/${await s.offer()}` },
  { name: "invite.decline", move: INVITE_MOVES.decline, path: async (s) => `/api/invites/decline/${s.inviteId}` },
  { name: "invite.withdraw", move: INVITE_MOVES.withdraw, path: async (s) => `/api/invites/withdraw/${s.inviteId}` },
  { name: "invite.cancel", move: INVITE_MOVES.cancel, path: async (s) => `/api/events/cancel/${s.eventUrl}` },
];

describe("the booking process, move by move", () => {
  it("the table names a call for each move a person makes, and only those", () => {
    const withApi = [...Object.entries(INVITE_MOVES), ...Object.entries(OFFER_MOVES)].filter(
      ([, move]) => "api" in move,
    );
    for (const [name, move] of withApi)
      expect(
        move.by.some((actor) => actor === "planner" || actor === "act"),
        name,
      ).toBe(true);
    for (const { move } of API_MOVES) expect("api" in move).toBe(true);
  });

  for (const { name, move, path } of API_MOVES) {
    it(`${name}: only ${move.by.filter((actor) => actor === "planner" || actor === "act").join(" and ")} may, each role told as the API tells it`, async () => {
      const refused = ROLES.filter((who) => expected(move.by, who) !== 200);
      const allowed = ROLES.filter((who) => expected(move.by, who) === 200);
      const s = await subject();
      const at = await path(s);
      const body = name === "offer.send" ? { price: 1200 } : undefined;
      for (const who of refused)
        expect((await post(at, who, body)).status, `${name} by ${who}`).toBe(expected(move.by, who));
      // Each allowed role on a subject of its own: the first success changes the state.
      for (const who of allowed) {
        const own = await subject();
        expect((await post(await path(own), who, body)).status, `${name} by ${who}`).toBe(200);
      }
    });
  }
});

describe("what each invite and offer move writes is what the table declares", () => {
  /** The notification kinds about an event since a notification id, and the lines of its conversations. */
  async function written(eventName: string, since: number) {
    const kinds = await server.database.db.execute(
      sql`select kind from notifications where id > ${since} and (body like ${`%${eventName}%`} or title like ${`%${eventName}%`})`,
    );
    const lines = await server.database.db.execute(
      sql`select count(*)::int as n from messages m join conversations c on c.id = m.conversation_id
          join events e on e.id = c.event_id where e.name = ${eventName} and m.kind <> 'text'`,
    );
    return {
      kinds: [...new Set((kinds as unknown as { rows: { kind: string }[] }).rows.map((row) => row.kind))].sort(),
      lines: (lines as unknown as { rows: { n: number }[] }).rows[0]!.n,
    };
  }
  const last = async () =>
    (
      (await server.database.db.execute(sql`select coalesce(max(id), 0)::int as id from notifications`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows[0]!.id;

  for (const { name, move, path } of API_MOVES) {
    it(`${name}: the notices it declares and ${move.thread ? "a line in the thread" : "no line in the thread"}`, async () => {
      const who: Who = move.by.includes("planner") ? "planner" : "owner";
      const s = await subject();
      const at = await path(s);
      const eventName = (
        (await server.database.db.execute(sql`select name from events where url = ${s.eventUrl}`)) as unknown as {
          rows: { name: string }[];
        }
      ).rows[0]!.name;
      const since = await last();
      const before = await written(eventName, since);
      const answer = await post(at, who, name === "offer.send" ? { price: 1200 } : undefined);
      expect(answer.status, `${name}: ${await answer.clone().text()}`).toBe(200);
      const after = await written(eventName, since);
      expect(after.kinds, name).toEqual([...new Set(move.notifies)].sort());
      expect(after.lines - before.lines, name).toBe(move.thread ? 1 : 0);
    });
  }
});

describe("refused from the states a move does not start from", () => {
  /** Brings a new subject's offer to a state the offer moves do not start from. */
  const offerIn: Record<string, (s: Awaited<ReturnType<typeof subject>>, offerId: number) => Promise<unknown>> = {
    accepted: (_, id) => post(`/api/offers/accept/${id}`, "planner"),
    declined: (_, id) => post(`/api/offers/decline/${id}`, "planner"),
    withdrawn: (_, id) => post(`/api/offers/withdraw/${id}`, "owner"),
    expired: async (_, id) => {
      await server.database.db.execute(
        sql`update offers set expires_on = (now() - interval '2 days')::date where id = ${id}`,
      );
      expect(await server.runJob("offer_expire", String(id))).toBe(true);
    },
  };
  for (const [name, move, who] of [
    ["accept", OFFER_MOVES.accept, "planner"],
    ["decline", OFFER_MOVES.decline, "planner"],
    ["withdraw", OFFER_MOVES.withdraw, "owner"],
  ] as const) {
    it(`offer.${name} from ${Object.keys(offerIn).join(", ")}: 409, and nothing changes`, async () => {
      for (const [state, reach] of Object.entries(offerIn)) {
        expect(move.from, state).not.toContain(state);
        const s = await subject();
        const id = await s.offer();
        await reach(s, id);
        const refused = await post(`/api/offers/${name}/${id}`, who);
        expect(refused.status, `${name} from ${state}`).toBe(409);
        const events = await json<{ data: { url: string; invites: { offers: { id: number; status: string }[] }[] }[] }>(
          await server.get("/api/events?perPage=10", "planner"),
        );
        const offer = events.data
          .find((event) => event.url === s.eventUrl)!
          .invites[0]!.offers.find((item) => item.id === id);
        expect(offer?.status, `${name} from ${state}`).toBe(state);
      }
    });
  }

  it("invite.decline and offer.send from declined, released and booked: 409", async () => {
    const reach: Record<string, (s: Awaited<ReturnType<typeof subject>>) => Promise<unknown>> = {
      declined: (s) => post(`/api/invites/decline/${s.inviteId}`, "owner"),
      booked: async (s) => post(`/api/offers/accept/${await s.offer()}`, "planner"),
      released: async (s) => {
        // Another act booked for the event releases this one.
        expect((await post(`/api/events/invite-acts/${s.eventUrl}`, "planner", { acts: ["dj-nova"] })).status).toBe(
          200,
        );
        const events = await json<{ data: { url: string; invites: { id: number; act: { url: string } }[] }[] }>(
          await server.get("/api/events?perPage=10", "planner"),
        );
        const nova = events.data
          .find((event) => event.url === s.eventUrl)!
          .invites.find((invite) => invite.act.url === "dj-nova")!;
        const offer = (
          await json<{ data: { id: number } }>(await post(`/api/offers/submit/${nova.id}`, "owner", { price: 500 }))
        ).data.id;
        expect((await post(`/api/offers/accept/${offer}`, "planner")).status).toBe(200);
      },
    };
    for (const [state, bringTo] of Object.entries(reach)) {
      expect(INVITE_MOVES.decline.from, state).not.toContain(state);
      expect(INVITE_MOVES.offer.from, state).not.toContain(state);
      const s = await subject();
      await bringTo(s);
      expect((await post(`/api/invites/decline/${s.inviteId}`, "owner")).status, `decline from ${state}`).toBe(409);
      expect(
        (await post(`/api/offers/submit/${s.inviteId}`, "owner", { price: 700 })).status,
        `offer from ${state}`,
      ).toBe(409);
    }
  });
});

describe("a booking's moves, from the table", () => {
  /** A new booking of The Velvet Tones, $1,000 with a $200 deposit, on a day of its own. */
  async function booking(): Promise<{ number: string; deposit: number }> {
    const s = await subject();
    const offer = await post(`/api/offers/submit/${s.inviteId}`, "owner", { price: 1000, deposit_cents: 20_000 });
    const accepted = await post(
      `/api/offers/accept/${(await json<{ data: { id: number } }>(offer)).data.id}`,
      "planner",
      { release_others: false },
    );
    const number = (await json<{ data: { booking: string } }>(accepted)).data.booking;
    const view = await json<{ data: { payments: { id: number; kind: string }[] } }>(
      await server.get(`/api/bookings/${number}`, "planner"),
    );
    return { number, deposit: view.data.payments.find((payment) => payment.kind === "deposit")!.id };
  }
  const paidOn = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const record = (deposit: number, who: Who = "owner") =>
    post(`/api/payments/${deposit}/record`, who, { method: "check", paid_on: paidOn() });

  /** What a move wrote for people: each notification kind since `since`, and the booking's thread lines. */
  async function effects(number: string, since: number) {
    const kinds = await server.database.db.execute(
      sql`select kind from notifications where id > ${since} and (body like ${`%${number}%`} or title like ${`%${number}%`})`,
    );
    const lines = await server.database.db.execute(
      sql`select count(*)::int as n from messages where kind = 'booking' and body like ${`%${number}%`}`,
    );
    return {
      kinds: new Set((kinds as unknown as { rows: { kind: string }[] }).rows.map((row) => row.kind)),
      lines: (lines as unknown as { rows: { n: number }[] }).rows[0]!.n,
    };
  }
  const lastNotification = async () =>
    (
      (await server.database.db.execute(sql`select coalesce(max(id), 0)::int as id from notifications`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows[0]!.id;

  interface Subject {
    number: string;
    deposit: number;
  }
  /** Each booking move a person makes: who may (the table's `by`, and admins acting for the act), its subject and its call. */
  const MOVES: {
    name: keyof typeof BOOKING_MOVES;
    allowed: Who[];
    refused: [Who, number][];
    ready?: (subject: Subject) => Promise<unknown>;
    make: (subject: Subject, who: Who) => Promise<Response>;
  }[] = [
    {
      name: "cancelOne",
      allowed: ["planner", "owner"],
      refused: [
        ["guest", 401],
        ["otherPlanner", 404],
        ["otherArtist", 404],
        ["admin", 403],
      ],
      make: ({ number }, who) => post(`/api/bookings/${number}/cancel`, who, { reason: "Plans changed" }),
    },
    {
      name: "record",
      allowed: ["owner", "admin"],
      refused: [
        ["guest", 401],
        ["planner", 403],
        ["otherPlanner", 404],
        ["otherArtist", 404],
      ],
      make: ({ deposit }, who) => record(deposit, who),
    },
    {
      name: "recordRefund",
      allowed: ["owner", "admin"],
      refused: [
        ["guest", 401],
        ["planner", 403],
        ["otherPlanner", 404],
        ["otherArtist", 404],
      ],
      // Only what is owed back is recorded: the act cancels after the deposit was paid.
      ready: async ({ deposit, number }) => {
        expect((await record(deposit)).status).toBe(200);
        expect((await post(`/api/bookings/${number}/cancel`, "owner", { reason: "Double-booked" })).status).toBe(200);
      },
      make: ({ deposit }, who) =>
        post(`/api/payments/${deposit}/record-refund`, who, {
          amount_cents: 5_000,
          method: "check",
          paid_on: paidOn(),
        }),
    },
    {
      name: "report",
      allowed: ["planner", "owner"],
      refused: [
        ["guest", 401],
        ["otherPlanner", 404],
        ["otherArtist", 404],
        ["admin", 403],
      ],
      make: ({ number }, who) => post(`/api/bookings/${number}/report`, who, { kind: "other", details: "A question" }),
    },
  ];

  for (const move of MOVES) {
    const declared = BOOKING_MOVES[move.name];
    it(`${move.name}: ${move.allowed.join(" and ")} may; it sends the notices and writes the line the table declares, no others`, async () => {
      const subject = await booking();
      await move.ready?.(subject);
      for (const [who, status] of move.refused) {
        const before = await lastNotification();
        const { lines } = await effects(subject.number, before);
        expect((await move.make(subject, who)).status, `${move.name} by ${who}`).toBe(status);
        const after = await effects(subject.number, before);
        expect([after.kinds.size, after.lines], `${move.name} by ${who} changed nothing`).toEqual([0, lines]);
      }
      for (const who of move.allowed) {
        const own = await booking();
        await move.ready?.(own);
        const before = await lastNotification();
        const { lines } = await effects(own.number, before);
        const response = await move.make(own, who);
        expect([200, 201], `${move.name} by ${who}: ${await response.clone().text()}`).toContain(response.status);
        const after = await effects(own.number, before);
        expect([...after.kinds].sort(), `${move.name} by ${who}`).toEqual([...new Set(declared.notifies)].sort());
        expect(after.lines - lines, `${move.name} by ${who}: thread lines`).toBe(declared.thread ? 1 : 0);
      }
    });
  }
});
