import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, json, type TestServer } from "#tests/setup/api-harness";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

describe("health", () => {
  it("answers liveness and readiness", async () => {
    const live = await server.request("/healthz");
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: "ok" });
    expect((await server.request("/readyz")).status).toBe(200);
  });

  it("gives every response a request id", async () => {
    const response = await server.request("/healthz", { headers: { "x-request-id": "abc-123" } });
    expect(response.headers.get("x-request-id")).toBe("abc-123");
    expect((await server.request("/healthz")).headers.get("x-request-id")).toMatch(/[0-9a-f-]{36}/);
  });
});

describe("the error shape of every failed /api call", () => {
  it("an unknown /api route is a JSON 404", async () => {
    const response = await server.request("/api/no-such-thing");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "No such endpoint: GET /api/no-such-thing", code: "not_found" });
    expect(
      (await server.request("/api/acts/x/y/z", { method: "POST", json: {}, cookie: await server.cookieFor("owner") }))
        .status,
    ).toBe(404);
    // A guest's write is refused for want of a session before anything else is said.
    expect((await server.request("/api/acts/x/y/z", { method: "POST", json: {} })).status).toBe(401);
  });

  it("malformed JSON, a non-object body and a non-JSON body are 400", async () => {
    const malformed = await server.request("/api/auth/sign-in/email", {
      body: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: "bad_request" });

    const array = await server.request("/api/auth/sign-in/email", { json: [1, 2] });
    expect(array.status).toBe(400);
    expect(await array.json()).toMatchObject({ code: "bad_request" });

    const text = await server.request("/api/auth/sign-in/email", {
      body: "email=a",
      headers: { "content-type": "text/plain" },
    });
    expect(text.status).toBe(400);
    expect(await text.json()).toEqual({ message: "The request body must be JSON", code: "bad_request" });
  });

  it("a body of the wrong types is 400 with the fields named", async () => {
    const response = await server.request("/api/auth/sign-in/email", { json: { email: 42, password: ["x"] } });
    expect(response.status).toBe(400);
    const body = await json<{ code: string; errors: Record<string, string[]> }>(response);
    expect(body.code).toBe("bad_request");
    expect(Object.keys(body.errors).sort()).toEqual(["email", "password"]);
  });

  it("an oversized body is 413 and changes nothing", async () => {
    const response = await server.request("/api/auth/sign-up/email", {
      json: { name: "x".repeat(300_000), email: "big@example.com", password: "long-enough", role: "PLANNER" },
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: "The request body is too large", code: "payload_too_large" });
    const signIn = await server.request("/api/auth/sign-in/email", {
      json: { email: "big@example.com", password: "long-enough" },
    });
    expect(signIn.status).toBe(401);
  });

  it("a cookie-authenticated POST from a foreign Origin is refused", async () => {
    const cookie = await server.cookieFor("planner");
    const foreign = await server.request("/api/auth/sign-out", {
      json: {},
      cookie,
      headers: { origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toEqual({ message: "Requests from another site are not allowed", code: "forbidden" });
    const crossSite = await server.request("/api/auth/sign-out", {
      json: {},
      cookie,
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(crossSite.status).toBe(403);
    // A forged Host with an Origin to match is still another site: ours is PUBLIC_URL's.
    const forgedHost = await server.request("http://evil.example/api/auth/sign-out", {
      json: {},
      cookie,
      headers: { host: "evil.example", origin: "http://evil.example" },
    });
    expect(forgedHost.status).toBe(403);
    const loopbackAlias = await server.request("/api/notifications/read", {
      json: {},
      cookie,
      headers: { origin: "http://127.0.0.1:3000" },
    });
    expect(loopbackAlias.status).not.toBe(403);
    // Still signed in: the forged sign-out did nothing.
    expect((await server.request("/api/me", { cookie })).status).toBe(200);
  });

  it("the OpenAPI document describes the endpoints and the docs page serves", async () => {
    const doc = await json<{ openapi: string; paths: Record<string, unknown> }>(
      await server.request("/api/openapi.json"),
    );
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/me", "/tags", "/acts/{actUrl}"]));
    const full = await json<{
      servers: { url: string }[];
      components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
    }>(await server.request("/api/openapi.json"));
    expect(full.servers).toEqual([{ url: "http://localhost:3000/api" }]);
    expect(full.components.securitySchemes.sessionCookie).toMatchObject({
      type: "apiKey",
      in: "cookie",
      name: "eva.session_token",
    });
    const docs = await server.request("/api/docs");
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain("openapi.json");
  });
});

describe("when the database stops answering", () => {
  it("a 5xx carries no stack trace and readiness fails", async () => {
    const other = await createTestServer();
    await other.database.close();
    const response = await other.request("/api/tags");
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ message: "Something went wrong", code: "internal" });
    expect(text).not.toMatch(/at .*\.ts:\d+/);
    expect((await other.request("/readyz")).status).toBe(503);
    await other.close().catch(() => undefined);
  });
});

describe("methods the API does not answer", () => {
  it("a known path asked with another method is 405 with Allow; an unknown path is 404", async () => {
    // TRACE itself cannot be sent through fetch's Request; tests/e2e/api-methods.test.ts sends it over a socket.
    const cookie = await server.cookieFor("planner");
    const wrong = await server.request("/api/acts/dj-nova", { method: "DELETE", cookie });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("GET, HEAD");
    expect((await json<{ code: string }>(wrong)).code).toBe("method_not_allowed");
    const entries = await server.request("/api/seo/entries/7", { method: "PATCH", cookie, json: {} });
    expect(entries.status).toBe(405);
    expect(entries.headers.get("allow")).toBe("DELETE, GET, HEAD, PUT");
    expect((await server.request("/api/no-such-thing", { cookie })).status).toBe(404);
    expect((await server.request("/api/no-such-thing", { method: "DELETE", cookie })).status).toBe(404);
  });
});
