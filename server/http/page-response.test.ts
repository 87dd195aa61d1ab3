import { createHash } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "#tests/setup/api-harness";
import { htmlResponse } from "./page-response";

/**
 * A page from the renderer (app/entry.server.tsx) carries its own bytes, and the server
 * finishes it from them: its policy, its compression, the guest cache's copy. What a browser
 * receives must be the same page, whatever the encoding.
 */
const INLINE = 'window.__greeting = "Grüße — 🎷";';
const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Café Crème</title></head><body><p>${"Jazz für alle. ".repeat(200)}</p><script>${INLINE}</script></body></html>`;

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({
    ssr: async () =>
      htmlResponse(Buffer.from(PAGE, "utf8"), { status: 200, headers: { "content-type": "text/html; charset=utf-8" } }),
  });
});
afterAll(async () => server.close());

const page = (acceptEncoding: string) =>
  server.request("/entertainment/the-velvet-tones", { headers: { "accept-encoding": acceptEncoding } });

describe("a rendered page, finished", () => {
  it("is compressed for a client that takes gzip, and decompresses to the page", async () => {
    const response = await page("br, gzip;q=0.8");
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(gunzipSync(Buffer.from(await response.arrayBuffer())).toString("utf8")).toBe(PAGE);
  });

  it("is sent as it is to a client that refuses gzip or names none", async () => {
    for (const header of ["identity", "gzip;q=0", "*;q=0", ""]) {
      const response = await page(header);
      expect(response.headers.get("content-encoding")).toBeNull();
      expect(await response.text()).toBe(PAGE);
    }
  });

  it("its policy allows its inline script by the hash of the script's UTF-8, whatever the characters", async () => {
    const hash = `'sha256-${createHash("sha256").update(INLINE, "utf8").digest("base64")}'`;
    for (const header of ["gzip", "identity"]) {
      const policy = (await page(header)).headers.get("content-security-policy") ?? "";
      expect(
        policy
          .split(";")
          .find((part) => part.trim().startsWith("script-src"))
          ?.trim()
          .split(/\s+/),
      ).toEqual(["script-src", "'self'", hash]);
    }
  });
});

describe("what a signed-in caller reads", () => {
  it("is private and never stored: pages and API answers alike; a guest's page is not marked so", async () => {
    for (const path of ["/entertainment/the-velvet-tones", "/api/me", "/api/notifications", "/api/events"]) {
      const response = await server.get(path, "planner");
      expect(response.status, path).toBe(200);
      expect(response.headers.get("cache-control"), path).toBe("private, no-store");
    }
    expect((await server.request("/entertainment/the-velvet-tones")).headers.get("cache-control")).not.toBe(
      "private, no-store",
    );
  });
});

describe("an event's calendar file that is not the caller's", () => {
  it("is a 404, not a failure: another planner's, a cancelled one, one that does not exist", async () => {
    const created = await server.post("/api/events/create", "planner", {
      name: "Soon Off",
      starttime: "2031-05-01T19:00",
      location: "Chicago, IL",
    });
    const { url } = ((await created.json()) as { data: { url: string } }).data;
    expect((await server.get(`/calendar/events/${url}.ics`, "planner")).status).toBe(200);
    expect((await server.get(`/calendar/events/${url}.ics`, "otherPlanner")).status).toBe(404);
    expect((await server.get("/calendar/events/no-such-event.ics", "planner")).status).toBe(404);
    expect((await server.post(`/api/events/cancel/${url}`, "planner")).status).toBe(200);
    const cancelled = await server.get(`/calendar/events/${url}.ics`, "planner");
    expect(cancelled.status).toBe(404);
    expect(await cancelled.text()).not.toMatch(/Something went wrong/);
  });
});
