// `npm run bench:search`: search at scale, straight against the database the app uses
// (DATA_DIR's PGlite, or DATABASE_URL): fills it with generated acts when it has fewer than
// BENCH_ACTS (default 100,000), then times each kind of query. Figures only.
import { count } from "drizzle-orm";
import { parseSearchFilter } from "../domain/search-filter";
import { addBulkActs } from "../server/db/bulk-acts";
import { openDatabase } from "../server/db/client";
import { migrateDatabase } from "../server/db/migrate";
import { acts, users } from "../server/db/schema";
import { seedDemoData } from "../server/db/seed";
import { loadEnv } from "../server/env";
import { searchActs } from "../server/services/search/search-acts";

const TARGET = Number(process.env.BENCH_ACTS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const env = loadEnv();
const database = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir });
try {
  await migrateDatabase(database);
  const db = database.db;
  if (((await db.select({ value: count() }).from(users))[0]?.value ?? 0) === 0) await seedDemoData(db, { dataDir: env.dataDir });
  const have = (await db.select({ value: count() }).from(acts))[0]?.value ?? 0;
  if (have < TARGET) {
    const started = performance.now();
    await addBulkActs(db, TARGET - have);
    console.log(`generated ${TARGET - have} acts in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const queries: [string, string][] = [
    ["keyword", "searchTerms=velvet"],
    ["keyword, city, 50 miles", "searchTerms=jazz&location=Chicago,%20IL&radius=50"],
    ["filters with a date", "styles[]=Jazz&eventTypes[]=Wedding&date=2027-06-12&location=Austin,%20TX"],
    ["a typo", "searchTerms=velvit%20tonez"],
    ["browse, page 3", "page=3"],
  ];
  console.log(`\nSearch over ${TARGET} acts (${database.kind}), ${RUNS} runs each after 3 warm-ups\n`);
  for (const [name, query] of queries) {
    const filter = parseSearchFilter(query);
    for (let i = 0; i < 3; i++) await searchActs(db, null, filter);
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      total = (await searchActs(db, null, filter)).meta.total;
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
    console.log(`${name.padEnd(28)} p50 ${at(0.5).padStart(7)} ms   p99 ${at(0.99).padStart(7)} ms   ${total} acts`);
  }
} finally {
  await database.close();
}
