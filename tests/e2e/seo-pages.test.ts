import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer } from "./app-server";
import { type DemoRole, sessionsFor } from "./demo-sessions";

let app: Awaited<ReturnType<typeof startAppServer>>;
beforeAll(async () => {
  app = await startAppServer();
});
afterAll(async () => app?.stop());

const meta = (html: string, key: string) =>
  html.match(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`))?.[1];
const canonical = (html: string) => html.match(/<link rel="canonical" href="([^"]+)"\/>/)?.[1];
const title = (html: string) =>
  html
    .match(/<title>([^<]*)<\/title>/)?.[1]
    ?.replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'");
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
const actLinks = (html: string) => [...html.matchAll(/<h3 id="result-([^"]+)"/g)].map((match) => match[1]!);

async function get(path: string) {
  const response = await fetch(path.startsWith("http") ? path : app.baseUrl + path);
  return { status: response.status, html: await response.text() };
}

describe("pages for search engines", () => {
  it("every URL in the sitemap answers 200, its canonical is itself, and its title fits the page", async () => {
    const urls = locs((await get("/sitemap.xml")).html);
    expect(urls.filter((url) => url.includes("/entertainment/")).length).toBe(322);
    expect(urls.filter((url) => url.includes("/hire/")).length).toBeGreaterThan(100);
    expect(urls).toContain(`${app.baseUrl}/guides/choosing-a-wedding-band`);
    const problems: string[] = [];
    // Four at a time: the whole sitemap, several hundred first renders.
    for (let start = 0; start < urls.length; start += 4) {
      await Promise.all(
        urls.slice(start, start + 4).map(async (url) => {
          const { status, html } = await get(url);
          const path = url.slice(app.baseUrl.length);
          if (status !== 200) return problems.push(`${path}: ${status}`);
          if (canonical(html) !== url) problems.push(`${path}: canonical ${canonical(html)}`);
          if (meta(html, "robots")?.includes("noindex")) problems.push(`${path}: noindex`);
          const name = title(html) ?? "";
          // A listing's title names its city's state, generated ("… for Events in Dallas, TX") or curated.
          if (path.startsWith("/hire/") && !name.includes(`, ${path.slice(-2).toUpperCase()}`))
            problems.push(`${path}: title ${name}`);
          if (!name || !meta(html, "description") || !meta(html, "og:title")) problems.push(`${path}: head incomplete`);
        }),
      );
    }
    expect(problems).toEqual([]);
  }, 180_000);

  it("a listing shows exactly the search API's acts for its tag, city and radius, with its links and JSON-LD", async () => {
    const { html } = await get("/hire/dj/dallas-tx");
    const api = (await (
      await fetch(`${app.baseUrl}/api/acts?bandSetups[]=DJ&location=Dallas,%20TX&radius=50&sort=recommended`)
    ).json()) as { data: { url: string; rating: { count: number } }[]; meta: { total: number } };
    expect(actLinks(html)).toEqual(api.data.map((act) => act.url));
    // The sentence about reviews counts what the cards show, and says where they came from.
    const rated = api.data.filter((act) => act.rating.count > 0);
    const reviews = rated.reduce((sum, act) => sum + act.rating.count, 0);
    expect(rated.length).toBeGreaterThan(0);
    expect(html).toMatch(
      new RegExp(
        `${rated.length === api.data.length ? `All ${rated.length} acts` : `${rated.length} of the ${api.data.length} acts`} on this page ha(s|ve) reviews \\(${reviews} reviews: (\\d+ from verified bookings)?(, )?(\\d+ added by EVA)?\\), rated `,
      ),
    );
    expect(html.replace(/<!-- -->/g, "")).toContain(`${api.meta.total} entertainers found`);
    expect(title(html)).toBe("DJs for Events in Dallas, TX");
    expect(meta(html, "description")).toMatch(
      new RegExp(`^${api.meta.total} acts listed as DJs within 50 miles of Dallas, TX\\.`),
    );
    const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) =>
      JSON.parse(match[1]!),
    );
    const [itemList, breadcrumbs] = jsonLd.flat();
    expect(itemList["@type"]).toBe("ItemList");
    expect(itemList.itemListElement.map((item: { url: string }) => item.url)).toEqual(
      api.data.map((act) => `${app.baseUrl}/entertainment/${act.url}`),
    );
    expect(breadcrumbs.itemListElement.map((item: { name: string }) => item.name)).toEqual([
      "Home",
      "DJs",
      "Dallas, TX",
    ]);
    expect(html).toMatch(/href="\/hire\/dj\/fort-worth-tx"/);
  });

  it("curated copy replaces the generated title, description and introduction", async () => {
    const { html } = await get("/hire/wedding/chicago-il");
    expect(title(html)).toBe("Wedding Bands, DJs and Musicians in Chicago, IL | Vetted and Reviewed");
    // The words after the bar are for search results; the page's heading says what the page is.
    expect(html).toMatch(/<h1[^>]*>Wedding Bands, DJs and Musicians in Chicago, IL<\/h1>/);
    expect(meta(html, "description")).toMatch(/^Compare vetted wedding bands/);
    expect(html).toContain("A Chicago wedding often runs from a ceremony in one place");
    expect(html).not.toContain("listed as Wedding Entertainers within 50 miles");
  });

  it("a listing with fewer than three acts is noindex and out of the sitemap; an unknown category or city is 404", async () => {
    const thin = await get("/hire/fire-performer/omaha-ne");
    expect(thin.status).toBe(200);
    expect(meta(thin.html, "robots")).toBe("noindex, follow");
    expect(locs((await get("/sitemap.xml")).html)).not.toContain(`${app.baseUrl}/hire/fire-performer/omaha-ne`);
    expect((await get("/hire/no-such-tag/chicago-il")).status).toBe(404);
    expect((await get("/hire/dj/atlantis-zz")).status).toBe(404);
    expect((await get("/guides/no-such-guide")).status).toBe(404);
  });

  it("a guide is an article with headings, links into listings and Article JSON-LD; the index lists it", async () => {
    const { html } = await get("/guides/choosing-a-wedding-band");
    expect(html).toContain("<h1");
    expect(html).toContain('<h2 class="text-xl font-semibold">Questions to ask before you book</h2>');
    expect(html).toContain('href="/hire/wedding/chicago-il"');
    const article = JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/)![1]!);
    expect(article).toMatchObject({
      "@type": "Article",
      headline: "How to choose a wedding band (and when a DJ is the better call)",
    });
    const index = (await get("/guides")).html;
    const slugs = [...index.matchAll(/href="\/guides\/([a-z0-9-]+)"/g)].map((match) => match[1]!);
    expect(slugs.length).toBeGreaterThanOrEqual(8);
    // Every guide links into listings, and every listing it links to is one the sitemap offers.
    const sitemap = new Set(locs((await get("/sitemap.xml")).html));
    for (const slug of slugs) {
      const listings = [...(await get(`/guides/${slug}`)).html.matchAll(/href="(\/(?:hire|search)[^"]*)"/g)].map(
        (match) => match[1]!.replace(/&amp;/g, "&"),
      );
      expect(listings.length, slug).toBeGreaterThan(0);
      for (const path of listings.filter((item) => item.startsWith("/hire/")))
        expect(sitemap.has(app.baseUrl + path), `${slug} -> ${path}`).toBe(true);
    }
  });

  it("robots.txt names the sitemap; private pages say noindex", async () => {
    expect((await get("/robots.txt")).html).toContain(`Sitemap: ${app.baseUrl}/sitemap.xml`);
    const cookieFor = sessionsFor(app.baseUrl);
    const pages: [string, DemoRole][] = [
      ["/login", "guest"],
      ["/signup", "guest"],
      ["/documents", "owner"],
      ["/events", "planner"],
      ["/invites", "owner"],
      ["/my-acts", "owner"],
      ["/admin/acts", "admin"],
      ["/admin/tag-requests", "admin"],
    ];
    for (const [path, role] of pages) {
      const cookie = await cookieFor(role);
      const html = await (await fetch(app.baseUrl + path, { headers: cookie ? { cookie } : {} })).text();
      expect(meta(html, "robots"), path).toBe("noindex");
    }
  });

  it("every public page has one title, a description, a canonical without tracking parameters, Open Graph and Twitter cards", async () => {
    const pages = [
      "/",
      "/search?utm_source=newsletter&searchTerms=jazz",
      "/guides",
      "/guides/booking-a-keynote-speaker",
      "/hire/dj/dallas-tx?utm_campaign=spring&fbclid=x",
      "/entertainment/the-velvet-tones?ref=partner",
    ];
    for (const path of pages) {
      const { html } = await get(path);
      const head = html.slice(0, html.indexOf("</head>"));
      expect(head.match(/<title>/g), path).toHaveLength(1);
      expect(head.match(/<meta name="description"/g), path).toHaveLength(1);
      expect(head.match(/<link rel="canonical"/g), path).toHaveLength(1);
      expect(canonical(head), path).toBe(app.baseUrl + path.split("?")[0]);
      expect(head, path).not.toContain("hreflang");
      for (const key of ["og:title", "og:description", "og:url", "og:type", "twitter:card", "twitter:title"])
        expect(meta(head, key), `${path} ${key}`).toBeTruthy();
    }
  });
});

describe("acts put forward", () => {
  it("the home page's rows show only acts with a photo, a headline and a city; one without a photo is shown by its initials", async () => {
    const { html } = await get("/");
    const rows = [...html.matchAll(/<section aria-labelledby="row-([a-z-]+)"[\s\S]*?<\/section>/g)];
    expect(rows.map((row) => row[1])).toEqual(expect.arrayContaining(["featured", "top-rated", "newest"]));
    for (const [row, id] of rows) {
      const tiles = [...row.matchAll(/<li>[\s\S]*?<\/li>/g)].map((tile) => tile[0]);
      expect(tiles.length, id).toBeGreaterThan(0);
      for (const tile of tiles) expect(tile, id).toContain("<img");
    }
    // DJ Nova has no photo, headline or city: found by search, never promoted.
    expect(rows.map((row) => row[0]).join("")).not.toContain("/entertainment/dj-nova");
    const search = await get("/search?searchTerms=nova");
    const card = search.html.slice(search.html.indexOf("<article"), search.html.indexOf("</article>"));
    expect(card).toContain("DJ Nova");
    expect(card).toMatch(/<span class="text-3xl leading-none">DN<\/span>/);
  });
});
