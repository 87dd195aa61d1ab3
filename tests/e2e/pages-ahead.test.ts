import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "#tests/setup/eventually";
import { startAppServer } from "./app-server";
import { sessionsFor } from "./demo-sessions";

/**
 * The sitemap's pages stored ahead of a crawler's first look (decision 0067): a server with the
 * `pages_ahead` round on stores every profile and listing when it starts, and answers each first
 * asking from the database. What it answers must be the page React Router renders: a second
 * server over a copy of the same seeded data, with the same public address and nothing kept
 * (GUEST_PAGE_CACHE=0, GUEST_DOCUMENT=0), renders each for comparison.
 */
const PUBLIC_URL = "http://eva.test";
let ahead: Awaited<ReturnType<typeof startAppServer>>;
let routed: Awaited<ReturnType<typeof startAppServer>>;

beforeAll(async () => {
  [ahead, routed] = await Promise.all([
    startAppServer({ PUBLIC_URL, PAGES_AHEAD: "1" }),
    startAppServer({ PUBLIC_URL, GUEST_PAGE_CACHE: "0", GUEST_DOCUMENT: "0" }),
  ]);
});
afterAll(async () => {
  await Promise.all([ahead?.stop(), routed?.stop()]);
});

async function ask(base: string, path: string) {
  const response = await fetch(base + path, { headers: { "accept-encoding": "gzip" } });
  return {
    cache: response.headers.get("x-cache"),
    page: {
      status: response.status,
      type: response.headers.get("content-type"),
      policy: response.headers.get("content-security-policy"),
      body: await response.text(),
    },
  };
}

describe("pages stored ahead", () => {
  it("answers every profile and listing of the sitemap from the store, as React Router renders it", async () => {
    const admin = (await sessionsFor(ahead.baseUrl)("admin"))!;
    // The round the server asks for at start: done once the admins' list says so.
    for (const until = Date.now() + 150_000; ; ) {
      const jobs = await fetch(`${ahead.baseUrl}/api/admin/jobs?kind=pages_ahead&state=done`, {
        headers: { cookie: admin },
      });
      if (((await jobs.json()) as { meta: { total: number } }).meta.total > 0) break;
      if (Date.now() > until) throw new Error("the pages_ahead round was not done in 150 s");
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const sitemap = await (await fetch(`${ahead.baseUrl}/sitemap.xml`)).text();
    const paths = [...sitemap.matchAll(/<loc>[^<]*?(\/(?:entertainment|hire)\/[^<]+)<\/loc>/g)].map(
      (match) => match[1]!,
    );
    expect(paths.filter((path) => path.startsWith("/entertainment/")).length).toBe(322);
    expect(paths.filter((path) => path.startsWith("/hire/")).length).toBeGreaterThan(100);
    const notStored: string[] = [];
    const differ: string[] = [];
    for (let start = 0; start < paths.length; start += 4) {
      await Promise.all(
        paths.slice(start, start + 4).map(async (path) => {
          const [mine, theirs] = await Promise.all([ask(ahead.baseUrl, path), ask(routed.baseUrl, path)]);
          if (mine.cache !== "stored") notStored.push(`${path}: ${mine.cache}`);
          if (JSON.stringify(mine.page) !== JSON.stringify(theirs.page)) differ.push(path);
        }),
      );
    }
    expect(notStored).toEqual([]);
    expect(differ).toEqual([]);
  }, 300_000);

  it("does not answer from the store a page whose act changed since, nor a listing of any act", async () => {
    const owner = (await sessionsFor(ahead.baseUrl)("owner"))!;
    const listing = "/hire/wedding/chicago-il";
    // Kept in memory now: forgotten by the change's notice as the stored page must be.
    expect((await ask(ahead.baseUrl, "/entertainment/the-velvet-tones")).page.body).toContain("The Velvet Tones");
    const renamed = await fetch(`${ahead.baseUrl}/api/acts/update/the-velvet-tones`, {
      method: "POST",
      headers: { cookie: owner, origin: PUBLIC_URL, "content-type": "application/json" },
      body: JSON.stringify({ name: "The Velvet Tones Revue" }),
    });
    expect(renamed.status).toBe(200);
    await eventually(async () => {
      const profile = await ask(ahead.baseUrl, "/entertainment/the-velvet-tones");
      return profile.cache === "miss" && profile.page.body.includes("The Velvet Tones Revue");
    });
    const again = await ask(ahead.baseUrl, listing);
    expect(again.cache).toBe("miss");
    expect(again.page.status).toBe(200);
  });
});
