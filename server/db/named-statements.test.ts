import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "#tests/setup/api-harness";
import { rowsOf } from "./rows-of";
import { ONE_PLAN, createStatementNamer } from "./named-statements";

describe("the names a server's statements are sent under", () => {
  const call = (text: string, values?: unknown[]) => [{ text, rowMode: "array" }, ...(values ? [values] : [])];
  const nameOf = (args: unknown[]) => (args[0] as { name?: string }).name;

  it("are one per text, so that a statement sent again is the one prepared before", () => {
    const namer = createStatementNamer();
    const first = namer.name(call("select id from acts where id = $1", [1]));
    const again = namer.name(call("select id from acts where id = $1", [2]));
    const other = namer.name(call("select id from acts where url = $1", ["x"]));
    expect(nameOf(first)).toMatch(/^eva_[0-9a-f]{24}$/);
    expect(nameOf(again)).toBe(nameOf(first));
    expect(nameOf(other)).not.toBe(nameOf(first));
    // The call is otherwise as it was: its options and its arguments.
    expect(first[0]).toMatchObject({ text: "select id from acts where id = $1", rowMode: "array" });
    expect(again[1]).toEqual([2]);
  });

  it("leave alone what has no arguments, a name of its own, or reads the search rows", () => {
    const namer = createStatementNamer();
    for (const args of [
      ["begin"],
      call("select 1; select 2"),
      call("select 1", []),
      [{ name: "mine", text: "select $1::int" }, [1]],
      call("select act_id from act_search where document @@ to_tsquery($1)", ["jazz"]),
    ]) {
      const named = namer.name(args);
      expect(named).toEqual(args);
      expect(nameOf(named) ?? "mine").toBe("mine");
    }
  });

  it("name a statement that reads the search rows one way whatever its arguments, as it says it does", () => {
    const namer = createStatementNamer();
    const text = `${ONE_PLAN}select count(*) from act_search s where s.place_id = any($1::int[])`;
    expect(nameOf(namer.name(call(text, ["{1,2}"])))).toMatch(/^eva_[0-9a-f]{24}$/);
    // The mark must open the statement: one inside it names nothing.
    expect(nameOf(namer.name(call(`select (${text}) as n`, ["{1}"])))).toBeUndefined();
  });

  it("stop at a bound, so that texts made from their input do not prepare without end", () => {
    const namer = createStatementNamer(2);
    expect(nameOf(namer.name(call("select $1::int as a", [1])))).toBeDefined();
    expect(nameOf(namer.name(call("select $1::int as b", [1])))).toBeDefined();
    expect(nameOf(namer.name(call("select $1::int as c", [1])))).toBeUndefined();
    // What was named before the bound still is.
    expect(nameOf(namer.name(call("select $1::int as a", [2])))).toBeDefined();
  });
});

describe("on the database", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(async () => server.close());

  it("a statement with arguments is prepared on a server's connection, and answers each time", async () => {
    const found = await server.database.db.transaction(async (tx) => {
      const answers = [];
      for (const n of [1, 2, 3]) answers.push(await rowsOf<{ n: number }>(tx.execute(sql`select ${n}::int + 1 as n`)));
      const prepared =
        server.database.kind === "postgres"
          ? await rowsOf<{ statement: string }>(
              tx.execute(sql`select statement from pg_prepared_statements where name like 'eva\_%'`),
            )
          : [];
      return { answers, prepared };
    });
    expect(found.answers.map(([row]) => row!.n)).toEqual([2, 3, 4]);
    if (server.database.kind === "postgres")
      expect(found.prepared.map((row) => row.statement)).toContain("select $1::int + 1 as n");
  });
});
