import { eventually } from "#tests/setup/eventually";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE_EMAILS, createTestServer, json, type TestServer } from "#tests/setup/api-harness";
import type { SsrHandler } from "#start/app";
import { acts } from "#modules/acts/server/tables";
import { bookings as bookings_, events } from "#modules/bookings/server/tables";
import { sessions, users } from "#modules/accounts/server/tables";

/**
 * Sessions and unread counts are kept in memory between requests (server/cache/viewer-cache.ts).
 * What is kept must never outlive the change that ends it: a page stands in for the header,
 * showing who is signed in and how many notifications wait.
 */
const ssr: SsrHandler = async (request, context) => {
  // /bookings stands in for a profile's review button: the planner's bookings not yet reviewed.
  const bookings = async () =>
    (await context.unreviewedBookings())
      .map((booking) => `${booking.url}@${booking.starttime.toISOString()}`)
      .join(" ");
  const path = new URL(request.url).pathname;
  // /reading/<id> stands in for a thread's header: the unread messages besides the one on screen.
  const reading = /^\/reading\/(\d+)$/.exec(path)?.[1];
  const page =
    path === "/bookings"
      ? await bookings()
      : reading
        ? `${await context.unreadMessagesBesides(Number(reading))} new besides`
        : `${context.viewer?.name} (${context.viewer?.role}): ${await context.unreadCount()} unread`;
  return new Response(context.viewer ? page : "guest", { headers: { "content-type": "text/html; charset=utf-8" } });
};

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ ssr });
});
afterAll(async () => server.close());

const header = async (cookie: string | null) => (await server.request("/my-acts", { cookie })).text();

describe("what is kept of a signed-in viewer", () => {
  it("a signed-out session gets the guest's page at once", async () => {
    const cookie = await server.signIn(ROLE_EMAILS.otherPlanner);
    expect(await header(cookie)).toMatch(/\(PLANNER\): 0 unread$/);
    expect((await server.request("/api/auth/sign-out", { json: {}, cookie })).status).toBe(200);
    expect(await header(cookie)).toBe("guest");
    expect((await server.request("/api/me", { cookie })).status).toBe(401);
  });

  it("a notification written by another user's action shows in the count of its reader at once, and marking read clears it", async () => {
    const artist = await server.cookieFor("otherArtist");
    expect(await header(artist)).toMatch(/: 0 unread$/);
    expect((await server.post("/api/acts/set-status/pending-act", "admin", { status: "approved" })).status).toBe(200);
    expect(await header(artist)).toMatch(/: 1 unread$/);
    expect((await server.post("/api/notifications/read", "otherArtist")).status).toBe(200);
    expect(await header(artist)).toMatch(/: 0 unread$/);
  });

  it("a session ended or a name changed outside this server is heard, never served from memory for long", async () => {
    const cookie = await server.signIn(ROLE_EMAILS.planner);
    expect(await header(cookie)).toMatch(/\(PLANNER\)/);
    const [planner] = await server.database.db.select().from(users).where(eq(users.email, ROLE_EMAILS.planner));
    await server.database.db.update(users).set({ name: "Renamed Planner" }).where(eq(users.id, planner!.id));
    await eventually(async () => (await header(cookie)).startsWith("Renamed Planner (PLANNER)"));
    await server.database.db.delete(sessions).where(eq(sessions.userId, planner!.id));
    await eventually(async () => (await header(cookie)) === "guest");
  });

  it("one user's kept session is never another's", async () => {
    const [owner, other] = [await server.cookieFor("owner"), await server.cookieFor("otherArtist")];
    for (let i = 0; i < 3; i++) {
      expect(await header(owner)).toMatch(/^Riley Artist \(ARTIST\)/);
      expect(await header(other)).not.toMatch(/^Riley Artist/);
    }
  });

  it("a planner's unreviewed bookings follow their events, bookings and reviews, wherever they change", async () => {
    const planner = await server.cookieFor("planner");
    const bookings = async () => (await server.request("/bookings", { cookie: planner })).text();
    expect(await bookings()).toContain("spring-gala@");
    const [gala] = await server.database.db.select().from(events).where(eq(events.url, "spring-gala"));
    const [velvet] = await server.database.db.select().from(acts).where(eq(acts.url, "the-velvet-tones"));
    // An event moved, straight in the database.
    const moved = new Date("2020-01-02T03:04:05.000Z");
    await server.database.db.update(events).set({ starttime: moved }).where(eq(events.id, gala!.id));
    await eventually(async () => (await bookings()).includes(`spring-gala@${moved.toISOString()}`));
    // A booking removed, and made again.
    const [booking] = await server.database.db
      .delete(bookings_)
      .where(and(eq(bookings_.eventId, gala!.id), eq(bookings_.actId, velvet!.id)))
      .returning();
    await eventually(async () => !(await bookings()).includes("spring-gala@"));
    const { id: _id, ...again } = booking!;
    await server.database.db.insert(bookings_).values(again);
    await eventually(async () => (await bookings()).includes("spring-gala@"));
    // A review through this server: the very next page no longer offers the event.
    const review = { rating: 5, title: "Kept test", body: "Reviewed once.", event_url: "spring-gala" };
    expect(
      (await server.post("/api/entertainer-reviews/add-entertainer-review/the-velvet-tones", "planner", review)).status,
    ).toBe(201);
    expect(await bookings()).not.toContain("spring-gala@");
  });

  it("a planner's kept bookings are never another planner's", async () => {
    const other = await server.cookieFor("otherPlanner");
    expect(await (await server.request("/bookings", { cookie: await server.cookieFor("planner") })).text()).not.toBe(
      "guest",
    );
    expect(await (await server.request("/bookings", { cookie: other })).text()).not.toContain("spring-gala");
  });

  it("a thread's header counts the messages of the other conversations, kept until the reader is told of one", async () => {
    // DJ Nova's artist ("owner"), whose other conversations may already hold unread messages.
    const artist = await server.cookieFor("owner");
    const besides = async (id: number) =>
      Number.parseInt(await (await server.request(`/reading/${id}`, { cookie: artist })).text(), 10);
    const NONE = 999_999_999;
    const before = await besides(NONE);
    const started = await server.post("/api/conversations/start/dj-nova", "planner", {
      body: "About the spring gala?",
    });
    expect(started.status).toBe(201);
    const id = (await json<{ data: { id: number } }>(started)).data.id;
    expect(await besides(NONE)).toBe(before + 1);
    expect(await besides(id)).toBe(before);
    // A message in the thread on screen leaves its count as it was, and shows in every other thread's.
    const posted = await server.post(`/api/conversations/${id}/messages`, "planner", { body: "One more thing" });
    expect(posted.status).toBe(201);
    expect(await besides(id)).toBe(before);
    expect(await besides(NONE)).toBe(before + 2);
    // Read (here through the API): every other thread's count drops again.
    expect((await server.get(`/api/conversations/${id}`, "owner")).status).toBe(200);
    await eventually(async () => (await besides(NONE)) === before);
  });
});
