import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { NodePgDatabase } from "drizzle-orm/node-postgres";
import { PgliteDatabase } from "drizzle-orm/pglite";
import type { Pool } from "pg";
import type { Executor } from "./client";
import { isUnsafeText } from "#domain/schemas/fields";

export type Row = Record<string, unknown>;

/**
 * A statement PostgreSQL parses and plans once per connection, then runs with new arguments.
 * A large read (an act's profile sections: nine subqueries) costs far more to parse, analyse and
 * plan than to run: on the embedded database 6.6 ms a time sent as it is, 1.4 ms prepared. PGlite's
 * query() sends every statement unnamed, so the embedded database gets an SQL `PREPARE` once per
 * instance and `EXECUTE` after it; a server's pool names the statement, which node-postgres
 * prepares once per connection. Inside a transaction the statement is sent as it is.
 *
 * The arguments are integers (ids) and text (an address): `EXECUTE` takes them as literals, so
 * an integer is checked and text is quoted (`literal`).
 */
export function preparedStatement(name: string, text: string) {
  return async function run(db: Executor, args: readonly (number | string)[]): Promise<Row[]> {
    const literals = args.map((arg) => literal(name, arg));
    if (db instanceof PgliteDatabase) {
      const client = (db as PgliteDatabase<Record<string, unknown>> & { $client: PGlite }).$client;
      await preparedOn(client, name, text);
      return (await client.query<Row>(`execute ${name}(${literals.join(", ")})`)).rows;
    }
    if (db instanceof NodePgDatabase) {
      const pool = (db as NodePgDatabase<Record<string, unknown>> & { $client: Pool }).$client;
      return (await pool.query<Row>({ name, text, values: [...args] })).rows;
    }
    const inlined = text.replace(/\$(\d+)/g, (_, index: string) => literals[Number(index) - 1]!);
    return ((await db.execute(sql.raw(inlined))) as unknown as { rows: Row[] }).rows;
  };
}

/**
 * An argument as SQL: an integer as it is, text between single quotes with each quote doubled,
 * which is the whole of a string literal's escaping while `standard_conforming_strings` is on
 * (PostgreSQL's default since 9.1; nothing here turns it off). A NUL ends a statement's text
 * early, and PostgreSQL's text cannot hold one or a lone surrogate: such text is refused.
 */
function literal(name: string, arg: number | string): string {
  if (typeof arg === "number") {
    if (!Number.isSafeInteger(arg)) throw new TypeError(`${name}: ${String(arg)} is not an integer`);
    return String(arg);
  }
  if (isUnsafeText(arg)) throw new TypeError(`${name}: text with a NUL or a lone surrogate`);
  return `'${arg.replaceAll("'", "''")}'`;
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
