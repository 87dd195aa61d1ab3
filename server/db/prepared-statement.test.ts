import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestServer, type TestServer } from "#tests/setup/api-harness";
import { preparedStatement } from "./prepared-statement";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

/** Statements planned once per connection (on the embedded database and on a server alike). */
describe("a prepared statement", () => {
  const twoActs = preparedStatement("test_two_acts", "select id, url from acts where id = $1 or id = $2 order by id");

  it("answers what the statement answers, prepared or inside a transaction, call after call", async () => {
    const db = server.database.db;
    const ids = (
      (await db.execute("select id from acts order by id limit 3")) as unknown as { rows: { id: number }[] }
    ).rows.map((row) => row.id);
    const first = await twoActs(db, [ids[0]!, ids[1]!]);
    expect(first.map((row) => row.id)).toEqual([ids[0], ids[1]]);
    expect(first.every((row) => typeof row.url === "string")).toBe(true);
    // The second call runs what the first prepared, with other arguments.
    expect((await twoActs(db, [ids[2]!, ids[0]!])).map((row) => row.id)).toEqual([ids[0], ids[2]]);
    // In a transaction it is sent as it is, and sees the transaction's own writes.
    await db
      .transaction(async (tx) => {
        await tx.execute(`update acts set url = url || '-moved' where id = ${ids[1]}`);
        const inside = await twoActs(tx, [ids[1]!, ids[2]!]);
        expect(inside.map((row) => row.url)[0]).toMatch(/-moved$/);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error) || !/rollback/i.test(error.message)) throw error;
      });
    expect((await twoActs(db, [ids[1]!, ids[1]!]))[0]!.url).not.toMatch(/-moved$/);
  });

  it("is prepared once on a database that two copies of this module share (the page renderer's bundle and the API's)", async () => {
    vi.resetModules();
    const copy = (await import("./prepared-statement")).preparedStatement;
    expect(copy).not.toBe(preparedStatement);
    const text = "select count(*)::int as n from acts where id >= $1";
    const one = preparedStatement("test_shared", text);
    const other = copy("test_shared", text);
    expect(await one(server.database.db, [1])).toEqual(await other(server.database.db, [1]));
    expect(await other(server.database.db, [2])).toEqual(await one(server.database.db, [2]));
  });

  it("refuses an argument that is not an integer, before anything is sent", async () => {
    for (const bad of [1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60]) {
      await expect(twoActs(server.database.db, [bad, 1]), String(bad)).rejects.toThrow(TypeError);
    }
  });

  it("takes text as text: quotes, backslashes and SQL in it are matched as they are, never run", async () => {
    const echo = preparedStatement(
      "test_echo_text",
      "select $1::text as said, (select count(*)::int from acts) as acts",
    );
    const db = server.database.db;
    const acts = (await echo(db, ["x"]))[0]!.acts;
    for (const said of ["it's", "'); drop table acts; --", "a\\'b", "$$ $1 $$", "é 🎷", ""]) {
      expect((await echo(db, [said]))[0]!.said, said).toBe(said);
      await db.transaction(async (tx) => expect((await echo(tx, [said]))[0]!.said, said).toBe(said));
    }
    expect((await echo(db, ["x"]))[0]!.acts).toBe(acts);
    // PostgreSQL's text holds neither; a NUL would end the statement's text early.
    for (const bad of ["a\0b", "\uD800"]) await expect(echo(db, [bad])).rejects.toThrow(TypeError);
  });

  it("a statement that cannot be prepared fails each time it is run, and is tried again", async () => {
    const broken = preparedStatement("test_broken", "select id from no_such_table where id = $1");
    await expect(broken(server.database.db, [1])).rejects.toThrow(/no_such_table/);
    await expect(broken(server.database.db, [1])).rejects.toThrow(/no_such_table/);
    // The connection is still usable for others.
    expect(await twoActs(server.database.db, [1, 1])).toBeInstanceOf(Array);
  });
});
