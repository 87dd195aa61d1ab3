import pg from "pg";
import { describe, expect, it } from "vitest";
import { takeOverlappingQueryWarnings } from "#tests/setup/pg-query-warnings";

/**
 * The guard of tests/setup/pg-query-warnings.ts, shown to work: two queries at once on one
 * connection (what a Promise.all inside a transaction does) are seen, and would fail the test.
 */
describe.runIf(process.env.TEST_DB === "postgres" && process.env.TEST_DATABASE_URL)(
  "queries at once on one connection",
  () => {
    it("are caught by the guard every API test runs under", async () => {
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      try {
        // pg warns once a query waits behind another that waits: the third at once.
        await Promise.all([client.query("select 1"), client.query("select 2"), client.query("select 3")]);
      } finally {
        await client.end();
      }
      // Node emits warnings on the next tick.
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(takeOverlappingQueryWarnings().join("\n")).toMatch(/already executing a query/);
    });
  },
);
