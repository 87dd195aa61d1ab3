import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "#tests/setup/api-harness";
import { eventually } from "#tests/setup/eventually";
import { statementsRun } from "#server/db/statement-count";
import { acts } from "#modules/acts/server/tables";
import { reviews } from "./tables";
import { reviewSourceCounts } from "./reviews";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

describe("a listing's review counts, kept act by act", () => {
  it("add up what the acts' reviews say, share each act between listings, and follow a review written elsewhere", async () => {
    const db = server.database.db;
    const cache = server.readCache;
    const urls = (await db.select({ url: acts.url }).from(acts).orderBy(acts.id)).map((row) => row.url);
    expect(urls.length).toBeGreaterThanOrEqual(6);
    const counted = async (some: string[]) => {
      const [row] = (await db
        .select({
          count: sql<number>`count(*)`.mapWith(Number),
          verified: sql<number>`count(*) filter (where ${reviews.source} = 'booking')`.mapWith(Number),
        })
        .from(reviews)
        .innerJoin(acts, eq(acts.id, reviews.actId))
        .where(inArray(acts.url, some))) as { count: number; verified: number }[];
      return row;
    };
    const first = urls.slice(0, 4);
    const second = urls.slice(2, 6);
    expect(await reviewSourceCounts(db, first, cache)).toEqual(await counted(first));
    expect((await counted(first))!.count).toBeGreaterThan(0);
    // An act named twice counts once; no act, nothing.
    expect(await reviewSourceCounts(db, [...first, first[0]!], cache)).toEqual(await counted(first));
    expect(await reviewSourceCounts(db, [], cache)).toEqual({ count: 0, verified: 0 });
    // A listing of acts all read before sends no statement; one with new acts sends one.
    const before = statementsRun();
    expect(await reviewSourceCounts(db, [first[3]!, first[1]!], cache)).toEqual(await counted([first[3]!, first[1]!]));
    const afterKept = statementsRun();
    expect(await reviewSourceCounts(db, second, cache)).toEqual(await counted(second));
    const afterNew = statementsRun();
    // The counted() reads between are one statement each.
    expect(afterKept - before).toBe(1);
    expect(afterNew - afterKept).toBe(2);
    // A review written straight into the database, as by another server, is counted once its act's notice is heard.
    const [act] = await db.select({ id: acts.id }).from(acts).where(eq(acts.url, first[2]!));
    await db
      .insert(reviews)
      .values({ actId: act!.id, rating: 4, title: "Kept", body: "Counted", reviewerName: "Guest" });
    await eventually(
      async () => JSON.stringify(await reviewSourceCounts(db, second, cache)) === JSON.stringify(await counted(second)),
    );
    expect(await reviewSourceCounts(db, first, cache)).toEqual(await counted(first));
  });
});
