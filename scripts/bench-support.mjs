// What the benches share: a fresh build, free ports, waiting for a server, a database of their
// own on a PostgreSQL server, a demo account's session, a process's memory, percentiles.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import pg from "pg";

/** Builds the app; figures from a build older than the sources would describe other code. */
export function buildApp() {
  const built = spawnSync("npm", ["run", "build"], { stdio: ["ignore", "ignore", "inherit"] });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

export const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/**
 * Resolves once the address answers 2xx; throws after about 2 minutes: a first start seeds the
 * demo catalogue into a new embedded database, which took over 30 s on a busy 2-core machine.
 */
export async function waitFor(url) {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    if (i > 1200) throw new Error(`${url} did not answer`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A new database on the PostgreSQL server at serverUrl (its role may create databases), and how to drop it. */
export async function createServerDatabase(serverUrl, prefix = "eva_bench") {
  const name = `${prefix}_${Date.now().toString(36)}`;
  const run = async (statement) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      return await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

/**
 * The session cookie of an account on a server (`init` may carry a dispatcher, for a client
 * address of its own; `origin` is the server's public address when it is not `base`).
 */
export async function signIn(base, email, init = {}, origin = base) {
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    ...init,
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email, password: "demo-password" }),
  });
  if (!response.ok) throw new Error(`sign-in as ${email}: ${response.status}`);
  return response.headers
    .getSetCookie()
    .find((value) => value.includes("session_token="))
    .split(";")[0];
}

/** Resident memory of a process, from /proc (Linux). */
export function residentMegabytes(pid) {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]);
    return Number.isFinite(kb) ? `${Math.round(kb / 1024)} MB` : "unknown";
  } catch {
    return "unknown";
  }
}

/**
 * CPU milliseconds a process has used so far (user and system), from /proc (Linux): a row's
 * CPU per request holds steadier than its requests per second on a machine doing other work.
 */
export function cpuMilliseconds(pid) {
  try {
    // The command's name (field 2) may hold spaces; the fields after its closing parenthesis do not.
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(")").at(-1).trim().split(" ");
    // utime and stime are fields 14 and 15, in clock ticks of 1/100 s on Linux.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/** The p-th percentile (0-100) of numbers sorted ascending, rounded to the millisecond. */
export function percentile(sorted, p) {
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);
}
