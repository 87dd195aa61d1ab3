import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { NodePgDatabase } from "drizzle-orm/node-postgres";
import { PgliteDatabase } from "drizzle-orm/pglite";
import type { Pool } from "pg";
import type { Executor } from "./client";

export type Row = Record<string, unknown>;

/**
 * A statement PostgreSQL parses and plans once per connection, then runs with new arguments.
 * A large read (an act's profile sections: nine subqueries) costs far more to parse, analyse and
 * plan than to run: on the embedded database 6.6 ms a time sent as it is, 1.4 ms prepared. PGlite's
 * query() sends every statement unnamed, so the embedded database gets an SQL `PREPARE` once per
 * instance and `EXECUTE` after it; a server's pool names the statement, which node-postgres
 * prepares once per connection. Inside a transaction the statement is sent as it is.
 *
 * The arguments are integers only (ids): `EXECUTE` takes them as literals, so they are checked.
 */
export function preparedStatement(name: string, text: string) {
  return async function run(db: Executor, args: readonly number[]): Promise<Row[]> {
    for (const arg of args)
      if (!Number.isSafeInteger(arg)) throw new TypeError(`${name}: ${String(arg)} is not an integer`);
    if (db instanceof PgliteDatabase) {
      const client = (db as PgliteDatabase<Record<string, unknown>> & { $client: PGlite }).$client;
      await preparedOn(client, name, text);
      return (await client.query<Row>(`execute ${name}(${args.join(", ")})`)).rows;
    }
    if (db instanceof NodePgDatabase) {
      const pool = (db as NodePgDatabase<Record<string, unknown>> & { $client: Pool }).$client;
      return (await pool.query<Row>({ name, text, values: [...args] })).rows;
    }
    const inlined = text.replace(/\$(\d+)/g, (_, index: string) => String(args[Number(index) - 1]));
    return ((await db.execute(sql.raw(inlined))) as unknown as { rows: Row[] }).rows;
  };
}

/**
 * The statements prepared on an embedded database, kept on the instance itself under a registered
 * symbol: the page renderer and the API are bundles apart, each with its own copy of this module,
 * and both prepare on the one instance.
 */
const PREPARED = Symbol.for("eva.prepared-statements");

function preparedOn(client: PGlite, name: string, text: string): Promise<void> {
  const holder = client as unknown as Record<symbol, Map<string, { text: string; ready: Promise<void> }> | undefined>;
  const statements = (holder[PREPARED] ??= new Map());
  const known = statements.get(name);
  if (known) {
    if (known.text !== text) throw new Error(`prepared statement ${name} is already another statement`);
    return known.ready;
  }
  const ready = client.exec(`prepare ${name} as ${text}`).then(() => undefined);
  // A failed prepare is tried again by the next call, not remembered.
  ready.catch(() => statements.delete(name));
  statements.set(name, { text, ready });
  return ready;
}
