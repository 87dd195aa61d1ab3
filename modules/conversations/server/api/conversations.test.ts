import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_LIMITS, LIMITS } from "#domain/limits";
import type { Conversation, ConversationSummary } from "#modules/conversations/answers";
import { createTestServer, json, type DemoUser, type TestServer } from "#tests/setup/api-harness";
import { eventually } from "#tests/setup/eventually";
import { acts } from "#modules/acts/server/tables";
import { refreshAllResponseFacts } from "../response-facts";
import { listenForChanges } from "#server/cache/change-listener";
import { actTag, CHANGE_CHANNEL, conversationTag } from "#server/db/change-notices";
import { createLogger } from "#server/logger";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

type Who = DemoUser | "guest";
const post = (path: string, as: Who, body?: unknown) => server.post(path, as, body);
const get = (path: string, as: Who) => server.get(path, as);
const start = (as: Who, body: unknown, act = "the-velvet-tones") => post(`/api/conversations/start/${act}`, as, body);
const list = async (as: Who) =>
  json<{ data: ConversationSummary[]; meta: { total: number } }>(await get("/api/conversations", as));
const read = async (id: number, as: Who) =>
  (await json<{ data: Conversation }>(await get(`/api/conversations/${id}`, as))).data;
const errors = async (response: Response) => (await json<{ errors: Record<string, string[]> }>(response)).errors;

/** A conversation of the planner with The Velvet Tones (managed by artist@, the "owner"), about no event. */
let talk = 0;

describe("starting a conversation", () => {
  it("a planner writes to a public act: 201 with its id, then 200 with the same id for the next first message", async () => {
    const first = await start("planner", { body: "Hello! Are you free in June?" });
    expect(first.status).toBe(201);
    talk = (await json<{ data: { id: number } }>(first)).data.id;
    const again = await start("planner", { body: "Also, do you travel?" });
    expect(again.status).toBe(200);
    expect((await json<{ data: { id: number } }>(again)).data.id).toBe(talk);
    expect((await read(talk, "planner")).messages.map((message) => message.body)).toEqual([
      "Hello! Are you free in June?",
      "Also, do you travel?",
    ]);
  });

  it("only planners start one, with an act they may see and invite: 401, 403, 404", async () => {
    expect((await start("guest", { body: "Hi" })).status).toBe(401);
    for (const who of ["owner", "otherArtist", "admin"] as const)
      expect((await start(who, { body: "Hi" })).status, who).toBe(403);
    expect((await start("planner", { body: "Hi" }, "no-such-act")).status).toBe(404);
    // A pending act is not seen by planners; an act for internal use only cannot be messaged.
    expect((await start("planner", { body: "Hi" }, "pending-act")).status).toBe(404);
  });

  it("checks the message and the event: required, at most 2000 characters, plain text, the planner's own event", async () => {
    expect(await errors(await start("planner", {}))).toEqual({ body: ["Message is required"] });
    expect(await errors(await start("planner", { body: "   " }))).toEqual({ body: ["Message is required"] });
    expect(await errors(await start("planner", { body: "x".repeat(LIMITS.messageBody + 1) }))).toEqual({
      body: ["Must be 2000 characters or less"],
    });
    expect(await errors(await start("planner", { body: "nul \u0000 byte" }))).toEqual({
      body: ["Must not contain NUL characters or broken Unicode"],
    });
    expect((await start("planner", { body: 42 })).status).toBe(400);
    // Another planner's event is no event of this planner's.
    expect((await start("otherPlanner", { body: "About my event", event_url: "summer-wedding" })).status).toBe(404);
  });

  it("one conversation per planner, act and event: about an event is another conversation than about none", async () => {
    const about = await start("planner", { body: "About the summer wedding", event_url: "summer-wedding" });
    expect(about.status).toBe(201);
    const id = (await json<{ data: { id: number } }>(about)).data.id;
    expect(id).not.toBe(talk);
    const conversation = await read(id, "owner");
    expect(conversation.event).toMatchObject({ url: "summer-wedding", name: "Summer Wedding" });
    expect(conversation.planner).toEqual({ name: "Pat Planner" });
    expect(conversation.act).toEqual({ url: "the-velvet-tones", name: "The Velvet Tones" });
  });
});

describe("reading and writing", () => {
  it("the planner, the act's artist and admins read it; anyone else gets 404, a guest 401", async () => {
    expect((await get(`/api/conversations/${talk}`, "guest")).status).toBe(401);
    for (const who of ["otherArtist", "otherPlanner"] as const)
      expect((await get(`/api/conversations/${talk}`, who)).status, who).toBe(404);
    expect((await get("/api/conversations/999999", "planner")).status).toBe(404);
    for (const who of ["planner", "owner", "admin"] as const)
      expect((await get(`/api/conversations/${talk}`, who)).status, who).toBe(200);
  });

  it("the two sides write; the artist's answer is the planner's to read, with who wrote what", async () => {
    const answer = await post(`/api/conversations/${talk}/messages`, "owner", {
      body: "Yes, we are free. We travel within 200 miles.",
    });
    expect(answer.status).toBe(201);
    const { id } = (await json<{ data: { id: number } }>(answer)).data;
    const seen = await read(talk, "planner");
    const last = seen.messages.at(-1)!;
    expect(last).toMatchObject({
      id,
      kind: "text",
      body: "Yes, we are free. We travel within 200 miles.",
      mine: false,
      from: { name: "Riley Artist", role: "ARTIST" },
    });
    expect(seen.messages[0]).toMatchObject({ mine: true, from: { name: "Pat Planner", role: "PLANNER" } });
  });

  it("nobody else writes: an admin reads for disputes but does not write in someone else's; others 404; guests 401", async () => {
    expect((await post(`/api/conversations/${talk}/messages`, "admin", { body: "Admin here" })).status).toBe(403);
    for (const who of ["otherArtist", "otherPlanner"] as const)
      expect((await post(`/api/conversations/${talk}/messages`, who, { body: "Hi" })).status, who).toBe(404);
    expect((await post(`/api/conversations/${talk}/messages`, "guest", { body: "Hi" })).status).toBe(401);
    expect(await errors(await post(`/api/conversations/${talk}/messages`, "planner", { body: "" }))).toEqual({
      body: ["Message is required"],
    });
    expect((await read(talk, "admin")).messages.some((message) => message.body === "Admin here")).toBe(false);
  });

  it("lists: each side's conversations, latest activity first, with the last message and what is unread", async () => {
    await post(`/api/conversations/${talk}/messages`, "owner", { body: "And we bring our own sound." });
    const planner = await list("planner");
    expect(planner.data[0]).toMatchObject({
      id: talk,
      side: "planner",
      act: { url: "the-velvet-tones" },
      event: null,
      last_message: { body: "And we bring our own sound.", mine: false },
      unread: 1,
    });
    const owner = await list("owner");
    expect(owner.data.find((item) => item.id === talk)).toMatchObject({
      side: "act",
      planner: { name: "Pat Planner" },
      unread: 0,
      last_message: { mine: true },
    });
    expect((await list("otherPlanner")).meta.total).toBe(0);
    expect((await list("otherArtist")).data.some((item) => item.id === talk)).toBe(false);
    expect((await get("/api/conversations", "guest")).status).toBe(401);
    // Reading it clears the unread count, and the notifications it made.
    await read(talk, "planner");
    expect((await list("planner")).data[0]!.unread).toBe(0);
    const notes = await json<{ data: { kind: string; link: string; read: boolean }[] }>(
      await get("/api/notifications", "planner"),
    );
    expect(
      notes.data
        .filter((note) => note.kind === "message" && note.link === `/messages/${talk}`)
        .every((note) => note.read),
    ).toBe(true);
  });

  it("a new message is a notification every time, and an email only until the reader reads the conversation", async () => {
    const mailFor = async (email: string) =>
      (
        (await server.database.db.execute(
          sql`select count(*)::int as n from mail_outbox o join notifications n on n.id = o.notification_id where o.recipient = ${email} and n.kind = 'message'`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]!.n;
    await read(talk, "planner");
    const before = await mailFor("planner@example.com");
    await post(`/api/conversations/${talk}/messages`, "owner", { body: "One" });
    await post(`/api/conversations/${talk}/messages`, "owner", { body: "Two" });
    expect(await mailFor("planner@example.com")).toBe(before + 1);
    await read(talk, "planner");
    await post(`/api/conversations/${talk}/messages`, "owner", { body: "Three" });
    expect(await mailFor("planner@example.com")).toBe(before + 2);
    const notes = await json<{ data: { kind: string; body: string }[] }>(await get("/api/notifications", "planner"));
    expect(
      notes.data
        .filter((note) => note.kind === "message")
        .map((note) => note.body)
        .slice(0, 3),
    ).toEqual(['Riley Artist wrote: "Three"', 'Riley Artist wrote: "Two"', 'Riley Artist wrote: "One"']);
  });

  it("a message tells every server of its conversation, and of its act only when the act's figures move", async () => {
    // What every server hears: an act's notice makes each forget the act's pages and every listing.
    const heard: string[] = [];
    const listener = await listenForChanges(server.database, CHANGE_CHANNEL, createLogger("silent"), {
      onNotify: (tag) => heard.push(tag),
      invalidateAll: () => undefined,
      what: "this test",
    });
    try {
      await eventually(async () => listener.listening());
      expect((await post(`/api/conversations/${talk}/messages`, "planner", { body: "And the parking?" })).status).toBe(
        201,
      );
      // A transaction's notices arrive together, at its commit.
      await eventually(async () => heard.includes(conversationTag(talk)));
      expect(heard).not.toContain(actTag("the-velvet-tones"));
    } finally {
      await listener.stop();
    }
  });
});

describe("one conversation per act and event", () => {
  it("'Message' continues the planner's one thread with the act (the quote request's), and with several writes where it is told", async () => {
    const { cookie } = await server.newAccount("PLANNER", { verified: true });
    const as = async <T>(path: string, body?: unknown) =>
      json<T>(await server.request(path, body === undefined ? { cookie } : { method: "POST", cookie, json: body }));
    const event = async (name: string, days: number) =>
      (
        await as<{ data: { url: string } }>("/api/events/create", {
          name,
          starttime: new Date(Date.now() + days * 86_400_000).toISOString(),
          location: "Chicago, IL",
          actUrl: "dj-nova",
        })
      ).data.url;
    const message = async (body: unknown) =>
      (await as<{ data: { id: number } }>("/api/conversations/start/dj-nova", body)).data.id;
    const threads = async () => (await as<{ data: ConversationSummary[] }>("/api/conversations")).data;
    // This planner's first contact with DJ Nova is an invite: its thread is the event's.
    const roof = await event("Roof Party", 70);
    const [eventThread] = await threads();
    expect(eventThread?.event?.url).toBe(roof);
    // A message without an event goes into it, not a second thread beside it.
    expect(await message({ body: "Do you bring lights?" })).toBe(eventThread!.id);
    expect(await threads()).toHaveLength(1);
    // A second event makes a second thread; then a message without an event is about none.
    const garden = await event("Garden Party", 75);
    expect((await threads()).map((item) => item.event?.url).sort()).toEqual([roof, garden].sort());
    const general = await message({ body: "Any dates in May?" });
    expect((await threads()).find((item) => item.id === general)?.event).toBeNull();
    const told = await message({ body: "For the garden one: acoustic?", event_url: garden });
    expect((await threads()).find((item) => item.id === told)?.event?.url).toBe(garden);
  });
});

describe("the event's story", () => {
  it("the invite, the offer and the booking appear in the conversation of that planner, act and event", async () => {
    const event = (
      await json<{ data: { url: string } }>(
        await post("/api/events/create", "planner", {
          name: "Gala Night",
          starttime: new Date(Date.now() + 60 * 86_400_000).toISOString(),
          location: "Chicago, IL",
          actUrl: "the-velvet-tones",
        }),
      )
    ).data.url;
    const invites = await json<{ data: { id: number; event: { url: string } }[] }>(await get("/api/invites", "owner"));
    const inviteId = invites.data.find((invite) => invite.event.url === event)!.id;
    const offer = (
      await json<{ data: { id: number } }>(
        await post(`/api/offers/submit/${inviteId}`, "owner", { price: 2500, message: "Three sets." }),
      )
    ).data.id;
    expect((await post(`/api/offers/accept/${offer}`, "planner")).status).toBe(200);
    const thread = (await list("owner")).data.find((item) => item.event?.url === event)!;
    const { messages } = await read(thread.id, "owner");
    expect(messages.map((message) => message.kind)).toEqual(["invite", "offer", "booking"]);
    expect(messages.map((message) => message.body)).toEqual([
      "Pat Planner invited The Velvet Tones to Gala Night.",
      expect.stringMatching(
        /^The Velvet Tones offers to play Gala Night for \$2,500\.00\. Open until [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}\. Three sets\.$/,
      ),
      expect.stringMatching(
        /^Pat Planner accepted the offer of \$2,500\.00: The Velvet Tones is booked for Gala Night\. Booking [A-Z0-9]{8}\.$/,
      ),
    ]);
    expect(messages.map((message) => message.from?.role)).toEqual(["PLANNER", "ARTIST", "PLANNER"]);
    // Words about the event go into the same conversation.
    const more = await start("planner", { body: "Looking forward to it!", event_url: event });
    expect(more.status).toBe(200);
    expect((await json<{ data: { id: number } }>(more)).data.id).toBe(thread.id);
  });
});

describe("limits", () => {
  it("every new conversation counts, those of quote requests and invites too: a request that would start one too many is 429 and invites nobody", async () => {
    const planner = await server.newAccount("PLANNER", { verified: true });
    const as = (path: string, body?: unknown) =>
      server.request(path, { cookie: planner.cookie, ...(body === undefined ? {} : { method: "POST", json: body }) });
    const event = (
      await json<{ data: { url: string } }>(
        await as("/api/events/create", { name: "Spam Night", starttime: "2031-03-01T19:00", location: "Chicago, IL" }),
      )
    ).data.url;
    await server.database.db.execute(
      sql`insert into account_actions (action, subject, at) select 'conversationStarted', ${planner.id}, now() from generate_series(1, ${ACCOUNT_LIMITS.conversationStarted.max - 1})`,
    );
    const refused = await as(`/api/events/invite-acts/${event}`, {
      acts: ["the-velvet-tones", "dj-nova"],
      message: "Cheap followers at spam.example",
    });
    expect(refused.status).toBe(429);
    const invited = async () =>
      (await json<{ data: { url: string; invites: unknown[] }[] }>(await as("/api/events"))).data.find(
        (each) => each.url === event,
      )!.invites;
    expect(await invited()).toEqual([]);
    expect((await json<{ meta: { total: number } }>(await as("/api/conversations"))).meta.total).toBe(0);
    // The one place left is one act's.
    expect(
      (await json<{ data: unknown[] }>(await as(`/api/events/invite-acts/${event}`, { acts: ["dj-nova"] }))).data,
    ).toEqual([{ act: "dj-nova", status: "invited" }]);
    expect((await as("/api/acts/invite-to-event/the-velvet-tones", { event })).status).toBe(429);
    expect((await invited()).length).toBe(1);
  });

  it("a conversation about a cancelled event is 409", async () => {
    const planner = await server.newAccount("PLANNER", { verified: true });
    const as = (path: string, body: unknown) =>
      server.request(path, { cookie: planner.cookie, method: "POST", json: body });
    const event = (
      await json<{ data: { url: string } }>(
        await as("/api/events/create", { name: "Called Off", starttime: "2031-04-01T19:00", location: "Chicago, IL" }),
      )
    ).data.url;
    expect((await as(`/api/events/cancel/${event}`, {})).status).toBe(200);
    const refused = await as("/api/conversations/start/the-velvet-tones", { body: "Still on?", event_url: event });
    expect(refused.status).toBe(409);
    expect((await json<{ message: string }>(refused)).message).toBe("Called Off is cancelled");
  });

  it("a message of blanks or zero-width characters alone is no message", async () => {
    for (const body of ["\u200B\u200B\u200B", "\u2060\uFEFF", " \u3164 "]) {
      expect(await errors(await start("planner", { body })), JSON.stringify(body)).toEqual({
        body: ["Message is required"],
      });
      expect(
        await errors(await post(`/api/conversations/${talk}/messages`, "owner", { body })),
        JSON.stringify(body),
      ).toEqual({ body: ["Message is required"] });
    }
  });

  it(`at most ${ACCOUNT_LIMITS.conversationStarted.max} conversations started a day: then 429 with Retry-After, and nothing written`, async () => {
    // The demo planner2 has started none; fill the window through the database's own counter.
    const [planner2] = (
      (await server.database.db.execute(sql`select id from users where email = 'planner2@example.com'`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows;
    await server.database.db.execute(
      sql`insert into account_actions (action, subject, at) select 'conversationStarted', ${planner2!.id}, now() from generate_series(1, ${ACCOUNT_LIMITS.conversationStarted.max})`,
    );
    const refused = await start("otherPlanner", { body: "One more" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await list("otherPlanner")).meta.total).toBe(0);
  });
});

describe("response facts", () => {
  const db = () => server.database.db;
  const facts = async (act = "the-velvet-tones") =>
    (
      await json<{ data: { response_rate?: number; response_time_hours?: number | null } }>(
        await get(`/api/acts/${act}`, "guest"),
      )
    ).data;
  const startAs = (cookie: string, act: string, body = "Are you free in May?") =>
    server.request(`/api/conversations/start/${act}`, { method: "POST", cookie, json: { body } });

  it("count planners who confirmed their email, once each per act, and an unanswered conversation only once its day has passed", async () => {
    // So far one planner (planner@) has three conversations with The Velvet Tones, the first
    // answered at once: one planner is not three, so nothing is said yet.
    expect("response_rate" in (await facts())).toBe(false);
    const confirmed = [
      await server.newAccount("PLANNER", { verified: true }),
      await server.newAccount("PLANNER", { verified: true }),
    ];
    const unconfirmed = await server.newAccount("PLANNER");
    for (const planner of [...confirmed, unconfirmed])
      expect((await startAs(planner.cookie, "the-velvet-tones")).status).toBe(201);
    // Unanswered for minutes is not unanswered: the act has a day.
    await refreshAllResponseFacts(db());
    expect("response_rate" in (await facts())).toBe(false);
    // A day later: planner@ once (answered at once), the two confirmed planners (missed); the
    // unconfirmed planner not at all. Counted by conversation it would be 1 of 6, by planner with
    // the unconfirmed one 1 of 4.
    await db().execute(
      sql`update messages m set created_at = m.created_at - interval '25 hours' from conversations c join acts a on a.id = c.act_id where c.id = m.conversation_id and a.url = 'the-velvet-tones'`,
    );
    expect(await refreshAllResponseFacts(db())).toBe(1);
    await eventually(async () => (await facts()).response_rate === 33);
    const velvet = await facts();
    expect([velvet.response_rate, velvet.response_time_hours]).toEqual([33, 0]);
    // Its result card says the same.
    const card = (
      await json<{ data: { url: string; response_rate?: number; response_time_hours?: number | null }[] }>(
        await get("/api/acts?searchTerms=velvet", "guest"),
      )
    ).data.find((act) => act.url === "the-velvet-tones");
    expect([card?.response_rate, card?.response_time_hours]).toEqual([33, 0]);
    // An answer later than a day does not count toward the rate. Written straight to the
    // database, as time passing would: the servers' sweep finds it and notifies the act, whose
    // pages reach a server's kept facts a moment later.
    await db().execute(
      sql`update messages set created_at = created_at + interval '2 days' where conversation_id = ${talk} and author_id <> (select planner_id from conversations where id = ${talk})`,
    );
    expect(await refreshAllResponseFacts(db())).toBe(1);
    expect(await refreshAllResponseFacts(db())).toBe(0);
    await eventually(async () => (await facts()).response_rate === 0);
    const later = await facts();
    expect(later.response_rate).toBe(0);
    expect(later.response_time_hours).toBeGreaterThan(47);
    // An act with fewer conversations says nothing yet.
    const nova = (await json<{ data: Record<string, unknown> }>(await get("/api/acts/dj-nova", "guest"))).data;
    expect("response_rate" in nova).toBe(false);
  });

  it("one account cannot make an act's figures: its conversations and invites with the act count once", async () => {
    // A confirmed planner writes to DJ Nova three ways (no event, an event, an invite), and the
    // act's artist answers each at once: one planner, not the three an act needs to be rated.
    const forger = await server.newAccount("PLANNER", { verified: true });
    expect((await startAs(forger.cookie, "dj-nova", "One")).status).toBe(201);
    for (const name of ["Forged Gala", "Forged Ball"]) {
      const created = await server.request("/api/events/create", {
        method: "POST",
        cookie: forger.cookie,
        json: { name, starttime: "2030-05-04T19:00", location: "Chicago, IL", actUrl: "dj-nova" },
      });
      expect(created.status).toBe(201);
    }
    const threads = (await list("owner")).data.filter(
      (summary) => summary.act.url === "dj-nova" && summary.planner.name === forger.name,
    );
    expect(threads.length).toBe(3);
    for (const thread of threads)
      expect((await post(`/api/conversations/${thread.id}/messages`, "owner", { body: "Yes!" })).status).toBe(201);
    await refreshAllResponseFacts(db());
    expect("response_rate" in (await facts("dj-nova"))).toBe(false);
  });

  it("of two equally relevant acts, the one that answers comes first in search", async () => {
    const db = server.database.db;
    const [artist] = (
      (await db.execute(sql`select id from users where email = 'artist@example.com'`)) as unknown as {
        rows: { id: string }[];
      }
    ).rows;
    for (const [url, name] of [
      ["twin-echo-alpha", "Twin Echo Alpha"],
      ["twin-echo-bravo", "Twin Echo Bravo"],
    ] as const)
      await db.insert(acts).values({
        url,
        name,
        headline: "Harmonies for twinecho fans",
        location: "Chicago, IL",
        active: true,
        applicationComplete: true,
        musical: true,
        managerId: artist!.id,
      });
    const order = async () =>
      (
        await json<{ data: { url: string; response_rate?: number }[] }>(
          await get("/api/acts?searchTerms=twinecho", "guest"),
        )
      ).data;
    await eventually(async () => (await order()).length === 2);
    expect((await order()).map((act) => act.url)).toEqual(["twin-echo-alpha", "twin-echo-bravo"]);
    // Three confirmed planners write to Bravo, each answered by its artist at once.
    for (let planner = 0; planner < 3; planner++) {
      const started = await startAs(
        (await server.newAccount("PLANNER", { verified: true })).cookie,
        "twin-echo-bravo",
        "Are you free?",
      );
      const { id } = (await json<{ data: { id: number } }>(started)).data;
      expect((await post(`/api/conversations/${id}/messages`, "owner", { body: "We are!" })).status).toBe(201);
    }
    await eventually(async () => (await order())[0]?.url === "twin-echo-bravo");
    expect((await order()).map((act) => [act.url, act.response_rate])).toEqual([
      ["twin-echo-bravo", 100],
      ["twin-echo-alpha", undefined],
    ]);
  });

  it("an act moved to another artist takes its conversations along: the new artist reads and answers them, the old one no longer can", async () => {
    const bravo = async (as: Who) => (await list(as)).data.filter((summary) => summary.act.url === "twin-echo-bravo");
    const threads = await bravo("owner");
    expect(threads.length).toBe(3);
    expect(await bravo("otherArtist")).toEqual([]);
    expect((await post("/api/acts/reassign/twin-echo-bravo", "admin", { act: "artist2" })).status).toBe(200);
    expect((await bravo("otherArtist")).map((summary) => summary.id).sort()).toEqual(
      threads.map((summary) => summary.id).sort(),
    );
    expect(await bravo("owner")).toEqual([]);
    const [first] = threads;
    expect((await get(`/api/conversations/${first!.id}`, "owner")).status).toBe(404);
    expect((await post(`/api/conversations/${first!.id}/messages`, "owner", { body: "Still mine?" })).status).toBe(404);
    expect(
      (
        await post(`/api/conversations/${first!.id}/messages`, "otherArtist", {
          body: "Sam here, I look after Bravo now.",
        })
      ).status,
    ).toBe(201);
    expect((await read(first!.id, "admin")).messages.at(-1)).toMatchObject({
      body: "Sam here, I look after Bravo now.",
      from: { name: "Sam Artist" },
    });
  });
});

describe("admins find conversations", () => {
  it("an admin lists every conversation and finds them by act, planner or event name; others' lists ignore q", async () => {
    const all = await list("admin");
    expect(all.meta.total).toBeGreaterThan(3);
    expect(all.data.some((item) => item.act.url === "the-velvet-tones" && item.planner.name === "Pat Planner")).toBe(
      true,
    );
    // An admin reads others' conversations: neither side's.
    expect(all.data.every((item) => item.side === "reader")).toBe(true);
    const byAct = await json<{ data: ConversationSummary[]; meta: { total: number } }>(
      await get("/api/conversations?q=velvet", "admin"),
    );
    expect(byAct.data.length).toBeGreaterThan(0);
    expect(byAct.data.every((item) => item.act.name === "The Velvet Tones")).toBe(true);
    const byPlanner = await json<{ data: ConversationSummary[] }>(
      await get("/api/conversations?q=pat%20planner", "admin"),
    );
    expect(byPlanner.data.length).toBeGreaterThan(0);
    expect(byPlanner.data.every((item) => item.planner.name === "Pat Planner")).toBe(true);
    const byEvent = await json<{ data: ConversationSummary[] }>(
      await get("/api/conversations?q=summer%20wed", "admin"),
    );
    expect(byEvent.data.map((item) => item.event?.name)).toEqual(["Summer Wedding"]);
    expect(
      (await json<{ meta: { total: number } }>(await get("/api/conversations?q=no-such-name-anywhere", "admin"))).meta
        .total,
    ).toBe(0);
    // A planner's list is theirs, whatever q says.
    const planner = await json<{ meta: { total: number } }>(
      await get("/api/conversations?q=no-such-name-anywhere", "planner"),
    );
    expect(planner.meta.total).toBe((await list("planner")).meta.total);
    expect((await get(`/api/conversations?q=${"x".repeat(300)}`, "admin")).status).toBe(422);
  });
});
