import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SEARCH_WORK_MEM, openDatabase } from "./client";
import { rowsOf } from "./rows-of";

/**
 * What every connection of a server's pool runs with (client.ts): a PostgreSQL server's defaults
 * would compile statements, turn a search's bitmaps lossy and start parallel workers per statement.
 */
describe.runIf(process.env.TEST_DB === "postgres" && process.env.TEST_DATABASE_URL)(
  "a server's connections to PostgreSQL",
  () => {
    it("compile nothing, give a statement the search's memory, and start no parallel workers", async () => {
      const database = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL! });
      try {
        const [settings] = await rowsOf<{ jit: string; workMem: string; workers: string }>(
          database.db.execute(
            sql`select current_setting('jit') as jit, current_setting('work_mem') as "workMem",
              current_setting('max_parallel_workers_per_gather') as workers`,
          ),
        );
        expect(settings).toEqual({ jit: "off", workMem: SEARCH_WORK_MEM, workers: "0" });
      } finally {
        await database.close();
      }
    });

    it("stay open through a quiet spell: the next request needs no new connection, nor its statements planned again", async () => {
      const database = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL! });
      const backend = async () =>
        (await rowsOf<{ pid: number }>(database.db.execute(sql`select pg_backend_pid() as pid`)))[0]!.pid;
      try {
        const before = await backend();
        // Past pg's default of 10 seconds, after which the pool used to close it.
        await new Promise((resolve) => setTimeout(resolve, 10_500));
        expect(await backend()).toBe(before);
      } finally {
        await database.close();
      }
    }, 20_000);
  },
);
