import { eventually } from "../tests/setup/eventually";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE_EMAILS, createTestServer, type TestServer } from "../tests/setup/api-harness";
import type { SsrHandler } from "./app";
import { sessions, users } from "./db/schema";

/**
 * Sessions and unread counts are kept in memory between requests (server/viewer-cache.ts).
 * What is kept must never outlive the change that ends it: a page stands in for the header,
 * showing who is signed in and how many notifications wait.
 */
const ssr: SsrHandler = async (_request, context) =>
  new Response(context.viewer ? `${context.viewer.name} (${context.viewer.role}): ${await context.unreadCount()} unread` : "guest", {
    headers: { "content-type": "text/html; charset=utf-8" },
  });

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
});
