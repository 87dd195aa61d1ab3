import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type DemoUser, type TestServer } from "#tests/setup/api-harness";
import { eventually } from "#tests/setup/eventually";
import { createTaggedStore } from "./tagged-store";
import { acts, tags } from "#modules/acts/server/tables";
import { events, invites, offers } from "#modules/bookings/server/tables";
import { moderationEvents, tagUpdateRequestTags, tagUpdateRequests } from "#modules/moderation/server/tables";
import { users } from "#modules/accounts/server/tables";
import { createLogger } from "../logger";

/**
 * Acts' rows are kept in memory between reads (`actRow` in modules/acts/server/act-visibility.ts), and the profile
 * (GET /api/acts/{url}, and the page, which reads it the same way) starts from the kept row.
 * What is kept must never outlive a change, and never carry one viewer's view to another.
 */
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

const ROLES: (DemoUser | "guest")[] = ["guest", "planner", "otherArtist", "owner", "admin"];

async function profile(url: string, user: DemoUser | "guest") {
  const response = await server.request(`/api/acts/${url}`, { cookie: await server.cookieFor(user) });
  return {
    status: response.status,
    data: response.ok ? ((await response.json()) as { data: Record<string, unknown> }).data : null,
  };
}

describe("the act rows kept between reads", () => {
  it("a change made outside this server shows to every role", async () => {
    for (const role of ROLES) expect((await profile("dj-nova", role)).data?.headline).not.toBe("Kept no longer");
    await server.database.db.update(acts).set({ headline: "Kept no longer" }).where(eq(acts.url, "dj-nova"));
    for (const role of ROLES)
      await eventually(async () => (await profile("dj-nova", role)).data?.headline === "Kept no longer");
  });

  it("an act moved to a new address is gone from its old one", async () => {
    expect((await profile("dj-nova", "guest")).status).toBe(200);
    await server.database.db.update(acts).set({ url: "dj-nova-moved" }).where(eq(acts.url, "dj-nova"));
    await eventually(async () => (await profile("dj-nova", "guest")).status === 404);
    expect((await profile("dj-nova-moved", "guest")).status).toBe(200);
    await server.database.db.update(acts).set({ url: "dj-nova" }).where(eq(acts.url, "dj-nova-moved"));
    await eventually(async () => (await profile("dj-nova-moved", "guest")).status === 404);
    expect((await profile("dj-nova", "guest")).status).toBe(200);
  });

  it("an admin's decline hides the act from guests and other artists on the very next read", async () => {
    expect((await profile("dj-nova", "guest")).status).toBe(200);
    expect(
      (await server.post("/api/acts/set-status/dj-nova", "admin", { status: "declined", decline_reason: "Kept test" }))
        .status,
    ).toBe(200);
    expect((await profile("dj-nova", "guest")).status).toBe(404);
    expect((await profile("dj-nova", "otherArtist")).status).toBe(404);
    expect((await profile("dj-nova", "owner")).data?.status).toMatchObject({ key: "declined" });
    expect((await server.post("/api/acts/set-status/dj-nova", "admin", { status: "approved" })).status).toBe(200);
    expect((await profile("dj-nova", "guest")).status).toBe(200);
  });

  it("what only the act's managers and admins see never reaches another viewer from the shared row", async () => {
    const owner = (await profile("the-velvet-tones", "owner")).data!;
    const admin = (await profile("the-velvet-tones", "admin")).data!;
    expect(owner).toHaveProperty("latestOffer");
    expect(admin).toHaveProperty("manager");
    for (const role of ["guest", "planner", "otherArtist"] as const) {
      const seen = (await profile("the-velvet-tones", role)).data!;
      for (const field of [
        "latestOffer",
        "pendingTagRequest",
        "manager",
        "history",
        "additional_info",
        "decline_reason",
      ])
        expect(seen).not.toHaveProperty(field);
      expect(seen.viewer).toEqual({ isManager: false, canManage: false, isAdmin: false });
    }
  });

  it("what the act's managers see follows its offers, invites and tag requests, wherever they change", async () => {
    const db = server.database.db;
    const [velvet] = await db.select().from(acts).where(eq(acts.url, "the-velvet-tones"));
    const owner = async () => (await profile("the-velvet-tones", "owner")).data!;
    expect(await owner()).toHaveProperty("latestOffer");
    // An offer posted on a new invite, straight in the database, is the latest at once.
    const [event] = await db.select().from(events).where(eq(events.url, "summer-wedding"));
    const [invite] = await db
      .insert(invites)
      .values({ eventId: event!.id, actId: velvet!.id })
      .onConflictDoNothing()
      .returning();
    const inviteId =
      invite?.id ??
      (
        await db
          .select()
          .from(invites)
          .where(and(eq(invites.eventId, event!.id), eq(invites.actId, velvet!.id)))
      )[0]!.id;
    const posted = new Date("2030-05-06T07:08:09.000Z");
    await db.insert(offers).values({ inviteId, priceCents: 100, dateTimePosted: posted });
    await eventually(
      async () =>
        ((await owner()).latestOffer as { date_time_posted: string } | null)?.date_time_posted === posted.toISOString(),
    );
    // Its invite deleted (the offer goes with it): no longer the latest.
    await db.delete(invites).where(eq(invites.id, inviteId));
    await eventually(
      async () =>
        ((await owner()).latestOffer as { date_time_posted: string } | null)?.date_time_posted !== posted.toISOString(),
    );
    // A tag request, pending and then canceled.
    await db
      .update(tagUpdateRequests)
      .set({ status: "canceled" })
      .where(and(eq(tagUpdateRequests.actId, velvet!.id), eq(tagUpdateRequests.status, "pending")));
    await eventually(async () => (await owner()).pendingTagRequest === null);
    const [request] = await db.insert(tagUpdateRequests).values({ actId: velvet!.id, musical: true }).returning();
    await eventually(async () => ((await owner()).pendingTagRequest as { id: number } | null)?.id === request!.id);
    await db.update(tagUpdateRequests).set({ status: "canceled" }).where(eq(tagUpdateRequests.id, request!.id));
    await eventually(async () => (await owner()).pendingTagRequest === null);
  });

  it("what admins see follows the manager's account and the moderation history, wherever they change", async () => {
    const db = server.database.db;
    const admin = async () =>
      (await profile("the-velvet-tones", "admin")).data as {
        manager: { name: string; phone: string | null; w9_received: boolean };
        history: { actor: string | null; action: string }[];
      };
    const [velvet] = await db.select().from(acts).where(eq(acts.url, "the-velvet-tones"));
    const managerId = velvet!.managerId!;
    const [manager] = await db.select().from(users).where(eq(users.id, managerId));
    expect((await admin()).manager.name).toBe(manager!.name);
    // The manager's account changed straight in the database: the admin's page shows it at once.
    await db
      .update(users)
      .set({ name: "Renamed Manager", w9Received: !manager!.w9Received })
      .where(eq(users.id, managerId));
    await eventually(async () => (await admin()).manager.name === "Renamed Manager");
    expect((await admin()).manager.w9_received).toBe(!manager!.w9Received);
    await db.update(users).set({ name: manager!.name, w9Received: manager!.w9Received }).where(eq(users.id, managerId));
    await eventually(async () => (await admin()).manager.name === manager!.name);
    // A moderation event recorded elsewhere, and then its actor renamed.
    const [adminUser] = await db.select().from(users).where(eq(users.email, "admin@example.com"));
    const [event] = await db
      .insert(moderationEvents)
      .values({ actId: velvet!.id, actorId: adminUser!.id, action: "feature" })
      .returning();
    await eventually(async () => (await admin()).history.some((item) => item.actor === adminUser!.name));
    await db.update(users).set({ name: "Renamed Admin" }).where(eq(users.id, adminUser!.id));
    await eventually(async () => (await admin()).history.some((item) => item.actor === "Renamed Admin"));
    await db.delete(moderationEvents).where(eq(moderationEvents.id, event!.id));
    await db.update(users).set({ name: adminUser!.name }).where(eq(users.id, adminUser!.id));
    await eventually(async () => !(await admin()).history.some((item) => item.actor === "Renamed Admin"));
  });

  it("a search's answer, kept, follows any act's change made outside this server, for guests and admins alike", async () => {
    const db = server.database.db;
    const search = async (query: string, user: DemoUser | "guest") => {
      const response = await server.request(`/api/acts?${query}`, { cookie: await server.cookieFor(user) });
      return ((await response.json()) as { data: { url: string; headline: string }[] }).data;
    };
    const query = "searchTerms=dj%20nova";
    for (const user of ["guest", "admin"] as const)
      expect((await search(query, user)).map((act) => act.url)).toContain("dj-nova");
    await db.update(acts).set({ headline: "Heard by every kept search" }).where(eq(acts.url, "dj-nova"));
    for (const user of ["guest", "admin"] as const)
      await eventually(
        async () =>
          (await search(query, user)).find((act) => act.url === "dj-nova")?.headline === "Heard by every kept search",
      );
    // Declined straight in the database: gone from the public's search at once, still the admin's.
    await db.update(acts).set({ active: false, declined: true }).where(eq(acts.url, "dj-nova"));
    await eventually(async () => !(await search(query, "guest")).some((act) => act.url === "dj-nova"));
    expect((await search(query, "admin")).map((act) => act.url)).toContain("dj-nova");
    await db.update(acts).set({ active: true, declined: false }).where(eq(acts.url, "dj-nova"));
    await eventually(async () => (await search(query, "guest")).some((act) => act.url === "dj-nova"));
  });

  it("a kept count of what waits for admins goes stale with any act's change", async () => {
    const store = await createTaggedStore(server.database, createLogger("silent"));
    try {
      let loads = 0;
      const count = () => store.cached("waiting", "*", async () => ++loads, { group: "test", maxEntries: 1 });
      expect(await count()).toBe(1);
      expect(await count()).toBe(1);
      await server.database.db.update(acts).set({ headline: "Any change" }).where(eq(acts.url, "keynote-kim"));
      await eventually(async () => (await count()) === 2);
      store.invalidateAfterWrite();
      expect(await count()).toBe(3);
    } finally {
      await store.stop();
    }
  });

  it("each table behind what managers see notifies the act it touches", async () => {
    const db = server.database.db;
    const store = await createTaggedStore(server.database, createLogger("silent"));
    try {
      let loads = 0;
      const read = () =>
        store.cached("velvet", ["act:the-velvet-tones"], async () => ++loads, { group: "test", maxEntries: 1 });
      const [velvet] = await db.select().from(acts).where(eq(acts.url, "the-velvet-tones"));
      const [event] = await db.select().from(events).where(eq(events.url, "spring-gala"));
      const changes: [string, () => Promise<unknown>][] = [];
      let inviteId = 0;
      let requestId = 0;
      changes.push([
        "an invite",
        async () =>
          (inviteId = (
            await db
              .insert(invites)
              .values({ eventId: event!.id, actId: velvet!.id })
              .onConflictDoUpdate({ target: [invites.eventId, invites.actId], set: { createdAt: new Date() } })
              .returning()
          )[0]!.id),
      ]);
      changes.push(["an offer", () => db.insert(offers).values({ inviteId, priceCents: 5 })]);
      changes.push([
        "an offer's change",
        () => db.update(offers).set({ priceCents: 6 }).where(eq(offers.inviteId, inviteId)),
      ]);
      changes.push([
        "a tag request",
        async () => {
          await db
            .update(tagUpdateRequests)
            .set({ status: "canceled" })
            .where(and(eq(tagUpdateRequests.actId, velvet!.id), eq(tagUpdateRequests.status, "pending")));
          requestId = (await db.insert(tagUpdateRequests).values({ actId: velvet!.id, musical: true }).returning())[0]!
            .id;
        },
      ]);
      const [tag] = await db.select().from(tags).limit(1);
      changes.push([
        "a tag of the request",
        () => db.insert(tagUpdateRequestTags).values({ requestId, tagId: tag!.id, relation: "genres" }),
      ]);
      changes.push([
        "the request's tags removed",
        () => db.delete(tagUpdateRequestTags).where(eq(tagUpdateRequestTags.requestId, requestId)),
      ]);
      // Settled: no change notice of the previous change is still on its way.
      const settled = async () => {
        for (;;) {
          const first = await read();
          await new Promise((resolve) => setTimeout(resolve, 100));
          if ((await read()) === first) return first;
        }
      };
      for (const [what, change] of changes) {
        const before = await settled();
        await change();
        await eventually(async () => (await read()) > before).catch((error: Error) => {
          throw new Error(`${what} was not notified: ${error.message}`);
        });
      }
    } finally {
      await store.stop();
    }
  });
});
