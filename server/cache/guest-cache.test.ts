import { eventually } from "#tests/setup/eventually";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, type TestServer } from "#tests/setup/api-harness";
import { actNameReader } from "#tests/setup/act-name-read";
import { acts } from "#modules/acts/server/tables";
import type { SsrHandler } from "#start/app";
import { htmlResponse } from "../http/page-response";

let server: TestServer;
let renders = 0;

const actName = actNameReader("test-act-names");

/**
 * Stands in for React Router: shows who asked and the act's current name, read through the
 * declared read, or (under /undeclared/) straight from the database, which says nothing of what it read.
 */
const ssr: SsrHandler = async (request, context) => {
  renders += 1;
  const path = new URL(request.url).pathname;
  const act = await actName(context, path);
  if (!act) return new Response("missing", { status: 404, headers: { "content-type": "text/html" } });
  const search = new URL(request.url).search;
  return htmlResponse(Buffer.from(`<p>${context.viewer?.name ?? "guest"} sees ${act.name}${search}</p>`), {
    headers: { "content-type": "text/html; charset=utf-8" },
  });
};

beforeAll(async () => {
  server = await createTestServer({ ssr, guestCache: true });
});
afterAll(async () => server.close());

async function get(path: string, cookie?: string | null) {
  const response = await server.request(path, { cookie, headers: { "accept-encoding": "identity" } });
  return { status: response.status, cache: response.headers.get("x-cache"), body: await response.text() };
}

describe("the guest page cache", () => {
  it("leaves the router's own requests alone: their parameters reach the renderer", async () => {
    const seen: string[] = [];
    const echo = await createTestServer({
      guestCache: true,
      ssr: async (request) => {
        seen.push(new URL(request.url).search);
        return new Response("", { status: 204 });
      },
    });
    try {
      await echo.request("/__manifest?paths=%2Fentertainment%2Fdj-nova&version=abc123");
      await echo.request("/entertainment/dj-nova.data?_routes=routes%2Fentertainment.%24actUrl");
      expect(seen).toEqual([
        "?paths=%2Fentertainment%2Fdj-nova&version=abc123",
        "?_routes=routes%2Fentertainment.%24actUrl",
      ]);
    } finally {
      await echo.close();
    }
  });

  it("renders a guest page once and serves it again from memory", async () => {
    const before = renders;
    expect(await get("/entertainment/dj-nova")).toEqual({
      status: 200,
      cache: "miss",
      body: "<p>guest sees DJ Nova</p>",
    });
    expect(await get("/entertainment/dj-nova")).toEqual({
      status: 200,
      cache: "hit",
      body: "<p>guest sees DJ Nova</p>",
    });
    expect(renders - before).toBe(1);
  });

  it("serves the stored page gzipped to clients that accept it", async () => {
    const response = await server.request("/entertainment/dj-nova", { headers: { "accept-encoding": "gzip" } });
    expect(response.headers.get("x-cache")).toBe("hit");
    expect(response.headers.get("content-encoding")).toBe("gzip");
  });

  it("never stores or serves a signed-in page", async () => {
    const cookie = await server.cookieFor("planner");
    const before = renders;
    expect(await get("/entertainment/dj-nova", cookie)).toEqual({
      status: 200,
      cache: null,
      body: "<p>Pat Planner sees DJ Nova</p>",
    });
    expect(await get("/entertainment/dj-nova", cookie)).toMatchObject({
      cache: null,
      body: "<p>Pat Planner sees DJ Nova</p>",
    });
    expect(renders - before).toBe(2);
    expect(await get("/entertainment/dj-nova")).toMatchObject({ cache: "hit", body: "<p>guest sees DJ Nova</p>" });
  });

  it("a request without a valid session is a guest's, whatever cookies it carries", async () => {
    await get("/entertainment/dj-nova");
    const before = renders;
    for (const cookie of [
      "theme=dark",
      "eva.session_token=forged",
      "eva.session_token=forged.signature; other=1",
      "a=b; c=d",
    ]) {
      expect(await get("/entertainment/dj-nova", cookie)).toMatchObject({
        cache: "hit",
        body: "<p>guest sees DJ Nova</p>",
      });
    }
    expect(renders).toBe(before);
  });

  it("keys a page on its path and the query parameters pages read, and renders it for that key", async () => {
    await get("/entertainment/dj-nova");
    const before = renders;
    for (const query of ["?utm_source=x", "?junk=1&more=2", "?"]) {
      expect(await get(`/entertainment/dj-nova${query}`)).toMatchObject({
        cache: "hit",
        body: "<p>guest sees DJ Nova</p>",
      });
    }
    expect(renders).toBe(before);
    // A parameter a page reads is part of the key; unknown ones never reach the stored page.
    expect(await get("/entertainment/dj-nova?redirectTo=%2Fevents&junk=1")).toEqual({
      status: 200,
      cache: "miss",
      body: "<p>guest sees DJ Nova?redirectTo=%2Fevents</p>",
    });
    expect(await get("/entertainment/dj-nova?junk=2&redirectTo=%2Fevents")).toMatchObject({ cache: "hit" });
  });

  it("a write to one act re-renders that act's page and keeps the other acts' pages", async () => {
    await get("/entertainment/dj-nova");
    await get("/entertainment/the-velvet-tones");
    expect((await get("/entertainment/the-velvet-tones")).cache).toBe("hit");
    await server.database.db.update(acts).set({ headline: "New headline" }).where(eq(acts.url, "dj-nova"));
    await eventually(async () => (await get("/entertainment/dj-nova")).cache === "miss");
    expect((await get("/entertainment/the-velvet-tones")).cache).toBe("hit");
    expect((await get("/entertainment/dj-nova")).cache).toBe("hit");
  });

  it("a page that read the database without declaring what it read waits for any act's change", async () => {
    await get("/undeclared/the-velvet-tones");
    expect((await get("/undeclared/the-velvet-tones")).cache).toBe("hit");
    await server.database.db.update(acts).set({ headline: "Another headline" }).where(eq(acts.url, "dj-nova"));
    await eventually(async () => (await get("/undeclared/the-velvet-tones")).cache === "miss");
  });

  it("does not keep error pages", async () => {
    expect((await get("/entertainment/nobody")).status).toBe(404);
    expect((await get("/entertainment/nobody")).cache).toBeNull();
  });

  it("renders afresh after any write to what guest pages read", async () => {
    await get("/entertainment/dj-nova");
    expect((await get("/entertainment/dj-nova")).cache).toBe("hit");
    await server.database.db.update(acts).set({ name: "DJ Nova Live" }).where(eq(acts.url, "dj-nova"));
    await eventually(async () => (await get("/entertainment/dj-nova")).body === "<p>guest sees DJ Nova Live</p>");
    expect(await get("/entertainment/dj-nova")).toMatchObject({ cache: "hit", body: "<p>guest sees DJ Nova Live</p>" });
  });
});
