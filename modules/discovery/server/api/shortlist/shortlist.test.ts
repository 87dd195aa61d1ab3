import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActSearchResult } from "#modules/discovery/answers";
import type { Conversation, ConversationSummary } from "#modules/conversations/answers";
import { createTestServer, json, type DemoUser, type TestServer } from "#tests/setup/api-harness";
import { bookThroughApi } from "#tests/setup/booking-fixture";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

type Who = DemoUser | "guest";
const post = (path: string, as: Who, body?: unknown) => server.post(path, as, body);
const get = (path: string, as: Who) => server.get(path, as);
const shortlist = async (as: Who = "planner") =>
  json<{ data: ActSearchResult[]; meta: { total: number } }>(await get("/api/shortlist", as));
const createEvent = async (name: string, starttime: string) =>
  (
    await json<{ data: { url: string } }>(
      await post("/api/events/create", "planner", { name, starttime, location: "Chicago, IL" }),
    )
  ).data.url;

describe("a planner's shortlist", () => {
  it("planners save public acts, see them as search results latest first, and take them off", async () => {
    expect((await post("/api/shortlist/add/the-velvet-tones", "planner")).status).toBe(200);
    expect((await post("/api/shortlist/add/dj-nova", "planner")).status).toBe(200);
    // Saving again changes nothing.
    expect((await post("/api/shortlist/add/the-velvet-tones", "planner")).status).toBe(200);
    const saved = await shortlist();
    expect(saved.meta.total).toBe(2);
    expect(saved.data.map((act) => act.url)).toEqual(["dj-nova", "the-velvet-tones"]);
    expect(saved.data[1]).toMatchObject({
      name: "The Velvet Tones",
      rating: { count: expect.any(Number) as number },
      tags: expect.arrayContaining(["Soul"]) as string[],
    });
    expect((await post("/api/shortlist/remove/dj-nova", "planner")).status).toBe(200);
    expect((await shortlist()).data.map((act) => act.url)).toEqual(["the-velvet-tones"]);
    // Each planner has their own.
    expect((await shortlist("otherPlanner")).meta.total).toBe(0);
  });

  it("is for planners and public acts: 401 for guests, 403 for artists and admins, 404 for an act they cannot see", async () => {
    expect((await post("/api/shortlist/add/the-velvet-tones", "guest")).status).toBe(401);
    expect((await get("/api/shortlist", "guest")).status).toBe(401);
    for (const who of ["owner", "otherArtist", "admin"] as const) {
      expect((await post("/api/shortlist/add/the-velvet-tones", who)).status, who).toBe(403);
      expect((await get("/api/shortlist", who)).status, who).toBe(403);
    }
    expect((await post("/api/shortlist/add/no-such-act", "planner")).status).toBe(404);
    expect((await post("/api/shortlist/add/pending-act", "planner")).status).toBe(404);
    // An act for internal use only is seen, but not offered to planners.
    expect((await post("/api/shortlist/add/keynote-kim", "planner")).status).toBe(403);
  });
});

describe("requesting quotes from several acts", () => {
  it("invites each act with the planner's words in its own conversation, and says which were invited before, not free or not found", async () => {
    // DJ Nova is booked on June 12, 2031 for another event.
    const day = "2031-06-12T19:00";
    const { eventUrl: booked } = await bookThroughApi(server, {
      name: "Rehearsal Dinner",
      days: 0,
      starttime: day,
      act: "dj-nova",
      price_cents: 90_000,
      deposit_cents: 0,
    });
    const wedding = await createEvent("June Wedding", day);
    const message = "We are planning a June wedding for 150 guests. Could you send a quote?";
    const answer = await post(`/api/events/invite-acts/${wedding}`, "planner", {
      acts: ["the-velvet-tones", "dj-nova", "no-such-act", "keynote-kim", "pending-act"],
      message,
    });
    expect(answer.status).toBe(200);
    expect((await json<{ data: unknown }>(answer)).data).toEqual([
      { act: "the-velvet-tones", status: "invited" },
      { act: "dj-nova", status: "unavailable" },
      { act: "no-such-act", status: "not_found" },
      { act: "keynote-kim", status: "not_found" },
      { act: "pending-act", status: "not_found" },
    ]);
    const again = await post(`/api/events/invite-acts/${wedding}`, "planner", { acts: ["the-velvet-tones"] });
    expect((await json<{ data: unknown }>(again)).data).toEqual([
      { act: "the-velvet-tones", status: "already_invited" },
    ]);
    // The invited act's conversation of that event holds the invite and the words.
    const thread = (await json<{ data: ConversationSummary[] }>(await get("/api/conversations", "owner"))).data.find(
      (item) => item.event?.url === wedding,
    )!;
    const { messages } = (await json<{ data: Conversation }>(await get(`/api/conversations/${thread.id}`, "owner")))
      .data;
    expect(messages.map((message) => [message.kind, message.body])).toEqual([
      ["invite", "Pat Planner invited The Velvet Tones to June Wedding."],
      ["text", message],
    ]);
    // The act's invites show the words beside the event; an invite without words shows none.
    const invitesNow = (
      await json<{ data: { event: { url: string }; request: string | null }[] }>(await get("/api/invites", "owner"))
    ).data;
    expect(invitesNow.find((item) => item.event.url === wedding)!.request).toBe(message);
    expect(invitesNow.find((item) => item.event.url === booked)!.request).toBeNull();
  });

  it("only the event's planner asks, 1 to 10 acts at once", async () => {
    const event = await createEvent("Small Party", "2031-09-01T18:00");
    const ask = (as: Who, body: unknown, url = event) => post(`/api/events/invite-acts/${url}`, as, body);
    expect((await ask("guest", { acts: ["the-velvet-tones"] })).status).toBe(401);
    for (const who of ["owner", "admin"] as const)
      expect((await ask(who, { acts: ["the-velvet-tones"] })).status, who).toBe(403);
    expect((await ask("otherPlanner", { acts: ["the-velvet-tones"] })).status).toBe(404);
    expect((await json<{ errors: unknown }>(await ask("planner", { acts: [] }))).errors).toEqual({
      acts: ["Choose at least one act"],
    });
    expect(
      (
        await json<{ errors: unknown }>(
          await ask("planner", { acts: Array.from({ length: 11 }, (_, i) => `act-${i}`) }),
        )
      ).errors,
    ).toEqual({ acts: ["Choose at most 10 acts"] });
    expect(
      (await json<{ errors: unknown }>(await ask("planner", { acts: ["the-velvet-tones"], message: "x".repeat(2001) })))
        .errors,
    ).toEqual({ message: ["Must be 2000 characters or less"] });
  });
});
