import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXTRAS } from "#modules/discovery/search-filter";
import { createTestServer, type TestServer } from "#tests/setup/api-harness";
import { rowsOf } from "#server/db/rows-of";
import { applySqlFunctions, refreshActSearchSql } from "./sql-functions";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

const definition = async () =>
  (
    await rowsOf<{ definition: string; xmin: string }>(
      server.database.db.execute(
        sql`select pg_get_functiondef(oid) as definition, xmin::text as xmin from pg_proc where proname = 'refresh_act_search'`,
      ),
    )
  )[0]!;

describe("refresh_act_search, written once", () => {
  it("is the database's function, one extras line per word of the filter's list, and a second apply writes nothing", async () => {
    const written = refreshActSearchSql();
    expect(written).not.toContain("/* extras */");
    for (const extra of EXTRAS) expect(written.match(new RegExp(`'extras:${extra}'`, "g")), extra).toHaveLength(1);

    const before = await definition();
    for (const extra of EXTRAS) expect(before.definition, extra).toContain(`'extras:${extra}'`);
    await applySqlFunctions(server.database.db);
    expect((await definition()).xmin).toBe(before.xmin);
  });

  it("an act's search row gets the extras the function says: featuring an act adds extras:Featured", async () => {
    const facets = async () =>
      (
        await rowsOf<{ facets: string[] }>(
          server.database.db.execute(
            sql`select s.facets from act_search s join acts a on a.id = s.act_id where a.url = 'dj-nova'`,
          ),
        )
      )[0]!.facets;
    await server.database.db.execute(sql`update acts set is_featured = false where url = 'dj-nova'`);
    expect(await facets()).not.toContain("extras:Featured");
    await server.database.db.execute(sql`update acts set is_featured = true where url = 'dj-nova'`);
    expect(await facets()).toContain("extras:Featured");
  });

  it("the acts trigger watches every column of acts the function reads: a new one cannot go stale unnoticed", async () => {
    // The trigger's column list is SQL a migration writes; the compiler cannot see that the
    // function reads a column the trigger does not watch (found adding a "travels" filter).
    const read = new Set([...refreshActSearchSql().matchAll(/\ba\."([a-z_]+)"/g)].map((match) => match[1]!));
    read.delete("id");
    const watched = await rowsOf<{ name: string }>(
      server.database.db.execute(sql`
        select a.attname as name from pg_trigger t
        join pg_attribute a on a.attrelid = t.tgrelid and a.attnum = any(t.tgattr)
        where t.tgname = 'acts_search' and t.tgrelid = 'acts'::regclass`),
    );
    expect(read.size).toBeGreaterThan(5);
    expect([...read].filter((column) => !watched.some((row) => row.name === column))).toEqual([]);
  });
});
