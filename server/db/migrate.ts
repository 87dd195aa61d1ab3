import type { DatabaseHandle } from "./client";
import { loadPlaces } from "./places-load";

/** Brings a database up to date: the schema migrations, then the gazetteer's places (and their use by act locations). */
export async function migrateDatabase(database: DatabaseHandle): Promise<void> {
  await database.migrate();
  await loadPlaces(database.db);
}
