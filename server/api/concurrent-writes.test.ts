import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, like, sql } from "drizzle-orm";
import { acts } from "#modules/acts/server/tables";
import { users } from "#modules/accounts/server/tables";
import { gradientPng } from "#start/demo/demo-files";
import { seedCatalogue } from "#start/demo/catalogue";
import { createTestServer, json, type TestServer } from "#tests/setup/api-harness";
import { transientRetries } from "../db/transient-retry";
import { compactFacetCounts } from "#modules/discovery/server/search/facet-counts";

/**
 * Issue 32, item 1: two dozen artists writing to their own acts at once deadlocked on
 * PostgreSQL (each write rebuilt the act's search row, which updated shared rows of facet
 * counts in different orders). No write to one act may fail because of a write to another.
 * Every kind of write that touches an act's search row or a count runs here at once, and none
 * may be answered with anything but success, nor succeed only because the server retried it.
 */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
  // Acts each run by an artist of its own (the catalogue's), approved and musical.
  await seedCatalogue(server.database, { storage: server.storage, count: 60 });
});
afterAll(async () => server.close());

const WRITERS = 24;
const ROUNDS = 5;

interface Writer {
  url: string;
  cookie: string;
}

async function writers(): Promise<Writer[]> {
  const rows = await server.database.db
    .select({ url: acts.url, email: users.email })
    .from(acts)
    .innerJoin(users, eq(users.id, acts.managerId))
    .where(and(eq(acts.active, true), eq(acts.musical, true), like(users.email, "%@artists.example.com")))
    .orderBy(acts.url)
    .limit(WRITERS);
  expect(rows).toHaveLength(WRITERS);
  return Promise.all(rows.map(async (row) => ({ url: row.url, cookie: await server.signIn(row.email) })));
}

async function tagIds(...names: string[]): Promise<number[]> {
  const { data } = await json<{ data: { id: number; name: string }[] }>(await server.request("/api/tags"));
  return names.map((name) => data.find((tag) => tag.name === name)!.id);
}

/** Sends a write as the writer; the answer must be a success, never a 5xx or a conflict. */
async function write(writer: Writer | string, path: string, body?: unknown): Promise<Response> {
  const cookie = typeof writer === "string" ? writer : writer.cookie;
  const response = await server.request(path, { method: "POST", json: body ?? {}, cookie });
  expect(
    response.status,
    `${path}: ${response.status} ${response.ok ? "" : await response.clone().text()}`,
  ).toBeLessThan(300);
  return response;
}

async function uploadImage(writer: Writer, seed: number): Promise<string> {
  const form = new FormData();
  form.set("purpose", "image");
  form.set("file", new File([new Uint8Array(gradientPng(8, 8, [seed % 255, 0, 0], [0, 0, 255]))], "photo.png"));
  const response = await server.request("/api/uploads", { method: "POST", body: form, cookie: writer.cookie });
  expect(response.status).toBe(201);
  return (await json<{ data: { path: string } }>(response)).data.path;
}

describe("writes to different acts at once", () => {
  it("testimonials, offerings, images, videos, tags and decisions never fail or wait on each other", async () => {
    const team = await writers();
    const admin = (await server.cookieFor("admin"))!;
    const [wedding] = await tagIds("Wedding");
    const tagSets = [await tagIds("Jazz", "Swing"), await tagIds("Rock", "Pop"), await tagIds("Soul", "Funk")];
    const [background] = await tagIds("Background Music");
    const [trio] = await tagIds("Trio");
    const retriesBefore = transientRetries();

    await Promise.all(
      team.map(async (writer, n) => {
        for (let round = 0; round < ROUNDS; round++) {
          const added = await json<{ data: { id: number } }>(
            await write(writer, `/api/testimonials/add-testimonial/${writer.url}`, {
              name: `Guest ${n}.${round}`,
              content: "A night to remember.",
            }),
          );
          await write(writer, `/api/packages/create/${writer.url}`, {
            title: `Set ${n}.${round}`,
            description: "Two sets.",
            eventTypes: [wedding],
          });
          await write(writer, `/api/testimonials/delete-testimonial/${added.data.id}`);
        }
        await write(writer, `/api/images/create/${writer.url}`, { path: await uploadImage(writer, n) });
        await write(writer, `/api/videos/upload-link/${writer.url}`, {
          link: `https://youtu.be/dQw4w9WgX${String(n).padStart(2, "0")}`,
        });
        // An admin's work on the same acts at the same time: tags and a decline, then approval.
        await write(admin, `/api/acts/edit-tags/${writer.url}`, {
          musical: true,
          genres: tagSets[n % tagSets.length],
          "song-types": [background],
          "band-setups": [trio],
        });
        await write(admin, `/api/acts/set-status/${writer.url}`, {
          status: "declined",
          decline_reason: "Checking the footage.",
        });
        await write(admin, `/api/acts/set-status/${writer.url}`, { status: "approved" });
      }),
    );

    // Nothing was retried: the writes succeeded on their own, not through the last defence.
    expect(transientRetries() - retriesBefore).toBe(0);
    // Every act shows what its writers did, and the unconditioned search counts agree with a filtered one.
    for (const writer of team) {
      const { data } = await json<{
        data: { testimonials: unknown[]; packages: unknown[]; genres: { name: string }[] };
      }>(await server.request(`/api/acts/${writer.url}`));
      expect(data.testimonials.filter((t) => JSON.stringify(t).includes("Guest "))).toEqual([]);
      expect(data.packages.length).toBeGreaterThanOrEqual(ROUNDS);
    }
    // The browse's kept counts (appended changes) agree with counts made by scanning the acts:
    // a date far ahead makes the search count afresh and no act is booked then.
    type Answer = { meta: { total: number; facets: unknown } };
    const browse = await json<Answer>(await server.request("/api/acts"));
    const scanned = await json<Answer>(await server.request(`/api/acts?date=${new Date().getFullYear() + 4}-01-15`));
    expect(browse.meta).toEqual(scanned.meta);
    await compactFacetCounts(server.database.db);
    expect((await json<Answer>(await server.request("/api/acts?perPage=11"))).meta.facets).toEqual(scanned.meta.facets);
  });
});

describe("the last defence", () => {
  it.runIf(process.env.TEST_DB === "postgres")(
    "a transaction aborted by a deadlock is tried again, and both sides succeed",
    async () => {
      const db = server.database.db;
      const ids = (await db.select({ id: acts.id }).from(acts).orderBy(acts.id).limit(2)).map((row) => row.id);
      const retriesBefore = transientRetries();
      // Each takes one act's row, waits for the other to take the other's, then asks for it.
      const crossing = (first: number, second: number) =>
        db.transaction(async (tx) => {
          await tx.execute(sql`select id from acts where id = ${first} for update`);
          await new Promise((resolve) => setTimeout(resolve, 300));
          await tx.execute(sql`select id from acts where id = ${second} for update`);
          return "done";
        });
      expect(await Promise.all([crossing(ids[0]!, ids[1]!), crossing(ids[1]!, ids[0]!)])).toEqual(["done", "done"]);
      expect(transientRetries() - retriesBefore).toBeGreaterThanOrEqual(1);
    },
  );
});
