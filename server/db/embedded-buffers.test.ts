import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { EnvError, loadEnv } from "#server/env";
import { openDatabase } from "./client";
import { rowsOf } from "./rows-of";

/** The embedded database's shared_buffers (PGLITE_SHARED_BUFFERS): what it holds of the search rows in memory. */
describe.runIf(process.env.TEST_DB !== "postgres")("the embedded database's shared buffers", () => {
  it("are PostgreSQL's 128 MB unless PGLITE_SHARED_BUFFERS says otherwise", async () => {
    const buffers = async (sharedBuffers?: string) => {
      const database = await openDatabase({ sharedBuffers });
      try {
        const [row] = await rowsOf<{ shared_buffers: string }>(database.db.execute(sql`show shared_buffers`));
        return row?.shared_buffers;
      } finally {
        await database.close();
      }
    };
    expect(await buffers()).toBe("128MB");
    expect(await buffers(loadEnv({ PGLITE_SHARED_BUFFERS: "192MB" }).pgliteSharedBuffers)).toBe("192MB");
  });

  it("take a size, and anything else stops start-up with a clear message", () => {
    expect(loadEnv({}).pgliteSharedBuffers).toBeUndefined();
    for (const bad of ["512", "lots", "0MB", "512 MB", "-1GB"])
      expect(() => loadEnv({ PGLITE_SHARED_BUFFERS: bad }), bad).toThrow(
        new EnvError('Invalid environment:\n  PGLITE_SHARED_BUFFERS: must be a size such as "512MB"'),
      );
  });
});
