import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "#tests/setup/api-harness";
import { addBulkActs } from "./bulk-acts";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

describe("the bench's generated acts", () => {
  it("numbers up to past a million stay in range: each act gets a place, tags, its own name and most a price", async () => {
    // The acts a million-act bench makes last, without making the million before them.
    await addBulkActs(server.database.db, 40, { firstNumber: 999_980 });
    const { rows } = (await server.database.db.execute(sql`
      select count(*)::int as acts, count(place_id)::int as placed, count(distinct place_id)::int as places,
             count(distinct name)::int as names, max(url) filter (where length(url) = 15) as last,
             (select count(*)::int from act_tags t join acts x on x.id = t.act_id where x.url like 'bulk-act-%') as tags,
             (select count(*)::int from act_search s join acts x on x.id = s.act_id where x.url like 'bulk-act-%' and s.visible) as searchable,
             (select count(*)::int from act_search s join acts x on x.id = s.act_id where x.url like 'bulk-act-%' and s.price_from_cents between 20000 and 990000) as priced
      from acts where url like 'bulk-act-%'`)) as unknown as {
      rows: {
        acts: number;
        placed: number;
        places: number;
        names: number;
        last: string;
        tags: number;
        searchable: number;
        priced: number;
      }[];
    };
    expect(rows[0]).toMatchObject({ acts: 40, placed: 40, names: 40, last: "bulk-act-999999", searchable: 40 });
    expect(rows[0]!.places).toBeGreaterThan(30);
    expect(rows[0]!.tags).toBeGreaterThanOrEqual(40 * 3);
    // Nine in ten are priced, and the search rows say from what.
    expect(rows[0]!.priced).toBe(36);
    const named = (await server.database.db.execute(
      sql`select name from acts where url = 'bulk-act-1000019'`,
    )) as unknown as { rows: { name: string }[] };
    expect(named.rows[0]?.name).toMatch(/ 1000019$/);
  });
});
