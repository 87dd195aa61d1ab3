// `npm run seed`: loads the demo data into an empty database.
// `npm run seed -- --acts 100000` adds that many generated acts too, for measuring search at scale.
import "./require-node.mjs";
import { count } from "drizzle-orm";
import { openDatabase } from "#server/db/client";
import { migrateDatabase } from "#start/migrate";
import { users } from "#modules/accounts/server/tables";
import { seedDemoData } from "#start/demo/seed";
import { seedCatalogue } from "#start/demo/catalogue";
import { addBulkActs } from "#server/db/bulk-acts";
import { loadEnv } from "#server/env";
import { createFileStorage } from "#server/storage/create-storage";

const actsFlag = process.argv.indexOf("--acts");
const bulkActs = actsFlag >= 0 ? Number(process.argv[actsFlag + 1]) : 0;
if (!Number.isInteger(bulkActs) || bulkActs < 0 || bulkActs > 1_000_000) {
  console.error("--acts takes a whole number of acts, at most 1,000,000");
  process.exit(2);
}
const env = loadEnv();
const storage = createFileStorage(env);
await storage.check();
const database = await openDatabase({
  databaseUrl: env.databaseUrl,
  dataDir: env.dataDir,
  sharedBuffers: env.pgliteSharedBuffers,
});
try {
  await migrateDatabase(database);
  const [row] = await database.db.select({ value: count() }).from(users);
  if ((row?.value ?? 0) > 0) {
    console.error("The database already has accounts; the demo data goes only into an empty database.");
    process.exitCode = 1;
  } else {
    await seedDemoData(database, { storage });
    await seedCatalogue(database, { storage });
    console.log("Loaded the demo data. Every demo account's password is demo-password.");
    if (bulkActs > 0) {
      const started = performance.now();
      await addBulkActs(database.db, bulkActs);
      console.log(`Added ${bulkActs} generated acts in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    }
  }
} finally {
  await database.close();
}
