import { createHash } from "node:crypto";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "#tests/setup/api-harness";
import { pagePolicy, securityHeaders } from "./security-headers";

const INLINE = 'window.__context = {"a":1};';
const PAGE = `<!doctype html><html><head><script type="application/ld+json">{"@type":"Thing"}</script></head><body><script src="/assets/app.js"></script><script>${INLINE}</script></body></html>`;

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({
    ssr: async () => new Response(PAGE, { headers: { "content-type": "text/html; charset=utf-8" } }),
  });
});
afterAll(async () => server.close());

function directives(policy: string | null): Record<string, string[]> {
  return Object.fromEntries(
    (policy ?? "")
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );
}

function expectCommonHeaders(response: Response) {
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  expect(directives(response.headers.get("content-security-policy"))["frame-ancestors"]).toEqual(["'none'"]);
}

describe("security headers", () => {
  it("a page allows only our scripts and its own inline scripts, by hash; no plugins, no <base>, never framed", async () => {
    const response = await server.request("/entertainment/the-velvet-tones");
    expectCommonHeaders(response);
    const policy = directives(response.headers.get("content-security-policy"));
    const hash = `'sha256-${createHash("sha256").update(INLINE).digest("base64")}'`;
    expect(policy["script-src"]).toEqual(["'self'", hash]);
    expect(policy["object-src"]).toEqual(["'none'"]);
    expect(policy["base-uri"]).toEqual(["'none'"]);
    expect(policy["script-src"]).not.toContain("'unsafe-inline'");
  });

  it("an API answer and a file carry them too", async () => {
    const api = await server.request("/api/tags");
    expectCommonHeaders(api);
    expect(directives(api.headers.get("content-security-policy"))["default-src"]).toEqual(["'none'"]);
    const missing = await server.request("/api/no-such-thing");
    expectCommonHeaders(missing);
    const file = await server.request("/files/images/nothing.png");
    expectCommonHeaders(file);
    expect(file.headers.get("content-security-policy")).toMatch(/(^|;\s*)sandbox(;|$)/);
  });

  it("HSTS only when the public address is https", async () => {
    const app = (https: boolean) =>
      new Hono().use("*", securityHeaders({ https })).get("/", (c) => c.json({ ok: true }));
    expect((await app(true).request("/")).headers.get("strict-transport-security")).toBe(
      "max-age=31536000; includeSubDomains",
    );
    expect((await app(false).request("/")).headers.get("strict-transport-security")).toBeNull();
  });

  it("a map's style host may be fetched from and shown, but never run script or take a worker (MAP_STYLE_URL)", () => {
    const policy = directives(pagePolicy(PAGE, { mapHosts: ["https://tiles.example"] }));
    expect(policy["connect-src"]).toEqual(["'self'", "https://tiles.example"]);
    expect(policy["img-src"]).toContain("https://tiles.example");
    expect(policy["script-src"]).not.toContain("https://tiles.example");
    // MapLibre's worker comes from our origin: workers fall back to script-src, which allows no blob:.
    expect(policy["worker-src"]).toBeUndefined();
    expect(policy["script-src"]).not.toContain("blob:");
    expect(directives(pagePolicy(PAGE))["connect-src"]).toEqual(["'self'"]);
  });
});
