// `npm run bench`: the guest profile page, side by side in one run, 50 concurrent connections
// each: the same bytes from a bare node:http server in its own process (the physical anchor),
// the cached page, the cached page asked with a junk cookie and with an unknown query
// parameter (both must stay cached), and a first render (a second server with the cache off);
// then /search (a keyword, a place and a radius over the demo catalogue) and a listing page,
// cached and not;
// then the JavaScript a guest downloads. Figures only: nothing here passes or fails.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";

const ACT = "the-velvet-tones"; // the demo act with the most content
// A keyword, a place and a radius over the demo catalogue: the search a planner makes most.
const SEARCH = "/search?searchTerms=jazz&location=Chicago%2C%20IL&radius=50";
// A listing page for search engines over the demo catalogue.
const LISTING = "/hire/wedding/chicago-il";
const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

if (!["build/server/index.js", "build/client", "dist/server.js"].every((path) => existsSync(path))) {
  const built = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

async function waitFor(url) {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    if (i > 300) throw new Error(`${url} did not answer`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const children = [];
const workDir = mkdtempSync(join(tmpdir(), "eva-bench-"));

/** The production server on its own DATA_DIR. */
async function startApp(name, extraEnv = {}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["dist/server.js"], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), DATA_DIR: join(workDir, name), PUBLIC_URL: base, LOG_LEVEL: "silent", DATABASE_URL: "", ...extraEnv },
    stdio: "inherit",
  });
  children.push(child);
  await waitFor(`${base}/healthz`);
  return base;
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
  children.push(spawn(process.execPath, ["-e", source], { stdio: "inherit" }));
  const base = `http://127.0.0.1:${port}`;
  await waitFor(base);
  return base;
}

try {
  const pagePath = `/entertainment/${ACT}`;
  const [cachedBase, uncachedBase] = await Promise.all([startApp("cached"), startApp("uncached", { GUEST_PAGE_CACHE: "0" })]);
  const html = await (await fetch(cachedBase + pagePath)).text();
  const htmlFile = join(workDir, "profile.html");
  writeFileSync(htmlFile, html);
  const bareBase = await startBareStatic(htmlFile);

  const headers = { "accept-encoding": "gzip" };
  const run = (url, extraHeaders = {}) => autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers: { ...headers, ...extraHeaders } });
  await autocannon({ url: cachedBase + pagePath, connections: 10, duration: 2, headers }); // warm up
  await autocannon({ url: uncachedBase + pagePath, connections: 10, duration: 2, headers });
  await autocannon({ url: cachedBase + SEARCH, connections: 10, duration: 1, headers });
  await autocannon({ url: cachedBase + LISTING, connections: 10, duration: 1, headers });

  const results = [
    ["bare static (node:http)", await run(bareBase + "/")],
    ["guest page, cached", await run(cachedBase + pagePath)],
    ["  with a junk cookie", await run(cachedBase + pagePath, { cookie: "theme=dark; eva.session_token=forged" })],
    ["  with an unknown parameter", await run(`${cachedBase + pagePath}?utm_source=bench`)],
    ["guest page, first render", await run(uncachedBase + pagePath)],
    ["/search, cached", await run(cachedBase + SEARCH)],
    ["/search, first render", await run(uncachedBase + SEARCH)],
    ["listing, cached", await run(cachedBase + LISTING)],
    ["listing, first render", await run(uncachedBase + LISTING)],
  ];

  const scripts = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((match) => match[1]).filter((src) => src.startsWith("/"));
  const jsBytes = scripts.map((src) => ({ src, gzip: gzipSync(readFileSync(join("build", "client", src))).length }));
  const guestJs = jsBytes.reduce((total, item) => total + item.gzip, 0);

  const bare = results[0][1].requests.average;
  const cached = results[1][1].requests.average;
  console.log(`\nGuest profile ${pagePath}, ${CONNECTIONS} connections, ${DURATION} s each, gzip\n`);
  console.log(`${"".padEnd(30)} ${"req/s".padStart(8)}   ${"p50".padStart(7)}   ${"p99".padStart(7)}   vs cached   vs bare   errors`);
  for (const [name, result] of results) {
    const rps = result.requests.average;
    console.log(
      `${name.padEnd(30)} ${String(Math.round(rps)).padStart(8)}   ${String(result.latency.p50).padStart(4)} ms   ${String(result.latency.p99).padStart(4)} ms   ${(cached / rps).toFixed(2).padStart(8)}x  ${(bare / rps).toFixed(2).padStart(7)}x   ${result.errors + result.non2xx}`,
    );
  }
  console.log(`\nHTML: ${html.length} bytes, ${gzipSync(html).length} gzip`);
  console.log(`JavaScript a guest downloads: ${guestJs} bytes gzip (aim: under 100 KB)`);
  for (const item of jsBytes) console.log(`  ${item.src}  ${item.gzip} B gzip`);
} finally {
  for (const child of children) child.kill("SIGTERM");
  rmSync(workDir, { recursive: true, force: true });
}
