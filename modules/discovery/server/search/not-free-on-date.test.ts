import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "#tests/setup/api-harness";
import { eventually } from "#tests/setup/eventually";
import { addBulkActs } from "#server/db/bulk-acts";
import { acts } from "#modules/acts/server/tables";
import { actBlocks } from "#modules/availability/server/tables";
import { parseSearchFilter } from "#modules/discovery/search-filter";
import { searchActs } from "./search-acts";

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
  await addBulkActs(server.database.db, 200);
}, 600_000);
afterAll(async () => server.close());

const DAY = new Date(Date.now() + 45 * 86_400_000).toISOString().slice(0, 10);

/** Every act a guest's search for the words on DAY finds, with the server's kept parts and not its answer. */
async function freeOnDay(terms: string): Promise<string[]> {
  const urls: string[] = [];
  for (let page = 1; ; page++) {
    const answer = await searchActs(
      server.database.db,
      null,
      parseSearchFilter(`searchTerms=${encodeURIComponent(terms)}&date=${DAY}&perPage=50&page=${page}`),
      server.readCache,
      { keepAnswer: false },
    );
    urls.push(...answer.data.map((act) => act.url));
    if (answer.data.length < 50) return urls.sort();
  }
}

describe("the kept list of acts not free on a day", () => {
  it("is read again when another server blocks an act that day, or unblocks it", async () => {
    // An act free that day, and a word of its name to find it among few.
    const first = await searchActs(server.database.db, null, parseSearchFilter(`date=${DAY}&sort=newest`));
    const { url, name } = first.data.find((act) => act.url.startsWith("bulk-act-"))!;
    const [found] = await server.database.db.select({ id: acts.id }).from(acts).where(eq(acts.url, url));
    const id = found!.id;
    const word = name.split(" ")[0]!.toLowerCase();
    expect(await freeOnDay(word)).toContain(url);
    // Asked twice, the list is kept: the second search finds the same acts.
    expect(await freeOnDay(word)).toContain(url);
    // Written beside this server, as another server would: only the change notice tells it.
    await server.database.db.insert(actBlocks).values({ actId: id, startsOn: DAY, endsOn: DAY });
    await eventually(async () => !(await freeOnDay(word)).includes(url));
    await server.database.db.delete(actBlocks).where(eq(actBlocks.actId, id));
    await eventually(async () => (await freeOnDay(word)).includes(url));
  });
});
