import { readFileSync } from "node:fs";
import { join } from "node:path";
import { validateXML } from "xmllint-wasm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestServer, json, type TestServer } from "#tests/setup/api-harness";
import { seedCatalogue } from "#start/demo/catalogue";
import { PROJECT_ROOT } from "#server/paths";

const SCHEMAS = join(PROJECT_ROOT, "tests", "fixtures", "sitemaps");
const sitemapXsd = { fileName: "sitemap.xsd", contents: readFileSync(join(SCHEMAS, "sitemap.xsd"), "utf8") };
const siteindexXsd = { fileName: "siteindex.xsd", contents: readFileSync(join(SCHEMAS, "siteindex.xsd"), "utf8") };

/** xmllint (libxml2 in WebAssembly) against the sitemaps.org schema shipped in the repo. */
async function schemaErrors(xml: string, index = false): Promise<string[]> {
  const result = await validateXML({
    xml: { fileName: "sitemap.xml", contents: xml },
    schema: index ? siteindexXsd : sitemapXsd,
    preload: index ? [sitemapXsd] : [],
  });
  return result.errors.map((error) => error.rawMessage);
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);

let server: TestServer;
let small: TestServer;
beforeAll(async () => {
  [server, small] = await Promise.all([
    createTestServer({ guestCache: true }),
    createTestServer({ sitemapMaxUrls: 100 }),
  ]);
  await seedCatalogue(server.database, { storage: server.storage });
  await seedCatalogue(small.database, { storage: small.storage, count: 150 });
}, 120_000);
afterAll(async () => Promise.all([server.close(), small.close()]));

const ORIGIN = "http://localhost:3000";

describe("/robots.txt", () => {
  it("names the sitemap and keeps robots out of private pages and the API", async () => {
    const response = await server.request("/robots.txt");
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    for (const path of ["/api/", "/admin/", "/documents", "/events", "/invites", "/my-acts", "/login"])
      expect(text).toContain(`Disallow: ${path}\n`);
    expect(text).not.toMatch(/Disallow: \/\n/);
  });
});

describe("/sitemap.xml", () => {
  it("is valid, lists every public profile with lastmod, and no act that is not public", async () => {
    const response = await server.request("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const xml = await response.text();
    expect(await schemaErrors(xml)).toEqual([]);
    const urls = locs(xml);
    const profiles = urls.filter((url) => url.startsWith(`${ORIGIN}/entertainment/`));
    expect(profiles).toHaveLength(322);
    expect(profiles).toContain(`${ORIGIN}/entertainment/the-velvet-tones`);
    for (const hidden of ["keynote-kim", "pending-act", "draft-act", "declined-act"])
      expect(urls).not.toContain(`${ORIGIN}/entertainment/${hidden}`);
    expect(xml).toMatch(
      /<url><loc>http:\/\/localhost:3000\/entertainment\/the-velvet-tones<\/loc><lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod><\/url>/,
    );
    expect(new Set(urls).size).toBe(urls.length);
  });

  it("lists the listing pages with at least three acts, each exactly as many as the search finds", async () => {
    const urls = locs(await (await server.request("/sitemap.xml")).text()).filter((url) => url.includes("/hire/"));
    expect(urls.length).toBeGreaterThan(20);
    const tags = (await json<{ data: { name: string; type: string }[] }>(await server.request("/api/tags"))).data;
    const listOf: Record<string, string> = {
      Genre: "styles",
      "Song Type": "songTypes",
      "Band Setup": "bandSetups",
      "Event Type": "eventTypes",
      "Variety Type": "actTypes",
      "Speaker Type": "actTypes",
    };
    for (const url of urls.slice(0, 12)) {
      const [, category, city] = /\/hire\/([^/]+)\/([^/]+)$/.exec(url)!;
      const tag = tags.find(
        (item) =>
          item.name
            .toLowerCase()
            .replace(/[^a-z0-9]+/g, "-")
            .replace(/^-|-$/g, "") === category,
      )!;
      const place = (
        await json<{ data: { label: string }[] }>(
          await server.request(`/api/places?q=${encodeURIComponent(city!.slice(0, -3).replace(/-/g, " "))}`),
        )
      ).data.find((item) => item.label.toLowerCase().endsWith(city!.slice(-2)))!;
      const query = new URLSearchParams({ [`${listOf[tag.type]}[]`]: tag.name, location: place.label, radius: "50" });
      const found = (await json<{ meta: { total: number } }>(await server.request(`/api/acts?${query}`))).meta.total;
      expect(found, url).toBeGreaterThanOrEqual(3);
    }
  });

  it("drops an act at once when it stops being public, listings included", async () => {
    const before = locs(await (await server.request("/sitemap.xml")).text());
    expect(before).toContain(`${ORIGIN}/entertainment/dj-nova`);
    expect((await server.post("/api/acts/toggle-internal-use-only/dj-nova", "admin")).status).toBe(200);
    const after = locs(await (await server.request("/sitemap.xml")).text());
    expect(after).not.toContain(`${ORIGIN}/entertainment/dj-nova`);
    expect((await server.post("/api/acts/toggle-internal-use-only/dj-nova", "admin")).status).toBe(200);
    expect(locs(await (await server.request("/sitemap.xml")).text())).toContain(`${ORIGIN}/entertainment/dj-nova`);
  });

  it("becomes an index of valid sitemaps past the limit, holding the same URLs", async () => {
    const index = await (await small.request("/sitemap.xml")).text();
    expect(index).toContain("<sitemapindex");
    expect(await schemaErrors(index, true)).toEqual([]);
    const files = locs(index);
    expect(files).toEqual([
      `${ORIGIN}/sitemaps/pages.xml`,
      `${ORIGIN}/sitemaps/acts-1.xml`,
      `${ORIGIN}/sitemaps/acts-2.xml`,
    ]);
    const urls: string[] = [];
    for (const file of files) {
      const response = await small.request(file.slice(ORIGIN.length));
      expect(response.status, file).toBe(200);
      const xml = await response.text();
      expect(await schemaErrors(xml), file).toEqual([]);
      expect(locs(xml).length).toBeLessThanOrEqual(100);
      urls.push(...locs(xml));
    }
    expect(urls.filter((url) => url.includes("/entertainment/"))).toHaveLength(152);
    expect(new Set(urls).size).toBe(urls.length);
    expect((await small.request("/sitemaps/acts-3.xml")).status).toBe(404);
  });

  it("sends the pages' first URLs before it counts the listings, which take a pass over every act", async () => {
    // Issue 32: at a million acts the listings took 7.6 s, all of it before the first byte.
    const response = await small.request("/sitemaps/pages.xml");
    const reader = response.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain("<urlset");
    expect(locs(first)).toContain(`${ORIGIN}/`);
    expect(first).not.toContain("/hire/");
    let rest = "";
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      rest += new TextDecoder().decode(chunk.value);
    expect(locs(rest).some((url) => url.includes("/hire/"))).toBe(true);
    expect(rest.endsWith("</urlset>\n")).toBe(true);
  });
});
