import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SsrHandler } from "#start/app";
import { eventually } from "#tests/setup/eventually";
import { createTestServer, type TestServer } from "#tests/setup/api-harness";
import { actNameReader } from "#tests/setup/act-name-read";
import { KEPT_TAG_PREFIXES } from "../db/change-notices";
import { rowsOf } from "../db/rows-of";
import { htmlResponse } from "../http/page-response";
import { createStoredPages } from "./stored-pages";

const BUILD = "test-build";
let server: TestServer;
let renders = 0;

const actName = actNameReader("stored-test-act-names");

/** Stands in for React Router: the act's name, read as declared or (under /undeclared/) straight from the database. */
/** What the last render was given to keep: its reads, its parts. */
let lastKeeping: { reads: boolean; parts: boolean | undefined } | undefined;

const ssr: SsrHandler = async (request, context) => {
  renders += 1;
  lastKeeping = { reads: context.readCache !== undefined, parts: context.keepParts };
  const path = new URL(request.url).pathname;
  const act = await actName(context, path);
  if (!act) return new Response("missing", { status: 404, headers: { "content-type": "text/html" } });
  // A page that asks not to be indexed (a thin listing), as React renders its head.
  const head = path.startsWith("/thin/") ? '<head><meta name="robots" content="noindex, follow"/></head>' : "";
  return htmlResponse(Buffer.from(`${head}<p>guest sees ${act.name}</p>`), {
    headers: { "content-type": "text/html; charset=utf-8" },
  });
};

beforeAll(async () => {
  server = await createTestServer({ ssr, guestCache: true, storedPages: BUILD });
});
afterAll(async () => server.close());

async function get(path: string) {
  const response = await server.request(path, { headers: { "accept-encoding": "identity" } });
  return { status: response.status, cache: response.headers.get("x-cache"), body: await response.text() };
}

const stored = () => createStoredPages(server.database.db, BUILD);
/** Waits until the page a render stored is there (it is stored after the answer). */
const storedNow = (key: string) => eventually(async () => (await stored().missing([key])).length === 0);
/** What this server keeps in memory forgotten, as on a server that never showed the page. */
const forgetMemory = () => server.readCache!.invalidateAll();

async function rename(url: string, name: string) {
  expect((await server.post(`/api/acts/update/${url}`, "admin", { name })).status).toBe(200);
}

describe("guests' pages stored for every server", () => {
  it("serves a page another render stored, with one look and no render, then keeps it", async () => {
    const first = await get("/entertainment/dj-nova");
    expect(first).toMatchObject({ status: 200, cache: "miss" });
    await storedNow("/entertainment/dj-nova");
    forgetMemory();
    const before = renders;
    expect(await get("/entertainment/dj-nova")).toEqual({ ...first, cache: "stored" });
    expect(await get("/entertainment/dj-nova")).toEqual({ ...first, cache: "hit" });
    expect(renders).toBe(before);
    // A client without gzip gets the same bytes, unzipped from what was stored.
    forgetMemory();
    expect((await get("/entertainment/dj-nova")).body).toBe(first.body);
  });

  it("does not serve a page of an act changed since, and stores the new render", async () => {
    await get("/entertainment/the-velvet-tones");
    await storedNow("/entertainment/the-velvet-tones");
    await rename("the-velvet-tones", "The Velvet Tones Live");
    forgetMemory();
    expect(await get("/entertainment/the-velvet-tones")).toEqual({
      status: 200,
      cache: "miss",
      body: "<p>guest sees The Velvet Tones Live</p>",
    });
    await storedNow("/entertainment/the-velvet-tones");
    forgetMemory();
    expect((await get("/entertainment/the-velvet-tones")).cache).toBe("stored");
  });

  it("keeps an act's page good when another act changes; a page of any act is not", async () => {
    await get("/entertainment/dj-nova");
    await get("/undeclared/dj-nova");
    await storedNow("/entertainment/dj-nova");
    await storedNow("/undeclared/dj-nova");
    await rename("the-velvet-tones", "The Velvet Tones");
    forgetMemory();
    expect((await get("/entertainment/dj-nova")).cache).toBe("stored");
    expect((await get("/undeclared/dj-nova")).cache).toBe("miss");
  });

  it("never serves a page made from a snapshot that did not see a change committed since", async () => {
    const pages = stored();
    const key = "/entertainment/dj-nova";
    // A render begins (its snapshot taken), the act changes and commits, the render is stored after.
    const { snapshot } = await pages.look(key);
    await rename("dj-nova", "DJ Nova Live");
    await pages.save(key, snapshot, {
      gzip: new Uint8Array(0),
      headers: [["content-type", "text/html"]],
      memo: undefined,
      dependsOn: ["act:dj-nova"],
    });
    expect((await pages.look(key)).page).toBeUndefined();
    expect(await pages.missing([key])).toEqual([key]);
    forgetMemory();
    expect(await get(key)).toMatchObject({ cache: "miss", body: "<p>guest sees DJ Nova Live</p>" });
  });

  it("counts a stale page made since a given time as not missing, for the round that makes pages again", async () => {
    const key = "/entertainment/dj-nova";
    await get(key);
    await storedNow(key);
    await rename("dj-nova", "DJ Nova");
    const pages = stored();
    expect(await pages.missing([key])).toEqual([key]);
    expect(await pages.missing([key], { madeBefore: new Date(Date.now() - 60_000) })).toEqual([]);
    expect(await pages.missing([key], { madeBefore: new Date(Date.now() + 60_000) })).toEqual([key]);
  });

  it("makes a page ahead: stored for every server, and nothing of it kept in this server's memory", async () => {
    const key = "/entertainment/keynote-kim";
    expect(await stored().missing([key])).toEqual([key]);
    const made = await server.app.fetch(server.guestCache!.requestAhead(`http://localhost${key}`));
    expect([made.status, made.headers.get("x-cache")]).toEqual([200, "miss"]);
    expect(lastKeeping).toEqual({ reads: false, parts: false });
    // Stored once its answer is done.
    expect(await stored().missing([key])).toEqual([]);
    // Not kept in memory: the first guest is answered from the store, and only then is it kept.
    const before = renders;
    expect((await get(key)).cache).toBe("stored");
    expect((await get(key)).cache).toBe("hit");
    expect(renders).toBe(before);
    // A guest's own render keeps its reads and parts as before.
    expect((await get("/thin/the-velvet-tones")).cache).toBe("miss");
    expect(lastKeeping).toEqual({ reads: true, parts: true });
  });

  it("never serves a page of another build", async () => {
    await get("/entertainment/dj-nova");
    await storedNow("/entertainment/dj-nova");
    const other = createStoredPages(server.database.db, "another-build");
    expect((await other.look("/entertainment/dj-nova")).page).toBeUndefined();
    expect(await other.missing(["/entertainment/dj-nova"])).toEqual(["/entertainment/dj-nova"]);
  });

  it("records the changes a guest's page can depend on, and only those", async () => {
    const recorded = async (tag: string) => {
      await server.database.db.execute(sql`select notify_change(${tag})`);
      const rows = await rowsOf<{ tag: string }>(
        server.database.db.execute(sql`select tag from tag_changes where tag in (${tag}, 'all')`),
      );
      return rows.map((row) => row.tag).sort();
    };
    await server.database.db.execute(sql`delete from tag_changes where tag = 'all'`);
    // Every kind of tag a server keeps values under but an act's is no guest's page.
    for (const prefix of KEPT_TAG_PREFIXES.filter((prefix) => prefix !== "act:"))
      expect(await recorded(prefix.endsWith(":") ? `${prefix}x` : prefix)).toEqual([]);
    expect(await recorded("act:nobody-yet")).toEqual(["act:nobody-yet"]);
    // Anything else is "anything may have changed" to a server, and to every stored page.
    await get("/entertainment/dj-nova");
    await storedNow("/entertainment/dj-nova");
    expect(await recorded("tags-renamed")).toEqual(["all"]);
    expect(await stored().missing(["/entertainment/dj-nova"])).toEqual(["/entertainment/dj-nova"]);
  });

  it("stores only indexable pages at addresses without a query: what strangers type cannot fill the database", async () => {
    const count = async () =>
      (await rowsOf<{ n: number }>(server.database.db.execute(sql`select count(*)::int as n from stored_pages`)))[0]!.n;
    await get("/entertainment/dj-nova");
    await storedNow("/entertainment/dj-nova");
    const before = await count();
    expect((await get("/entertainment/dj-nova?redirectTo=%2Fanything-at-all")).cache).toBe("miss");
    expect((await get("/thin/dj-nova")).cache).toBe("miss");
    // Both answered and kept in memory as before, and neither looked for nor stored.
    expect((await get("/entertainment/dj-nova?redirectTo=%2Fanything-at-all")).cache).toBe("hit");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await count()).toBe(before);
    forgetMemory();
    expect((await get("/thin/dj-nova")).cache).toBe("miss");
  });

  it("refuses nothing and stores nothing for a key PostgreSQL cannot hold", async () => {
    const pages = stored();
    expect((await pages.look("/entertainment/a\u0000b")).page).toBeUndefined();
    expect(await pages.missing(["/entertainment/a\u0000b"])).toEqual([]);
  });
});
