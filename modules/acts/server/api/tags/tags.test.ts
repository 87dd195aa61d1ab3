import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TAG_TYPES } from "#domain/tags";
import { createTestServer, json, type TestServer } from "#tests/setup/api-harness";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

describe("GET /api/tags", () => {
  it.each(["guest", "planner", "owner", "admin"] as const)("lists tags of all six types for %s", async (role) => {
    const response = await server.request("/api/tags", { cookie: await server.cookieFor(role) });
    expect(response.status).toBe(200);
    const { data } = await json<{ data: { id: number; name: string; type: string }[] }>(response);
    expect(new Set(data.map((tag) => tag.type))).toEqual(new Set(TAG_TYPES));
    expect(data.find((tag) => tag.name === "Motown")).toMatchObject({ type: "Genre" });
  });
});

describe("GET /api/me", () => {
  it.each([
    ["planner", "PLANNER"],
    ["owner", "ARTIST"],
    ["admin", "ADMIN"],
  ] as const)("answers %s with their role", async (role, expected) => {
    const { data } = await json<{ data: Record<string, string> }>(
      await server.request("/api/me", { cookie: await server.cookieFor(role) }),
    );
    expect(Object.keys(data).sort()).toEqual(["email", "id", "name", "role", "url"]);
    expect(data.role).toBe(expected);
  });
});
