// `npm run bench:search`: search at scale, straight against the database the app uses
// (DATA_DIR's PGlite, or DATABASE_URL): fills it with generated acts when it has fewer than
// BENCH_ACTS (default 100,000), then times each kind of query; then serves that database with
// the built app (cache off) and times a listing page and the sitemap: time to first byte and
// total. Figures only. Beside its own fixed rows it asks a generated set of what planners type
// (scripts/bench-search-queries.ts), each once. BENCH_PAGES=0 skips the pages.
import "./require-node.mjs";
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { count, sql } from "drizzle-orm";
import { rowsOf } from "#server/db/rows-of";
import { parseSearchFilter } from "#modules/discovery/search-filter";
import { addBulkActs } from "#server/db/bulk-acts";
import { openDatabase } from "#server/db/client";
import { migrateDatabase } from "#start/migrate";
import { acts } from "#modules/acts/server/tables";
import { users } from "#modules/accounts/server/tables";
import { seedDemoData } from "#start/demo/seed";
import { loadEnv } from "#server/env";
import { createFileStorage } from "#server/storage/create-storage";
import { searchActs } from "#modules/discovery/server/search/search-acts";
import { type TaggedStore, createTaggedStore } from "#server/cache/tagged-store";
import { createLogger } from "#server/logger";
import { type Vocabulary, catalogueVocabulary, generatedQueries } from "./bench-search-queries";

const TARGET = Number(process.env.BENCH_ACTS ?? 100_000);
// A day a month ahead: within the generated acts' blocked and busy days (the next 400).
const SOON = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
// Enough runs that p99 is not simply the slowest one.
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
// Distinct generated queries of each kind (scripts/bench-search-queries.ts).
const GENERATED_PER_KIND = Number(process.env.BENCH_GENERATED ?? 40);
// Other generated queries of each kind asked first, not timed: see below.
const WARM_UP_PER_KIND = 5;
const env = loadEnv();
const KEEP_PARTS = { keepAnswer: false };
let store: TaggedStore | undefined;
// Read from the catalogue before the database is closed, for the concurrent searchers.
let searchVocabulary: Vocabulary | undefined;
let timedQueries = new Set<string>();
const database = await openDatabase({
  databaseUrl: env.databaseUrl,
  dataDir: env.dataDir,
  sharedBuffers: env.pgliteSharedBuffers,
});
try {
  await migrateDatabase(database);
  const db = database.db;
  // What a server keeps of a search's parts (the places acts are in), as the API's searches do;
  // never the answer, which each run below must read afresh.
  store = await createTaggedStore(database, createLogger("silent"));
  if (((await db.select({ value: count() }).from(users))[0]?.value ?? 0) === 0)
    await seedDemoData(database, { storage: createFileStorage(env) });
  const have = (await db.select({ value: count() }).from(acts))[0]?.value ?? 0;
  if (have < TARGET) {
    const started = performance.now();
    await addBulkActs(db, TARGET - have);
    console.log(`generated ${TARGET - have} acts in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  const queries: [string, string][] = [
    ["keyword", "searchTerms=velvet"],
    ["keyword, city, 50 miles", "searchTerms=jazz&location=Chicago,%20IL&radius=50"],
    ["filters with a date", `styles[]=Jazz&eventTypes[]=Wedding&date=${SOON}&location=Austin,%20TX`],
    // Every act is a candidate: blocked, busy and booked days are left out of the whole catalogue.
    ["a date alone", `date=${SOON}`],
    ["a broad keyword", "searchTerms=jazz"],
    ["the same and a date", `searchTerms=jazz&date=${SOON}`],
    ["a typo", "searchTerms=velvit%20tonez"],
    ["browse, page 3", "page=3"],
  ];
  console.log(`\nSearch over ${TARGET} acts (${database.kind}), ${RUNS} runs each after 3 warm-ups`);
  console.log(await serverMemory(db, database.kind));
  console.log("");
  for (const [name, query] of queries) {
    const filter = parseSearchFilter(query);
    for (let i = 0; i < 3; i++) await searchActs(db, null, filter, store, KEEP_PARTS);
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      total = (await searchActs(db, null, filter, store, KEEP_PARTS)).meta.total;
      times.push(performance.now() - started);
    }
    const at = (q: number) => quantile(times, q).toFixed(1);
    console.log(`${name.padEnd(28)} p50 ${at(0.5).padStart(7)} ms   p99 ${at(0.99).padStart(7)} ms   ${total} acts`);
  }

  // What planners type: each query once, so nothing warmed by asking it before answers it. A few
  // other queries of each kind are asked first and not timed, as a running server has answered
  // such queries before: a just-opened embedded database runs the first searches of a shape
  // through WebAssembly its engine has not yet compiled (249 acts around Gainesville, FL, with a
  // date: 222 ms the first time at 100,000 acts, 54 by the third, 30 when warm).
  const vocabulary = await catalogueVocabulary(db);
  const generated = generatedQueries(vocabulary, GENERATED_PER_KIND);
  const timed = new Set(generated.map(({ query }) => query));
  searchVocabulary = vocabulary;
  timedQueries = timed;
  for (const { query } of generatedQueries(vocabulary, WARM_UP_PER_KIND, 7)) {
    if (!timed.has(query)) await searchActs(db, null, parseSearchFilter(query), store, KEEP_PARTS);
  }
  const byKind = new Map<string, { times: number[]; matches: number[] }>();
  for (const { kind, query } of generated) {
    const filter = parseSearchFilter(query);
    const started = performance.now();
    const matches = (await searchActs(db, null, filter, store, KEEP_PARTS)).meta.total;
    const elapsed = performance.now() - started;
    const seen = byKind.get(kind) ?? { times: [], matches: [] };
    seen.times.push(elapsed);
    seen.matches.push(matches);
    byKind.set(kind, seen);
  }
  console.log(
    `\nGenerated queries from the catalogue's words, places and days: ${generated.length} distinct, each asked once, after ${WARM_UP_PER_KIND} others of each kind not timed\n`,
  );
  for (const [kind, { times, matches }] of byKind) {
    console.log(
      `${kind.padEnd(40)} p50 ${quantile(times, 0.5).toFixed(1).padStart(7)} ms   p99 ${quantile(times, 0.99).toFixed(1).padStart(7)} ms   ${String(times.length).padStart(3)} queries, median ${quantile(matches, 0.5)} acts, most ${quantile(matches, 1)}`,
    );
  }
} finally {
  await store?.stop();
  await database.close();
}

/**
 * What the database had to hold the search rows in: a row read from the operating system's cache
 * instead of shared buffers (on the embedded database, through the file system's JavaScript),
 * or a buffer a new connection maps page by page without huge pages, cost several times a kept
 * one (README, scaling out).
 */
async function serverMemory(db: typeof database.db, kind: typeof database.kind): Promise<string> {
  const [row] = await rowsOf<{ buffers: string; huge: string; workMem: string; search: string; fits: boolean }>(
    db.execute(sql`select current_setting('shared_buffers') as buffers, current_setting('huge_pages') as huge, current_setting('work_mem') as "workMem",
      pg_size_pretty(pg_total_relation_size('act_search')) as search,
      pg_total_relation_size('act_search') < pg_size_bytes(current_setting('shared_buffers')) as fits`),
  );
  const buffers = `shared_buffers ${row!.buffers}${row!.fits ? "" : " (smaller than the search rows)"}`;
  // The embedded database's are set by PGLITE_SHARED_BUFFERS; it has no huge pages.
  const pages = kind === "postgres" ? `, huge_pages ${row!.huge}` : "";
  return `${buffers}${pages}, work_mem ${row!.workMem}, search rows and indexes ${row!.search}`;
}

/** The value at quantile `q` (0 to 1) of `values`, which need not be sorted. */
function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/** Time to the response's headers, and to its last byte, of a GET. */
async function timed(url: string): Promise<{ ttfb: number; total: number; bytes: number }> {
  const started = performance.now();
  const response = await fetch(url, { headers: { "accept-encoding": "identity" } });
  const ttfb = performance.now() - started;
  const bytes = (await response.arrayBuffer()).byteLength;
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return { ttfb, total: performance.now() - started, bytes };
}

const PAGE_RUNS = Number(process.env.BENCH_PAGE_RUNS ?? 10);
if (process.env.BENCH_PAGES === "0") process.exit(0);
if (!existsSync("dist/server.js") && spawnSync("npm", ["run", "build"], { stdio: "inherit" }).status !== 0)
  process.exit(1);
const port = await new Promise<number>((resolve) => {
  const probe = createServer().listen(0, "127.0.0.1", () => {
    const address = probe.address() as { port: number };
    probe.close(() => resolve(address.port));
  });
});
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ["dist/server.js"], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: base,
    LOG_LEVEL: "silent",
    GUEST_PAGE_CACHE: "0",
    SEED_DEMO: "0",
    // The searchers below are one client (one address) with many searches in flight.
    CLIENT_CONCURRENCY: "0",
  },
  stdio: "inherit",
});
try {
  for (let i = 0; ; i++) {
    if (
      await fetch(`${base}/healthz`).then(
        (response) => response.ok,
        () => false,
      )
    )
      break;
    if (i > 600) throw new Error("the app did not start");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  console.log(
    `\nPages over the same database, served by the built app with the guest cache off, ${PAGE_RUNS} runs each after one warm-up\n`,
  );
  const pages: [string, string][] = [
    ["listing /hire/wedding/chicago-il", "/hire/wedding/chicago-il"],
    ["/sitemap.xml", "/sitemap.xml"],
  ];
  // Past 50,000 URLs the sitemap is an index: its files are timed too (listings recounted each time).
  const index = await (await fetch(`${base}/sitemap.xml`)).text();
  if (index.includes("<sitemapindex"))
    for (const [, file] of [...index.matchAll(/<loc>[^<]*(\/sitemaps\/[^<]+)<\/loc>/g)].slice(0, 2))
      pages.push([file!, file!]);
  for (const [name, path] of pages) {
    await timed(base + path);
    const runs: { ttfb: number; total: number; bytes: number }[] = [];
    for (let i = 0; i < PAGE_RUNS; i++) runs.push(await timed(base + path));
    const at = (key: "ttfb" | "total", q: number) =>
      quantile(
        runs.map((run) => run[key]),
        q,
      ).toFixed(1);
    console.log(
      `${name.padEnd(36)} first byte p50 ${at("ttfb", 0.5).padStart(7)} ms  p99 ${at("ttfb", 0.99).padStart(7)} ms   total p50 ${at("total", 0.5).padStart(7)} ms  p99 ${at("total", 0.99).padStart(7)} ms   ${runs[0]!.bytes} bytes`,
    );
  }
  await concurrentSearchers(base, searchVocabulary!, timedQueries);
} finally {
  server.kill("SIGTERM");
}

/**
 * SEARCHERS planners at once (200), each asking a query of the generated kinds it has not asked,
 * reading the page for a moment (THINK_MS, 0 to 2 s at random), and asking the next, through the
 * API of the served app: queries none of the timed rows above asked, so no kept answer serves
 * them. p50 and p99 of every answer, and by kind.
 */
async function concurrentSearchers(base: string, vocabulary: Vocabulary, timed: Set<string>) {
  const SEARCHERS = Number(process.env.BENCH_SEARCHERS ?? 200);
  const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 2_000);
  const ASKS = Number(process.env.BENCH_SEARCHER_ASKS ?? 5);
  const queries = generatedQueries(vocabulary, Math.ceil((SEARCHERS * ASKS) / 10) + GENERATED_PER_KIND, 97).filter(
    ({ query }) => !timed.has(query),
  );
  const times = new Map<string, number[]>();
  let next = 0;
  let failed = 0;
  const started = performance.now();
  const searcher = async () => {
    for (let asked = 0; asked < ASKS; asked++) {
      const item = queries[next++ % queries.length]!;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * THINK_MS));
      const askedAt = performance.now();
      const response = await fetch(`${base}/api/acts?${item.query}`);
      await response.arrayBuffer();
      if (!response.ok) failed++;
      const kind = times.get(item.kind) ?? [];
      kind.push(performance.now() - askedAt);
      times.set(item.kind, kind);
    }
  };
  await Promise.all(Array.from({ length: SEARCHERS }, searcher));
  const seconds = (performance.now() - started) / 1000;
  const all = [...times.values()].flat();
  const row = (name: string, values: number[]) => {
    const at = (q: number) => quantile(values, q).toFixed(1);
    return `${name.padEnd(40)} p50 ${at(0.5).padStart(7)} ms   p99 ${at(0.99).padStart(7)} ms   ${values.length} searches`;
  };
  console.log(
    `\n${SEARCHERS} searchers at once through GET /api/acts, ${ASKS} searches each, 0 to ${THINK_MS} ms between them: ${(all.length / seconds).toFixed(0)} searches/s${failed ? `, ${failed} failed` : ""}\n`,
  );
  console.log(row("every search", all));
  for (const [kind, values] of times) console.log(row(kind, values));
}
