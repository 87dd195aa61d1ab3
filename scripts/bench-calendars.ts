// `npm run bench:calendars`: 1,000 subscribed calendars, served by a local HTTP server, read by
// the built app's calendar reader, against the embedded database (or DATABASE_URL). Figures:
// how long the reader takes to read them all (the issue asks within one refresh period, 30
// minutes), and a profile page's p50 and p99 (guest cache off, 10 connections) before and
// while it reads. Figures only: nothing here passes or fails.
import "./require-node.mjs";
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { tzlib_get_ical_block } from "timezones-ical-library";
import { addDays } from "#domain/calendar-days";
import { addBulkActs } from "#server/db/bulk-acts";
import { openDatabase } from "#server/db/client";
import { migrateDatabase } from "#start/migrate";
import { seedDemoData } from "#start/demo/seed";
import { loadEnv } from "#server/env";
import { createFileStorage } from "#server/storage/create-storage";
// @ts-expect-error: plain JavaScript helpers shared by the benches
import { freePort, waitFor } from "./bench-support.mjs";

const CALENDARS = Number(process.env.BENCH_CALENDARS ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
// The reader's first look is at start; the subscriptions fall due this long after, so the page is measured before and during.
const DUE_AFTER_SECONDS = SECONDS + 15;

/** A calendar as Google sends one: its zone, a weekly rehearsal, and forty single gigs. */
function calendarText(index: number): string {
  const today = new Date().toISOString().slice(0, 10);
  const stamp = (day: string, time: string) => `${day.replaceAll("-", "")}T${time}`;
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Bench//EN",
    ...(tzlib_get_ical_block("America/Chicago")[0] ?? "").split("\r\n"),
  ];
  lines.push(
    "BEGIN:VEVENT",
    `UID:weekly-${index}@bench`,
    "DTSTAMP:20260101T000000Z",
    "SUMMARY:Rehearsal",
    `DTSTART;TZID=America/Chicago:${stamp(addDays(today, index % 7), "190000")}`,
  );
  lines.push(
    `DTEND;TZID=America/Chicago:${stamp(addDays(today, index % 7), "210000")}`,
    "RRULE:FREQ=WEEKLY;COUNT=52",
    "END:VEVENT",
  );
  for (let gig = 0; gig < 40; gig++) {
    const day = addDays(today, (index * 13 + gig * 9) % 400);
    lines.push(
      "BEGIN:VEVENT",
      `UID:gig-${index}-${gig}@bench`,
      "DTSTAMP:20260101T000000Z",
      `SUMMARY:Gig ${gig}`,
      `DTSTART;TZID=America/Chicago:${stamp(day, "200000")}`,
    );
    lines.push(`DTEND;TZID=America/Chicago:${stamp(day, "235900")}`, "END:VEVENT");
  }
  lines.push("END:VCALENDAR");
  return `${lines.join("\r\n")}\r\n`;
}

const reads = new Set<string>();
const calendars = createServer((request, response) => {
  reads.add(request.url ?? "");
  const index = Number(/\/cal-(\d+)\.ics/.exec(request.url ?? "")?.[1] ?? 0);
  response.writeHead(200, { "content-type": "text/calendar; charset=utf-8" });
  response.end(calendarText(index));
});
const calendarPort: number = await freePort();
await new Promise<void>((resolve) => calendars.listen(calendarPort, "127.0.0.1", resolve));

const dataDir = mkdtempSync(join(tmpdir(), "eva-bench-calendars-"));
const env = loadEnv({ ...process.env, DATA_DIR: dataDir });
const database = await openDatabase({ databaseUrl: env.databaseUrl, dataDir });
await migrateDatabase(database);
await seedDemoData(database, { storage: createFileStorage(env) });
await addBulkActs(database.db, CALENDARS);
await database.db.execute(sql`delete from calendar_subscriptions`);
await database.db.execute(sql`insert into calendar_subscriptions (act_id, url, next_read_at)
  select id, 'http://127.0.0.1:${sql.raw(String(calendarPort))}/cal-' || id || '.ics', now() + make_interval(secs => ${DUE_AFTER_SECONDS})
  from acts where url like 'bulk-act-%' order by id limit ${CALENDARS}`);
await database.close();

if (spawnSync("npm", ["run", "build"], { stdio: "inherit" }).status !== 0) process.exit(1);
const port: number = await freePort();
const base = `http://127.0.0.1:${port}`;
const app = spawn(process.execPath, ["dist/server.js"], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: base,
    LOG_LEVEL: "silent",
    GUEST_PAGE_CACHE: "0",
    CLIENT_CONCURRENCY: "0",
    CALENDAR_ALLOW_PRIVATE_URLS: "1",
  },
  stdio: "inherit",
});
const started = Date.now();
try {
  await waitFor(`${base}/healthz`);
  // Ten clients asking for the profile one after another for SECONDS: each answer's time.
  const profile = async () => {
    const times: number[] = [];
    const until = Date.now() + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (Date.now() < until) {
          const asked = performance.now();
          const response = await fetch(`${base}/entertainment/the-velvet-tones`);
          await response.arrayBuffer();
          times.push(performance.now() - asked);
        }
      }),
    );
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(0);
    return `p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, ${Math.round(times.length / SECONDS)} req/s`;
  };
  const before = await profile();
  while (Date.now() - started < DUE_AFTER_SECONDS * 1000 + 500)
    await new Promise((resolve) => setTimeout(resolve, 200));
  // The reader looks each minute: the round starts at its next look after the calendars fall due.
  while (reads.size === 0) await new Promise((resolve) => setTimeout(resolve, 100));
  const roundStarted = Date.now();
  const during = await profile();
  while (reads.size < CALENDARS) await new Promise((resolve) => setTimeout(resolve, 100));
  const seconds = ((Date.now() - roundStarted) / 1000).toFixed(1);
  console.log(`\n${CALENDARS} subscribed calendars (${calendarText(1).length} bytes each), ${database.kind}`);
  console.log(`read in one round: ${seconds} s from the first read to the last (the refresh period is 30 minutes)`);
  console.log(
    `profile page (guest cache off, 10 connections, ${SECONDS} s): before ${before}; while reading ${during}`,
  );
} finally {
  app.kill("SIGTERM");
  calendars.close();
  rmSync(dataDir, { recursive: true, force: true });
}
