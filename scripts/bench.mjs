// `npm run bench`: the guest profile page against the same HTML served as a static file by
// the same production server, 50 concurrent connections each, and the JavaScript a guest
// downloads. Figures only: nothing here passes or fails.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";

const ACT = "the-velvet-tones"; // the demo act with the most content
const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

if (!["build/server/index.js", "build/client", "dist/server.js"].every((path) => existsSync(path))) {
  const built = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const port = await new Promise((resolve) => {
  const probe = createServer().listen(0, "127.0.0.1", () => {
    const { port: free } = probe.address();
    probe.close(() => resolve(free));
  });
});
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), "eva-bench-"));
const server = spawn(process.execPath, ["dist/server.js"], {
  env: { ...process.env, NODE_ENV: "production", PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: base, LOG_LEVEL: "silent", DATABASE_URL: "" },
  stdio: "inherit",
});
const staticDir = join("build", "client", "__bench");

try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {}
    if (i > 300) throw new Error("server did not start");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const pagePath = `/entertainment/${ACT}`;
  const html = await (await fetch(base + pagePath)).text();
  mkdirSync(staticDir, { recursive: true });
  writeFileSync(join(staticDir, "profile.html"), html);

  const headers = { "accept-encoding": "gzip" };
  const run = (path) =>
    autocannon({ url: base + path, connections: CONNECTIONS, duration: DURATION, headers });
  await autocannon({ url: base + pagePath, connections: 10, duration: 2, headers }); // warm up
  const page = await run(pagePath);
  const file = await run("/__bench/profile.html");
  // Every request a new address, so none is served from the guest page cache.
  let n = 0;
  const uncached = await autocannon({
    url: base + pagePath,
    connections: CONNECTIONS,
    duration: DURATION,
    headers,
    requests: [{ setupRequest: (request) => ({ ...request, path: `${pagePath}?bench=${n++}` }) }],
  });

  const scripts = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((match) => match[1]).filter((src) => src.startsWith("/"));
  const jsBytes = scripts.map((src) => {
    const body = readFileSync(join("build", "client", src));
    return { src, gzip: gzipSync(body).length };
  });
  const guestJs = jsBytes.reduce((total, item) => total + item.gzip, 0);

  const row = (name, result) =>
    `${name.padEnd(26)} ${String(Math.round(result.requests.average)).padStart(8)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms   errors ${result.errors + result.non2xx}`;
  console.log(`\nGuest profile ${pagePath}, ${CONNECTIONS} connections, ${DURATION} s each, gzip\n`);
  console.log(row("server-rendered page", page));
  console.log(row("same HTML as static file", file));
  console.log(row("page, cache bypassed", uncached));
  console.log(`\nstatic/page throughput ratio: ${(file.requests.average / page.requests.average).toFixed(2)}x (aim: at most 3x)`);
  console.log(`page p99: ${page.latency.p99} ms (aim: under 50 ms)`);
  console.log(`HTML: ${html.length} bytes, ${gzipSync(html).length} gzip`);
  console.log(`JavaScript a guest downloads: ${guestJs} bytes gzip (aim: under 100 KB)`);
  for (const item of jsBytes) console.log(`  ${item.src}  ${item.gzip} B gzip`);
} finally {
  rmSync(staticDir, { recursive: true, force: true });
  server.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
}
