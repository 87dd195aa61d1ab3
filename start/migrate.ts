import { installJobQueue } from "#server/jobs/job-queue";
import type { DatabaseHandle } from "#server/db/client";
import { loadContent } from "#modules/seo/server/start";
import { applySqlFunctions } from "#modules/discovery/server/start";
import { loadPlaces } from "#server/db/places-load";

/**
 * Brings a database up to date: the schema migrations, the SQL functions they call (modules/discovery/server/search/functions), the job queue's tables (the library's
 * own, at its installed version), the gazetteer's places (and their use by act locations),
 * and the curated copy of content/ not imported before.
 */
export async function migrateDatabase(database: DatabaseHandle): Promise<void> {
  await database.migrate();
  await applySqlFunctions(database.db);
  await installJobQueue(database);
  await loadPlaces(database.db);
  await loadContent(database.db);
}
