import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "#tests/setup/api-harness";
import { healthRoutes } from "./health";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

describe("health", () => {
  it("/healthz says how many statements the process has sent only when STATEMENT_COUNT is on (issue 67's bench)", async () => {
    const counted = healthRoutes(server.database, { statementCount: true });
    const statements = async () =>
      ((await (await counted.request("/healthz")).json()) as { statements: number }).statements;
    const before = await statements();
    await server.database.db.execute(sql`select 1`);
    await server.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 2`);
    });
    // The lone select, and BEGIN, the select and COMMIT: on either database.
    expect((await statements()) - before).toBe(4);
    // Off, as by default, a stranger learns nothing of the load.
    expect(await (await healthRoutes(server.database).request("/healthz")).json()).toEqual({ status: "ok" });
    expect(await (await server.request("/healthz")).json()).toEqual({ status: "ok" });
  });
});
