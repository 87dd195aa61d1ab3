import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, ROLE_EMAILS, type TestServer } from "#tests/setup/api-harness";
import { eventually } from "#tests/setup/eventually";
import { users } from "#modules/accounts/server/tables";
import { acts } from "#modules/acts/server/tables";
import { events } from "#modules/bookings/server/tables";
import { conversations } from "./tables";
import { keptPlannerThreadsWithAct, plannerThreadsWithAct } from "./conversations";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

/**
 * A planner's open conversations are kept as one read across every act (the profile page's
 * "Message" choices). Written here straight into the database, as by another server: the kept
 * read hears of each change by its notice, a moment after the commit.
 */
describe("a planner's kept conversations with each act", () => {
  it("follow a conversation made, moved on, removed, and an event cancelled, act by act", async () => {
    const db = server.database.db;
    const source = { db, cache: server.readCache };
    const [planner] = await db.select({ id: users.id }).from(users).where(eq(users.email, ROLE_EMAILS.planner));
    const some = await db.select({ id: acts.id }).from(acts).where(eq(acts.active, true)).orderBy(acts.id).limit(3);
    const [one, two, three] = some.map((act) => act.id) as [number, number, number];
    const [event] = await db
      .select({ id: events.id, url: events.url })
      .from(events)
      .where(and(eq(events.plannerId, planner!.id), sql`${events.cancelledAt} is null`))
      .limit(1);
    // Kept and fresh: each act's answer is what reading that act's conversations alone finds.
    const agrees = async () => {
      for (const act of [one, two, three]) {
        const kept = await keptPlannerThreadsWithAct(source, planner!.id, act);
        if (JSON.stringify(kept) !== JSON.stringify(await plannerThreadsWithAct(db, planner!.id, act))) return false;
      }
      return true;
    };
    const ids = async (act: number) => (await keptPlannerThreadsWithAct(source, planner!.id, act)).map((t) => t.id);
    await db.delete(conversations).where(eq(conversations.plannerId, planner!.id));
    for (const act of [one, two, three]) expect(await ids(act)).toEqual([]);

    const [general] = await db
      .insert(conversations)
      .values({ plannerId: planner!.id, actId: one, lastMessageAt: new Date(Date.now() - 60_000) })
      .returning({ id: conversations.id });
    await eventually(async () => (await ids(one)).length === 1);
    expect(await ids(two)).toEqual([]);
    const [about] = await db
      .insert(conversations)
      .values({ plannerId: planner!.id, actId: one, eventId: event!.id, lastMessageAt: new Date(Date.now() - 120_000) })
      .returning({ id: conversations.id });
    await eventually(async () => (await ids(one)).length === 2);
    expect(await ids(one)).toEqual([general!.id, about!.id]);
    expect((await keptPlannerThreadsWithAct(source, planner!.id, one))[1]!.event?.url).toBe(event!.url);
    // A message moves its conversation first.
    await db.update(conversations).set({ lastMessageAt: new Date() }).where(eq(conversations.id, about!.id));
    await eventually(async () => (await ids(one))[0] === about!.id);
    // Another act's conversation is that act's only.
    await db.insert(conversations).values({ plannerId: planner!.id, actId: three });
    await eventually(async () => (await ids(three)).length === 1);
    expect(await ids(two)).toEqual([]);
    expect(await agrees()).toBe(true);
    // The event is cancelled: its conversation is no longer offered.
    await db.update(events).set({ cancelledAt: new Date() }).where(eq(events.id, event!.id));
    await eventually(async () => (await ids(one)).length === 1);
    expect(await ids(one)).toEqual([general!.id]);
    await db.update(events).set({ cancelledAt: null }).where(eq(events.id, event!.id));
    await eventually(async () => (await ids(one)).length === 2);
    // Removed.
    await db.delete(conversations).where(eq(conversations.id, general!.id));
    await eventually(async () => (await ids(one)).length === 1);
    expect(await agrees()).toBe(true);
  });
});
