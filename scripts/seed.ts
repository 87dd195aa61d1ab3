// `npm run seed`: loads the demo data into an empty database.
import { count } from "drizzle-orm";
import { openDatabase } from "../server/db/client";
import { migrateDatabase } from "../server/db/migrate";
import { users } from "../server/db/schema";
import { seedDemoData } from "../server/db/seed";
import { loadEnv } from "../server/env";

const env = loadEnv();
const database = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
try {
  await migrateDatabase(database);
  const [row] = await database.db.select({ value: count() }).from(users);
  if ((row?.value ?? 0) > 0) {
    console.error("The database already has accounts; the demo data goes only into an empty database.");
    process.exitCode = 1;
  } else {
    await seedDemoData(database.db, { dataDir: env.dataDir });
    console.log("Loaded the demo data. Every demo account's password is demo-password.");
  }
} finally {
  await database.close();
}
