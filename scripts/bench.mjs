// `npm run bench` (`-- --quick` for a short check): the act profile, side by side in one run,
// 50 concurrent connections each: the same bytes from a bare node:http server in its own
// process (the physical anchor), the cached guest page (with insights' view counting on, and beside
// it a server with it off), the cached page asked with a junk
// cookie and with an unknown query parameter (both must stay cached), a first render (a
// second server with the cache off), every other act once on that server (a render each, as
// the `pages_ahead` round makes them), every other act once on the cached server (a crawler's
// first look: nothing of those acts in its memory, each page stored ahead in the database, decision
// 0067; the rows wait for that round to be done), the page signed in as a planner, as
// the act's artist and as an admin (asked again and again: kept whole by its data, decision
// 0022), the planner's first look at every other act, and the profile JSON; then /search (a keyword, a place
// and a radius over the demo catalogue) and a listing page, cached and not, and every other
// listing of the sitemap once on the server with the cache off (rendered) and on the cached
// server (a first look, stored ahead), and a planner's
// conversation page read again and again; then each server's resident memory, a message's
// fan-out (from its POST on one server to its event on a stream open on the other, 100 times)
// and the memory 10,000 idle conversation streams take (BENCH_STREAMS, held open by a process of
// their own), with the fan-out again while they are open; and the JavaScript a guest downloads. On the embedded database,
// and again on PostgreSQL when DATABASE_URL or TEST_DATABASE_URL names a server whose role
// may create databases. Figures only: nothing here passes or fails.
import "./require-node.mjs";
import { spawn } from "node:child_process";
import http from "node:http";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";
import {
  buildApp,
  cpuMilliseconds,
  createServerDatabase,
  freePort,
  percentile,
  residentMegabytes,
  signIn,
  waitFor,
} from "./bench-support.mjs";

const ACT = "the-velvet-tones"; // the demo act with the most content
// A keyword, a place and a radius over the demo catalogue: the search a planner makes most.
const SEARCH = "/search?searchTerms=jazz&location=Chicago%2C%20IL&radius=50";
// A listing page for search engines over the demo catalogue.
const LISTING = "/hire/wedding/chicago-il";
// The same page of results on the map (issue 65): drawn on the server, the states an image of its own.
const SEARCH_MAP = "/search?view=map";
const CONNECTIONS = 50;
// Idle conversation streams held open on one server while a message's fan-out is timed again.
const IDLE_STREAMS = Number(process.env.BENCH_STREAMS ?? 10_000);
const BROWSER =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile Safari/604.1";
const QUICK = process.argv.includes("--quick");
const DURATION = Number(process.env.BENCH_SECONDS ?? (QUICK ? 2 : 10));
const SERVER_URL = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || "";
const ROLES = [
  ["planner", "planner@example.com"],
  ["owning artist", "artist@example.com"],
  ["admin", "admin@example.com"],
];

buildApp();

const children = [];
const workDir = mkdtempSync(join(tmpdir(), "eva-bench-"));

/** The production server on its own DATA_DIR (and the embedded database unless told otherwise). */
async function startApp(name, extraEnv = {}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["dist/server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: join(workDir, name),
      PUBLIC_URL: base,
      LOG_LEVEL: "silent",
      DATABASE_URL: "",
      CLIENT_CONCURRENCY: "0",
      STREAMS_PER_ACCOUNT: "0",
      // /healthz says how many statements the server has sent, for each row's statements per request.
      STATEMENT_COUNT: "1",
      ...extraEnv,
    },
    stdio: "inherit",
  });
  children.push(child);
  await waitFor(`${base}/healthz`);
  return { base, pid: child.pid };
}

/** A bare node:http server in its own process, answering every request with these bytes. */
async function startBareStatic(htmlFile) {
  const port = await freePort();
  const source = `
    const { readFileSync } = require("node:fs");
    const { gzipSync } = require("node:zlib");
    const body = readFileSync(${JSON.stringify(htmlFile)});
    const gzip = gzipSync(body);
    require("node:http").createServer((req, res) => {
      const zipped = /\\bgzip\\b/.test(req.headers["accept-encoding"] || "");
      res.writeHead(200, { "content-type": "text/html; charset=utf-8", ...(zipped ? { "content-encoding": "gzip" } : {}) });
      res.end(zipped ? gzip : body);
    }).listen(${port}, "127.0.0.1");`;
  const child = spawn(process.execPath, ["-e", source], { stdio: "inherit" });
  children.push(child);
  const base = `http://127.0.0.1:${port}`;
  await waitFor(base);
  return { base, pid: child.pid };
}

/** Every row of one run against one database: the servers share it, as several servers would. */
async function benchDatabase(label, databaseEnv) {
  const pagePath = `/entertainment/${ACT}`;
  // The first server makes and seeds the database; the second then opens it as it stands.
  const cachedApp = await startApp(`${label}-cached`, databaseEnv);
  const uncachedApp = await startApp(`${label}-uncached`, {
    ...databaseEnv,
    GUEST_PAGE_CACHE: "0",
    ...(databaseEnv.DATABASE_URL ? { SEED_DEMO: "0" } : {}),
  });
  // The same cached server with insights' view counting off (issue 66), for the side by side. It
  // has the first server's public address, as servers behind one balancer do: on one database the
  // two share the pages stored ahead (decision 0067), whichever of them made them.
  const uncountedApp = await startApp(`${label}-uncounted`, {
    ...databaseEnv,
    PUBLIC_URL: cachedApp.base,
    VIEW_COUNTING: "0",
    ...(databaseEnv.DATABASE_URL ? { SEED_DEMO: "0" } : {}),
  });
  const cachedBase = cachedApp.base;
  const uncachedBase = uncachedApp.base;
  const html = await (await fetch(cachedBase + pagePath)).text();
  const htmlFile = join(workDir, `${label}-profile.html`);
  writeFileSync(htmlFile, html);
  const bareServer = await startBareStatic(htmlFile);
  const bare = bareServer.base;
  // Which process answers a URL, for the CPU it spent on a row and the statements it sent.
  const serverOf = (url) =>
    url.startsWith(uncachedBase)
      ? uncachedApp
      : url.startsWith(uncountedApp.base)
        ? uncountedApp
        : url.startsWith(bare)
          ? { pid: bareServer.pid, base: null }
          : cachedApp;
  const cookies = Object.fromEntries(
    await Promise.all(ROLES.map(async ([role, email]) => [role, await signIn(cachedBase, email)])),
  );
  // The sitemap's pages are stored by the round a server runs at start (decision 0067): no row
  // begins before it is done, so that none shares the machine with it.
  await pagesStoredAhead(cachedBase, cookies.admin);
  // Its public address is the first server's: so is the origin it takes a sign-in from.
  await pagesStoredAhead(uncountedApp.base, await signIn(uncountedApp.base, "admin@example.com", {}, cachedBase));
  // Every act but the one the other rows show, which the second server has then never read.
  const sitemapPaths = await allPaths(cachedBase);
  const paths = sitemapPaths.filter((path) => path.startsWith("/entertainment/") && path !== pagePath);
  // Every indexable listing but the one the other rows show: a crawler's cold listings.
  const listingPaths = sitemapPaths.filter((path) => path.startsWith("/hire/") && path !== LISTING);

  // A browser's name, as planners' requests carry: a request without one is a tool's, which
  // insights do not count as a view, and the rows must measure the counting.
  const headers = { "accept-encoding": "gzip", "user-agent": BROWSER };
  const run = (url, extraHeaders = {}) =>
    withCost(serverOf(url), () =>
      autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers: { ...headers, ...extraHeaders } }),
    );
  const warm = (url, extraHeaders = {}) =>
    autocannon({ url, connections: 10, duration: 1, headers: { ...headers, ...extraHeaders } });
  // Every row's request once warm, so a row measures a server that has served it before (its
  // code compiled, what it keeps kept), not the first moments of a process.
  await warm(cachedBase + pagePath);
  await warm(uncountedApp.base + pagePath);
  await warm(uncachedBase + pagePath);
  for (const [role] of ROLES) await warm(cachedBase + pagePath, { cookie: cookies[role] });
  await warm(`${cachedBase}/api/acts/${ACT}`);
  for (const base of [cachedBase, uncachedBase]) for (const path of [SEARCH, LISTING]) await warm(base + path);

  // Counting on and off in turn, twice, each row the better of its two: the two servers are the
  // same but for the counting, and a row's place in the run must not decide which looks faster.
  const [counted, uncounted] = await alternately(
    () => run(cachedBase + pagePath),
    () => run(uncountedApp.base + pagePath),
  );
  const results = [
    ["bare static (node:http)", await run(`${bare}/`)],
    ["guest page, cached", counted],
    ["  with view counting off", uncounted],
    ["  with a junk cookie", await run(cachedBase + pagePath, { cookie: "theme=dark; eva.session_token=forged" })],
    ["  with an unknown parameter", await run(`${cachedBase + pagePath}?utm_source=bench`)],
    ["guest page, cache off", await run(uncachedBase + pagePath)],
    [
      `  cold render: each of ${paths.length} acts once`,
      await withCost(uncachedApp, () => runEachOnce(uncachedBase, paths)),
    ],
    // A crawler's first look at each act on a server that keeps none of them: stored ahead.
    [`  first look: each of ${paths.length} acts`, await withCost(cachedApp, () => runEachOnce(cachedBase, paths))],
    ...(await sequence(
      ROLES.map(([role]) => async () => [
        `signed in: ${role}`,
        await run(cachedBase + pagePath, { cookie: cookies[role] }),
      ]),
    )),
    // A planner's first look at each act: nothing of the page kept for them, nor the act's body for planners.
    [
      `  planner: each of ${paths.length} acts once`,
      await withCost(cachedApp, () => runEachOnce(cachedBase, paths, { cookie: cookies.planner })),
    ],
    ["profile JSON (/api/acts/…)", await run(`${cachedBase}/api/acts/${ACT}`)],
    ["/search, cached", await run(cachedBase + SEARCH)],
    ["/search, cache off", await run(uncachedBase + SEARCH)],
    ["/search map view, cached", await run(cachedBase + SEARCH_MAP)],
    ["/search map view, cache off", await run(uncachedBase + SEARCH_MAP)],
    ["listing, cached", await run(cachedBase + LISTING)],
    ["listing, cache off", await run(uncachedBase + LISTING)],
    [
      `  cold render: each of ${listingPaths.length} listings once`,
      await withCost(uncachedApp, () => runEachOnce(uncachedBase, listingPaths)),
    ],
    [
      `  first look: each of ${listingPaths.length} listings`,
      await withCost(cachedApp, () => runEachOnce(cachedBase, listingPaths)),
    ],
  ];

  // A planner's conversation with the act, read again and again (each read marks it read).
  const conversation = await startConversation(cachedBase, cookies.planner);
  await warm(`${cachedBase}/messages/${conversation}`, { cookie: cookies.planner });
  results.push([
    "thread page (planner)",
    await run(`${cachedBase}/messages/${conversation}`, { cookie: cookies.planner }),
  ]);

  // The planner's booking (the demo data has one): its page, and its agreement as a PDF made each time.
  const bookings = await (await fetch(`${cachedBase}/api/bookings`, { headers: { cookie: cookies.planner } })).json();
  const booking = bookings.data[0].number;
  await warm(`${cachedBase}/bookings/${booking}`, { cookie: cookies.planner });
  results.push(
    ["booking page (planner)", await run(`${cachedBase}/bookings/${booking}`, { cookie: cookies.planner })],
    [
      "agreement PDF (planner)",
      await run(`${cachedBase}/bookings/${booking}/agreement.pdf`, { cookie: cookies.planner }),
    ],
  );

  const bareRps = results[0][1].requests.average;
  const cachedRps = results[1][1].requests.average;
  console.log(
    `\n${label}: the act profile ${pagePath} and more, ${CONNECTIONS} connections, ${DURATION} s each, gzip\n`,
  );
  console.log(
    `${"".padEnd(30)} ${"req/s".padStart(8)}   ${"p50".padStart(7)}   ${"p99".padStart(7)}   vs cached   vs bare   CPU ms/req   stmts/req   errors`,
  );
  for (const [name, result] of results) {
    const rps = result.requests.average;
    console.log(
      `${name.padEnd(30)} ${String(Math.round(rps)).padStart(8)}   ${String(result.latency.p50).padStart(4)} ms   ${String(result.latency.p99).padStart(4)} ms   ${(cachedRps / rps).toFixed(2).padStart(8)}x  ${(bareRps / rps).toFixed(2).padStart(7)}x   ${result.cpuPerRequest.toFixed(2).padStart(10)}   ${(result.statementsPerRequest === null ? "-" : result.statementsPerRequest.toFixed(1)).padStart(9)}   ${result.errors + result.non2xx}`,
    );
  }
  console.log(
    `\nResident memory after the run: cache on ${residentMegabytes(cachedApp.pid)}, cache off ${residentMegabytes(uncachedApp.pid)}`,
  );
  // On PostgreSQL the two servers share the database: a message written on one reaches a stream
  // open on the other. The embedded database belongs to one server: both ends are on it.
  const streamBase = databaseEnv.DATABASE_URL ? uncachedBase : cachedBase;
  const fanout = await fanOut(cachedBase, streamBase, conversation, cookies);
  console.log(
    `Message fan-out, ${fanout.count} messages written on one server, read on ${streamBase === cachedBase ? "the same server's" : "the other server's"} stream: p50 ${fanout.p50} ms, p99 ${fanout.p99} ms`,
  );
  // Idle streams of another conversation (a second planner's with another act, its reader) on the
  // server that holds the fan-out's stream, then the fan-out again beside them: what a server holding
  // that many readers keeps in memory, and whether a message still arrives as fast (issue 67, item 3).
  const otherPlanner = await signIn(cachedBase, "planner2@example.com");
  const otherAct = paths[0].slice("/entertainment/".length);
  const idleConversation = await startConversation(cachedBase, otherPlanner, otherAct);
  const streamApp = streamBase === cachedBase ? cachedApp : uncachedApp;
  const idle = await idleStreams(streamApp, idleConversation, otherPlanner, IDLE_STREAMS, () =>
    fanOut(cachedBase, streamBase, conversation, cookies),
  );
  console.log(
    `${idle.opened} idle conversation streams open on one server: resident memory ${idle.before} MB before, ${idle.after} MB with them (${idle.after - idle.before} MB more); with them open, the fan-out p50 ${idle.during.p50} ms, p99 ${idle.during.p99} ms (${idle.during.count} messages)`,
  );
  if (!mapHtml) mapHtml = await (await fetch(cachedBase + SEARCH_MAP)).text();
  return html;
}

/** A planner's new conversation with an act (the profile's by default); its id. */
async function startConversation(base, cookie, act = ACT) {
  const response = await fetch(`${base}/api/conversations/start/${act}`, {
    method: "POST",
    headers: { cookie, origin: base, "content-type": "application/json" },
    body: JSON.stringify({ body: "Are you free on June 12?" }),
  });
  if (!response.ok) throw new Error(`starting a conversation: ${response.status}`);
  return (await response.json()).data.id;
}

/** The `message` events of an open stream, as they arrive: each message's body, and when it came. */
async function openStream(base, conversation, cookie, onMessage) {
  // From the conversation's last message on: only what is written from now.
  const thread = await (await fetch(`${base}/api/conversations/${conversation}`, { headers: { cookie } })).json();
  const after = thread.data.messages.at(-1)?.id ?? 0;
  const response = await fetch(`${base}/api/conversations/${conversation}/stream?after=${after}`, {
    headers: { cookie },
  });
  if (!response.ok) throw new Error(`opening a stream: ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ done: true }));
      if (done) return;
      buffer += value;
      for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
        const data = buffer
          .slice(0, end)
          .split("\n")
          .find((line) => line.startsWith("data:"));
        buffer = buffer.slice(end + 2);
        if (data) onMessage(JSON.parse(data.slice(5)).body, performance.now());
      }
    }
  })();
  return () => reader.cancel().catch(() => undefined);
}

/**
 * From a message's POST on one server to its event on a stream open on `streamBase`, 100 times,
 * one after another; the planner and the artist write in turn (the bench runs it twice, and both
 * runs stay under each one's 120 messages an hour).
 */
async function fanOut(writeBase, streamBase, conversation, cookies) {
  const arrived = new Map();
  const waiting = new Map();
  const close = await openStream(streamBase, conversation, cookies["owning artist"], (body, at) => {
    arrived.set(body, at);
    waiting.get(body)?.();
  });
  const latencies = [];
  for (let i = 0; i < 100; i++) {
    const body = `fan-out ${i} ${performance.now()}`;
    const came = new Promise((resolve) => waiting.set(body, resolve));
    const sent = performance.now();
    const writer = i % 2 === 0 ? cookies.planner : cookies["owning artist"];
    const response = await fetch(`${writeBase}/api/conversations/${conversation}/messages`, {
      method: "POST",
      headers: { cookie: writer, origin: writeBase, "content-type": "application/json" },
      body: JSON.stringify({ body }),
    });
    if (!response.ok) throw new Error(`writing message ${i}: ${response.status}`);
    await Promise.race([came, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    if (arrived.has(body)) latencies.push(arrived.get(body) - sent);
  }
  await close();
  latencies.sort((a, b) => a - b);
  return {
    count: latencies.length,
    p50: Math.round(percentile(latencies, 50)),
    p99: Math.round(percentile(latencies, 99)),
  };
}

/**
 * Opens `count` streams of one conversation on a server, from a process of their own
 * (scripts/bench-idle-streams.mjs), reads the server's resident memory before and with them, and
 * runs `meanwhile` while they are open.
 */
async function idleStreams(app, conversation, cookie, count, meanwhile) {
  const mb = () => Number.parseInt(residentMegabytes(app.pid), 10);
  const before = mb();
  const holder = spawn(process.execPath, ["scripts/bench-idle-streams.mjs", app.base, conversation, cookie, count], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  children.push(holder);
  const opened = await new Promise((resolve, reject) => {
    let said = "";
    holder.stdout.on("data", (chunk) => {
      said += chunk;
      const open = /open (\d+)/.exec(said);
      if (open) resolve(Number(open[1]));
    });
    holder.on("exit", (code) => reject(new Error(`the idle streams' holder stopped (${code})`)));
  });
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const after = mb();
  const during = await meanwhile();
  holder.stdin.end();
  await new Promise((resolve) => holder.once("exit", resolve));
  return { opened, before, after, during };
}

/** Every path in the sitemap (and its parts, when it is an index). */
async function allPaths(base) {
  const locations = async (url) =>
    [...(await (await fetch(url)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]));
  const top = await locations(`${base}/sitemap.xml`);
  const parts = await Promise.all(
    top.filter((url) => url.pathname.endsWith(".xml")).map((url) => locations(base + url.pathname + url.search)),
  );
  return [...new Set([...top, ...parts.flat()].map((url) => url.pathname).filter((path) => !path.endsWith(".xml")))];
}

/**
 * Each path once, at full concurrency: on a server that has not shown these acts yet, what a
 * crawler gets, with nothing of the act kept in memory (its row, its sections). Requests per
 * second over the whole run, timed to the millisecond.
 */
async function runEachOnce(base, paths, extraHeaders = {}) {
  // Our own client: autocannon ends a run of a fixed number of requests on its once-a-second
  // tick, so a run of two seconds was counted as one or two. node:http on kept-alive sockets, as
  // lean as autocannon's: fetch spent more of the machine than a stored page costs the server.
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies = [];
  let next = 0;
  let errors = 0;
  let non2xx = 0;
  const started = performance.now();
  const connection = async () => {
    while (next < paths.length) {
      const path = paths[next++];
      const sent = performance.now();
      try {
        const status = await getStatus(base + path, { agent, headers: { "accept-encoding": "gzip", ...extraHeaders } });
        if (status < 200 || status > 299) non2xx++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - sent);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONNECTIONS, paths.length) }, connection));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: { average: paths.length / seconds, total: paths.length },
    latency: { p50: percentile(latencies, 50), p99: percentile(latencies, 99) },
    errors,
    non2xx,
  };
}

/**
 * A row's result with the CPU its server spent per request, the figure that says where time
 * goes and the steadiest to set beside another build's, and the statements it sent its
 * database per request (null for a server that has none, or does not say).
 */
async function withCost({ pid, base }, measure) {
  const cpuBefore = cpuMilliseconds(pid);
  const statementsBefore = await statementsSent(base);
  const result = await measure();
  const total = result.requests.total || result.requests.average * DURATION;
  const statementsAfter = await statementsSent(base);
  return {
    ...result,
    cpuPerRequest: (cpuMilliseconds(pid) - cpuBefore) / total,
    statementsPerRequest:
      statementsBefore === null || statementsAfter === null ? null : (statementsAfter - statementsBefore) / total,
  };
}

/** How many statements a server has sent its database (its /healthz, with STATEMENT_COUNT on). */
async function statementsSent(base) {
  if (!base) return null;
  const health = await (await fetch(`${base}/healthz`)).json();
  return typeof health.statements === "number" ? health.statements : null;
}

/** A GET's status once its body is read. */
function getStatus(url, options) {
  return new Promise((resolve, reject) => {
    http
      .get(url, options, (response) => {
        response.on("data", () => {});
        response.on("end", () => resolve(response.statusCode));
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

/**
 * Waits for the first `pages_ahead` round to be done (the admins' list of jobs): the one the
 * servers ask for at start, which stores every page of the sitemap.
 */
async function pagesStoredAhead(base, adminCookie) {
  const until = Date.now() + 180_000;
  for (;;) {
    const answer = await fetch(`${base}/api/admin/jobs?kind=pages_ahead&state=done`, {
      headers: { cookie: adminCookie },
    });
    if ((await answer.json()).meta.total > 0) return;
    if (Date.now() > until) throw new Error("the pages_ahead round did not finish in 3 minutes");
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Runs a, b, a, b and answers each one's better run (more requests a second). */
async function alternately(a, b) {
  const runs = [await a(), await b(), await a(), await b()];
  const better = (x, y) => (x.requests.average >= y.requests.average ? x : y);
  return [better(runs[0], runs[2]), better(runs[1], runs[3])];
}

/** Runs the steps one after another (each bench row alone on the machine). */
async function sequence(steps) {
  const done = [];
  for (const step of steps) done.push(await step());
  return done;
}

const databases = [];
/** The map view's page as the embedded database's server answers it, for the JavaScript it downloads. */
let mapHtml = "";
try {
  const html = await benchDatabase("Embedded database (PGlite)", {});
  if (SERVER_URL) {
    const database = await createServerDatabase(SERVER_URL);
    databases.push(database);
    await benchDatabase("PostgreSQL server", {
      DATABASE_URL: database.url,
      AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123",
      SEED_DEMO: "1",
    });
  }

  const scripts = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)]
    .map((match) => match[1])
    .filter((src) => src.startsWith("/"));
  const jsBytes = scripts.map((src) => ({ src, gzip: gzipSync(readFileSync(join("build", "client", src))).length }));
  const guestJs = jsBytes.reduce((total, item) => total + item.gzip, 0);
  console.log(`\nHTML: ${html.length} bytes, ${gzipSync(html).length} gzip`);
  console.log(`JavaScript a guest downloads: ${guestJs} bytes gzip (aim: under 100 KB)`);
  for (const item of jsBytes) console.log(`  ${item.src}  ${item.gzip} B gzip`);
  const mapScripts = [...mapHtml.matchAll(/<script[^>]+src="([^"]+)"/g)]
    .map((match) => match[1])
    .filter((src) => src.startsWith("/"));
  const mapJs = mapScripts.reduce(
    (total, src) => total + gzipSync(readFileSync(join("build", "client", src))).length,
    0,
  );
  console.log(
    `Map view (${SEARCH_MAP}): HTML ${gzipSync(mapHtml).length} B gzip; JavaScript a guest downloads ${mapJs} B gzip (${mapScripts.join(", ") || "none"}); the map itself needs none`,
  );
} finally {
  for (const child of children) child.kill("SIGTERM");
  // The servers must let go of the database before it can be dropped.
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (const database of databases)
    await database.drop().catch((error) => console.error(`could not drop the bench database: ${error.message}`));
  rmSync(workDir, { recursive: true, force: true });
}
