import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { NodePgDatabase, drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { type ConstructorOptions as JobQueueConnection, fromPglite } from "pg-boss";
import { MIGRATIONS_DIR } from "../paths";
import { RemotePglite } from "./pglite-remote";
import { retryTransientFailures } from "./transient-retry";
import { countStatement } from "./statement-count";
import { createStatementNamer } from "./named-statements";

/** How long a pooled connection may stay unused before it is closed. */
const IDLE_CONNECTION_MS = 5 * 60_000;

/** One type for both drivers: services never know which PostgreSQL they talk to. */
export type Database = PgDatabase<PgQueryResultHKT>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Services accept either the database or an open transaction. */
export type Executor = Database | Transaction;

/**
 * Whether queries sent together run side by side: a PostgreSQL server's pool gives each its own
 * connection, where the embedded database (one connection) and any transaction run them in turn.
 */
export function runsQueriesSideBySide(db: Executor): boolean {
  return db instanceof NodePgDatabase;
}

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** The schema migrations only: callers use migrateDatabase (start/migrate.ts), which loads the places too. */
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  /**
   * Calls onNotify with each payload sent on the channel (PostgreSQL LISTEN/NOTIFY), and
   * onLost when the listening connection drops; resolves to a function that stops listening.
   */
  listen(channel: string, onNotify: (payload: string) => void, onLost: () => void): Promise<() => Promise<void>>;
  /** How the job queue (server/jobs/) reaches this database: through the embedded one, or a small pool of its own. */
  jobConnection: Pick<JobQueueConnection, "db" | "backend" | "connectionString" | "max">;
  /** The embedded database's whole contents, for another to open as a copy (DatabaseOptions.snapshot). */
  dump?(): Promise<Uint8Array>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** Directory of the embedded database; omitted means in memory (tests). */
  dataDir?: string | undefined;
  /** An in-memory embedded database starts as a copy of this dump (DatabaseHandle.dump): the tests' seeded start. */
  snapshot?: Uint8Array | undefined;
  /** The embedded database's shared_buffers ("512MB"), when not PostgreSQL's 128 MB (PGLITE_SHARED_BUFFERS). */
  sharedBuffers?: string | undefined;
  /** Told of each transaction tried again after a deadlock or serialization failure (PostgreSQL server only). */
  onTransientRetry?: (attempt: number, error: unknown) => void;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.onTransientRetry ?? (() => undefined))
    : openPglite(options.dataDir, options.snapshot, options.sharedBuffers);
}

async function openPglite(
  dataDir: string | undefined,
  snapshot: Uint8Array | undefined,
  sharedBuffers: string | undefined,
): Promise<DatabaseHandle> {
  let location: string | undefined;
  if (dataDir) {
    location = join(dataDir, "pglite");
    mkdirSync(location, { recursive: true });
  }
  // In a worker thread (server/db/pglite-worker.mjs loads the contrib extensions search uses;
  // CREATE EXTENSION runs in a migration), so that a long query never holds this thread.
  const remote = new RemotePglite(location, snapshot, sharedBuffers);
  await remote.waitReady;
  // RemotePglite has the part of PGlite's interface drizzle calls: query, exec, transaction.
  const client = remote as unknown as PGlite;
  const db = drizzlePglite({ client }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    migrate: async () => {
      await migratePglite(drizzlePglite({ client }), { migrationsFolder: MIGRATIONS_DIR });
    },
    ping: () => ping(db),
    listen: async (channel, onNotify) => remote.listen(channel, onNotify),
    // RemotePglite answers query, exec and listen as PGlite does, which is all the adapter calls.
    jobConnection: { db: fromPglite(client), backend: "pglite" },
    dump: () => remote.dump(),
    close: () => remote.close(),
  };
}

/** Memory a statement's sort, hash or bitmap may take before it spills or turns lossy. */
export const SEARCH_WORK_MEM = "32MB";

async function openPostgres(
  connectionString: string,
  onTransientRetry: (attempt: number, error: unknown) => void,
): Promise<DatabaseHandle> {
  // No query here runs long enough for compiling it to pay: at a million acts a search's counting
  // statements cost past jit_above_cost, and compiling one took 50 of its 130 ms. A startup
  // option, as PGOPTIONS would pass it (a connection pooler in front must let it through).
  // work_mem keeps a search's bitmaps exact: at PostgreSQL's 4 MB, a common value's bitmap over a
  // million acts (166,000 rows) turned lossy, and every act on its pages was read and tested
  // again (an event type, a word and a date: p99 241-280 to 121 ms at a million acts, decision 0061).
  // No parallel workers: each is a process started for the one statement, which touches the
  // shared buffers it reads for the first time (page by page, without huge pages), and with
  // requests side by side the cores are taken anyway. A common word's facet pass at a million
  // acts: 233-435 ms with two workers, 67 ms without (decision 0068).
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    // A connection closed after pg's default 10 s of quiet cost the next request a connection and
    // a new parse and plan of every statement it named (decision 0059): a message after 12 quiet
    // seconds took 55-88 ms, against 30-38 with its connections kept. Kept for five quiet minutes.
    idleTimeoutMillis: IDLE_CONNECTION_MS,
    options: `-c jit=off -c work_mem=${SEARCH_WORK_MEM} -c max_parallel_workers_per_gather=0`,
  });
  // An idle client's error must not crash the process; the next query reports it.
  pool.on("error", () => undefined);
  const namer = createStatementNamer();
  // Each connection counts what it sends (pool.query borrows one too): pg has no event per query.
  // It names what it sends, to be parsed and planned once per connection (named-statements.ts).
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      countStatement();
      return query(...namer.name(args));
    }) as typeof client.query;
  });
  // Concurrent transactions on a server can abort each other; the embedded database runs one at a time.
  const db = retryTransientFailures(drizzlePg({ client: pool }) as unknown as Database, onTransientRetry);
  return {
    db,
    kind: "postgres",
    migrate: async () => {
      await migratePg(drizzlePg({ client: pool }), { migrationsFolder: MIGRATIONS_DIR });
    },
    ping: () => ping(db),
    listen: async (channel, onNotify, onLost) => {
      // LISTEN needs a connection of its own, outside the pool.
      const listener = new pg.Client({ connectionString });
      let stopped = false;
      listener.on("notification", (message) => {
        if (message.channel === channel) onNotify(message.payload ?? "");
      });
      listener.on("error", () => undefined);
      listener.on("end", () => {
        if (!stopped) onLost();
      });
      await listener.connect();
      await listener.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return async () => {
        stopped = true;
        await listener.end();
      };
    },
    jobConnection: { connectionString, max: 3 },
    close: () => pool.end(),
  };
}

async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
