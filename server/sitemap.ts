import { Hono } from "hono";
import type { Executor } from "./db/client";
import type { GuestPageCache } from "./guest-cache";
import { countPublicProfiles, guideUrls, indexableListings, publicProfilesAfter, type SitemapUrl } from "./services/sitemap";

/** The sitemaps.org limit of URLs in one file; past it /sitemap.xml is an index. */
export const SITEMAP_MAX_URLS = 50_000;
const BATCH = 5_000;

/** Pages robots must not crawl: accounts, private work and the API. */
export const ROBOTS_DISALLOW = ["/api/", "/admin/", "/documents", "/events", "/invites", "/my-acts", "/acts/new", "/entertainment/update/", "/login", "/signup", "/logout", "/search"];

const escapeXml = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
const urlXml = (origin: string, url: SitemapUrl) => `<url><loc>${escapeXml(origin + url.path)}</loc>${url.lastmod ? `<lastmod>${url.lastmod}</lastmod>` : ""}</url>\n`;
const XML_HEADERS = { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=600" };
const URLSET_OPEN = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`;

interface SitemapDeps {
  db: Executor;
  publicUrl: string;
  guestCache?: GuestPageCache;
  maxUrls?: number;
}

/** /robots.txt and /sitemap.xml (an index with /sitemaps/*.xml past the limit), written as they are read. */
export function sitemapRoutes({ db, publicUrl, guestCache, maxUrls = SITEMAP_MAX_URLS }: SitemapDeps) {
  const app = new Hono();
  // The listings need a pass over every act: kept until an act changes, when the guest cache runs.
  const listings = () => (guestCache ? guestCache.derived("sitemap:listings", () => indexableListings(db)) : indexableListings(db));
  const pages = async (): Promise<SitemapUrl[]> => [{ path: "/", lastmod: null }, ...(await guideUrls(db)), ...(await listings())];

  /** Profiles from the `skip`-th public act on, at most `take`, streamed in batches. */
  function profileStream(head: string, fixed: SitemapUrl[], skip: number, take: number): Response {
    const encoder = new TextEncoder();
    let afterId = 0;
    let sent = 0;
    let started = false;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(head + fixed.map((url) => urlXml(publicUrl, url)).join("")));
          if (skip > 0) afterId = (await publicProfilesAfter(db, 0, skip)).at(-1)?.id ?? Number.MAX_SAFE_INTEGER;
          return;
        }
        const batch = sent < take ? await publicProfilesAfter(db, afterId, Math.min(BATCH, take - sent)) : [];
        if (batch.length === 0) {
          controller.enqueue(encoder.encode("</urlset>\n"));
          controller.close();
          return;
        }
        afterId = batch.at(-1)!.id;
        sent += batch.length;
        controller.enqueue(encoder.encode(batch.map((url) => urlXml(publicUrl, url)).join("")));
      },
    });
    return new Response(body, { headers: XML_HEADERS });
  }

  app.get("/robots.txt", (c) =>
    c.text(`User-agent: *\n${ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`).join("\n")}\n\nSitemap: ${publicUrl}/sitemap.xml\n`, 200, { "cache-control": "public, max-age=3600" }),
  );

  app.get("/sitemap.xml", async () => {
    const [profiles, guides] = await Promise.all([countPublicProfiles(db), guideUrls(db)]);
    // Past the limit on profiles alone, the index needs no count of listings.
    if (profiles + guides.length + 1 <= maxUrls) {
      const fixed = await pages();
      if (fixed.length + profiles <= maxUrls) return profileStream(URLSET_OPEN, fixed, 0, profiles);
    }
    const files = ["/sitemaps/pages.xml", ...Array.from({ length: Math.ceil(profiles / maxUrls) }, (_, index) => `/sitemaps/acts-${index + 1}.xml`)];
    const index = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files.map((file) => `<sitemap><loc>${escapeXml(publicUrl + file)}</loc></sitemap>\n`).join("")}</sitemapindex>\n`;
    return new Response(index, { headers: XML_HEADERS });
  });

  app.get("/sitemaps/pages.xml", async () => profileStream(URLSET_OPEN, (await pages()).slice(0, maxUrls), 0, 0));

  app.get("/sitemaps/:file{acts-[0-9]{1,6}\\.xml}", async (c) => {
    const part = Number(c.req.param("file").slice(5, -4));
    const profiles = await countPublicProfiles(db);
    if (part < 1 || (part - 1) * maxUrls >= profiles) return c.notFound();
    return profileStream(URLSET_OPEN, [], (part - 1) * maxUrls, maxUrls);
  });

  return app;
}
