import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitingOfferInThread } from "#modules/bookings/server";
import { rowsOf } from "#server/db/rows-of";
import { type TestServer, createTestServer, json } from "#tests/setup/api-harness";
import { eventually } from "#tests/setup/eventually";
import type { Conversation } from "../../answers";

/**
 * A thread is kept by what it was read from (decision 0058): its messages, its read marks, its
 * act and its people, and the offer waiting in it. Each change below is written straight to the
 * database, as another server or a job would write it, and must reach the next read.
 */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

describe("a kept thread", () => {
  it("shows a message, an author's new name and the act's new name written elsewhere, and still marks it read", async () => {
    const started = await server.post("/api/conversations/start/dj-nova", "planner", { body: "Free on June 12?" });
    expect(started.status).toBe(201);
    const id = (await json<{ data: { id: number } }>(started)).data.id;
    const read = async (as: "planner" | "otherArtist" = "planner") =>
      (await json<{ data: Conversation }>(await server.get(`/api/conversations/${id}`, as))).data;
    const before = await read();
    expect(await read()).toEqual(before);
    const db = server.database.db;
    const [act] = await rowsOf<{ manager_id: string }>(
      db.execute(sql`select manager_id from acts where url = 'dj-nova'`),
    );

    await db.execute(
      sql`insert into messages (conversation_id, author_id, body) values (${id}, ${act!.manager_id}, 'Yes, we are free')`,
    );
    await eventually(async () => (await read()).messages.some((m) => m.body === "Yes, we are free"));
    const answered = await read();
    expect(answered.messages.at(-1)?.body).toBe("Yes, we are free");
    // Reading it marked it read for the planner, as a fresh read did.
    const [mark] = await rowsOf<{ last_read_id: number }>(
      db.execute(
        sql`select r.last_read_id from conversation_reads r join users u on u.id = r.user_id where r.conversation_id = ${id} and u.email = 'planner@example.com'`,
      ),
    );
    expect(mark!.last_read_id).toBe(answered.messages.at(-1)!.id);

    await db.execute(sql`update users set name = 'Nova Kept' where id = ${act!.manager_id}`);
    await eventually(async () => (await read()).messages.at(-1)?.from?.name === "Nova Kept");

    await db.execute(sql`update acts set name = 'DJ Nova Kept' where url = 'dj-nova'`);
    await eventually(async () => (await read()).act.name === "DJ Nova Kept");
    // Kept or not, anyone else is told there is no such conversation.
    expect((await server.get(`/api/conversations/${id}`, "otherPlanner")).status).toBe(404);
  });

  it("the offer waiting in an event's thread goes once it is withdrawn elsewhere", async () => {
    const created = await server.post("/api/events/create", "planner", {
      name: "Kept Offer Party",
      starttime: new Date(Date.now() + 80 * 86_400_000).toISOString(),
      location: "Chicago, IL",
      actUrl: "the-velvet-tones",
    });
    expect(created.status).toBe(201);
    const eventUrl = (await json<{ data: { url: string } }>(created)).data.url;
    const inviteId = await server.inviteOf(eventUrl);
    const offered = await server.post(`/api/offers/submit/${inviteId}`, "owner", {
      price_cents: 300_000,
      deposit_cents: 50_000,
    });
    expect(offered.status).toBe(200);
    const db = server.database.db;
    const [act] = await rowsOf<{ id: number }>(db.execute(sql`select id from acts where url = 'the-velvet-tones'`));
    const planner = (await server.pageContext("planner")).viewer!;
    const source = { db, cache: server.readCache };
    const thread = { plannerId: planner.id, act: { id: act!.id, url: "the-velvet-tones" }, eventUrl };
    const waiting = () => waitingOfferInThread(source, planner, thread);
    expect((await waiting())?.offer.price_cents).toBe(300_000);
    expect(await waiting()).toEqual(await waiting());
    // Someone else asking the same thread (the act's artist) sees no offer to answer.
    expect(await waitingOfferInThread(source, (await server.pageContext("owner")).viewer!, thread)).toBeNull();

    await db.execute(sql`update offers set status = 'withdrawn' where invite_id = ${inviteId}`);
    await eventually(async () => (await waiting()) === null);
  });
});
