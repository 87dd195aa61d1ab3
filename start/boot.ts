import { count, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { createAuth, resolveAuthSecret } from "#modules/accounts/server/start";
import { openDatabase } from "#server/db/client";
import { migrateDatabase } from "./migrate";
import { users } from "#modules/accounts/server/tables";
import { seedDemoData } from "./demo/seed";
import { seedCatalogue } from "./demo/catalogue";
import type { Env } from "#server/env";
import { createFileStorage } from "#server/storage/create-storage";

/** Checks the file storage, opens and migrates the database, seeds a new one when asked, and builds auth. */
export async function bootServices(env: Env, logger: Logger) {
  const storage = createFileStorage(env);
  await storage.check();
  logger.info({ storage: storage.description }, "files are stored here");
  const database = await openDatabase({
    databaseUrl: env.databaseUrl,
    dataDir: env.dataDir,
    sharedBuffers: env.pgliteSharedBuffers,
    onTransientRetry: (attempt, error) =>
      logger.warn({ attempt, err: error }, "a transaction was aborted by a concurrent one and is tried again"),
  });
  await migrateDatabase(database);
  const auth = createAuth(database.db, env, resolveAuthSecret(env));
  if (env.seedDemo) {
    const [row] = await database.db.select({ value: count() }).from(users);
    if ((row?.value ?? 0) === 0) {
      await seedDemoData(database, { storage });
      await seedCatalogue(database, { storage });
      logger.info("loaded the demo data into the new database");
    }
  }
  // The embedded database has no autovacuum daemon, so nothing else ever gathers the planner's
  // statistics (without them it plans blind: a listing's nearby cities took 12 ms, not 2) or
  // clears the old versions of rows a migration rewrote (0056 rewrote every search row: tags and
  // a date at 100,000 acts, p50 125 ms until vacuumed, 67 after). On a database with nothing to
  // clear, vacuuming as well costs about what analysing alone does (2.9 s at 100,000 acts).
  // A server's autovacuum does both itself.
  if (database.kind === "pglite") {
    const started = performance.now();
    await database.db.execute(sql`vacuum analyze`);
    logger.info({ ms: Math.round(performance.now() - started) }, "vacuumed and gathered the planner's statistics");
  }
  return { database, auth, storage };
}
