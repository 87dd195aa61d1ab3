import { createServer, type Server } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { Agent, fetch as fetchFrom } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_CONCURRENCY } from "../../domain/limits";
import { createTestServer, type TestServer } from "../../tests/setup/api-harness";

/**
 * Over real sockets, as a client would reach the server: an in-process call never waits on the
 * event loop, so it could not show a query holding it.
 */

let server: TestServer;
let http: Server;
let base: string;
beforeAll(async () => {
  server = await createTestServer();
  http = createServer(getRequestListener(server.app.fetch));
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(http.address() as { port: number }).port}`;
});
afterAll(async () => {
  http?.close();
  await server.close();
});

/** The probe's expensive search, made different each time so that no cache answers it. */
const search = (n: number) => `/api/acts?location=Chicago%2C%20IL&radius=${50 + (n % 400)}&perPage=50&sort=rating&searchTerms=soul${n}`;

/** A client of its own: requests from one loopback address. */
function client(address: string) {
  const dispatcher = new Agent({ localAddress: address, connections: 100 });
  return {
    get: async (path: string, headers: Record<string, string> = {}) => {
      const response = await fetchFrom(`${base}${path}`, { dispatcher, headers });
      return { status: response.status, retryAfter: response.headers.get("retry-after"), body: (await response.json()) as Record<string, unknown> };
    },
    close: () => dispatcher.close(),
  };
}

/** How long /healthz takes to answer, asked from an address of its own. */
async function healthzMs(): Promise<number> {
  const probe = client("127.0.5.250");
  const started = performance.now();
  expect((await probe.get("/healthz")).status).toBe(200);
  const ms = performance.now() - started;
  await probe.close();
  return ms;
}

describe("one client's burst of searches", () => {
  it("60 at once: at most 4 run, the rest are 429 at once, and /healthz answers within a second", async () => {
    const burst = client("127.0.5.1");
    const answers = Array.from({ length: 60 }, (_, n) => burst.get(search(n)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const health = await healthzMs();
    const settled = await Promise.all(answers);
    const ran = settled.filter((answer) => answer.status === 200);
    const refused = settled.filter((answer) => answer.status === 429);
    console.log(`one client, 60 searches: ${ran.length} ran, ${refused.length} refused; /healthz ${health.toFixed(0)} ms`);
    expect(health).toBeLessThan(1000);
    // Over sockets the searches arrive over some milliseconds, and a place freed is taken again.
    expect(ran.length).toBeGreaterThanOrEqual(1);
    expect(refused.length).toBeGreaterThan(0);
    expect(ran.length + refused.length).toBe(60);
    expect(refused[0]).toMatchObject({ body: { code: "rate_limited" }, retryAfter: "1" });
    // Another client is not held back by this one's limit, and this one may search again once done.
    const other = client("127.0.5.2");
    expect((await other.get(search(99))).status).toBe(200);
    expect((await burst.get(search(100))).status).toBe(200);
    await Promise.all([burst.close(), other.close()]);
  });

  it("60 searches from 60 clients all run, and /healthz still answers within a second: the database works in its own thread", async () => {
    const clients = Array.from({ length: 60 }, (_, n) => client(`127.0.6.${n + 1}`));
    const answers = clients.map((each, n) => each.get(search(300 + n)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const health = await healthzMs();
    const statuses = (await Promise.all(answers)).map((answer) => answer.status);
    console.log(`60 clients, a search each: /healthz ${health.toFixed(0)} ms`);
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(health).toBeLessThan(1000);
    await Promise.all(clients.map((each) => each.close()));
  });

  it("arriving all at once, exactly 4 run", async () => {
    const answers = await Promise.all(Array.from({ length: 60 }, (_, n) => server.request(search(500 + n), { ip: "198.51.100.60" })));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(CLIENT_CONCURRENCY);
    expect(statuses.filter((status) => status === 429)).toHaveLength(60 - CLIENT_CONCURRENCY);
  });

  it("a signed-in client is one client whatever its address", async () => {
    const cookie = (await server.cookieFor("planner"))!;
    const clients = Array.from({ length: 12 }, (_, n) => client(`127.0.7.${n + 1}`));
    const statuses = (await Promise.all(clients.map((each, n) => each.get(search(200 + n), { cookie })))).map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(CLIENT_CONCURRENCY);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(12 - CLIENT_CONCURRENCY);
    await Promise.all(clients.map((each) => each.close()));
  });
});
