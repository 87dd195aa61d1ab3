import { Hono } from "hono";
import type { Executor } from "#server/db/client";
import type { GuestPageCache } from "#server/cache/guest-cache";
import { countPublicProfiles, guideUrls, keptIndexableListings, publicProfilesAfter, type SitemapUrl } from "./sitemap";

/** The sitemaps.org limit of URLs in one file; past it /sitemap.xml is an index. */
export const SITEMAP_MAX_URLS = 50_000;
const BATCH = 5_000;

/** Pages robots must not crawl: accounts, private work and the API. */
export const ROBOTS_DISALLOW = [
  "/api/",
  "/admin/",
  "/documents",
  "/events",
  "/invites",
  "/my-acts",
  "/acts/new",
  "/entertainment/update/",
  "/login",
  "/signup",
  "/logout",
  "/search",
  "/calendar/",
];

const escapeXml = (value: string) =>
  value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
const urlXml = (origin: string, url: SitemapUrl) =>
  `<url><loc>${escapeXml(origin + url.path)}</loc>${url.lastmod ? `<lastmod>${url.lastmod}</lastmod>` : ""}</url>\n`;
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
  const listings = () => keptIndexableListings(db, guestCache);
  const profileCount = () =>
    guestCache ? guestCache.derived("sitemap:profiles", () => countPublicProfiles(db)) : countPublicProfiles(db);
  const pages = async (): Promise<SitemapUrl[]> => [
    { path: "/", lastmod: null },
    ...(await guideUrls(db)),
    ...(await listings()),
  ];

  /**
   * A urlset written as it is read: the `fixed` URLs at once, then those `later` gives (a query
   * that may take seconds over a large catalogue: a crawler has its first bytes before it
   * runs), then profiles from the `skip`-th public act on, at most `take`, in batches. At most
   * maxUrls fixed and later URLs are written.
   */
  function urlsetStream(
    fixed: SitemapUrl[],
    later: (() => Promise<SitemapUrl[]>) | null,
    skip: number,
    take: number,
  ): Response {
    const encoder = new TextEncoder();
    const steps: (() => Promise<string | null>)[] = [
      async () =>
        URLSET_OPEN +
        fixed
          .slice(0, maxUrls)
          .map((url) => urlXml(publicUrl, url))
          .join(""),
      async () =>
        later
          ? (await later())
              .slice(0, Math.max(0, maxUrls - fixed.length))
              .map((url) => urlXml(publicUrl, url))
              .join("")
          : "",
    ];
    let afterId = 0;
    let sent = 0;
    const nextProfiles = async (): Promise<string | null> => {
      if (skip > 0 && afterId === 0)
        afterId = (await publicProfilesAfter(db, 0, skip)).at(-1)?.id ?? Number.MAX_SAFE_INTEGER;
      const batch = sent < take ? await publicProfilesAfter(db, afterId, Math.min(BATCH, take - sent)) : [];
      if (batch.length === 0) return null;
      afterId = batch.at(-1)!.id;
      sent += batch.length;
      return batch.map((url) => urlXml(publicUrl, url)).join("");
    };
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const chunk = await (steps.shift() ?? nextProfiles)();
        if (chunk === null) {
          controller.enqueue(encoder.encode("</urlset>\n"));
          controller.close();
        } else if (chunk) {
          controller.enqueue(encoder.encode(chunk));
        }
      },
    });
    return new Response(body, { headers: XML_HEADERS });
  }

  app.get("/robots.txt", (c) =>
    c.text(
      `User-agent: *\n${ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`).join("\n")}\n\nSitemap: ${publicUrl}/sitemap.xml\n`,
      200,
      { "cache-control": "public, max-age=3600" },
    ),
  );

  app.get("/sitemap.xml", async () => {
    const [profiles, guides] = await Promise.all([profileCount(), guideUrls(db)]);
    // Past the limit on profiles alone, the index needs no count of listings.
    if (profiles + guides.length + 1 <= maxUrls) {
      const fixed = await pages();
      if (fixed.length + profiles <= maxUrls) return urlsetStream(fixed, null, 0, profiles);
    }
    const files = [
      "/sitemaps/pages.xml",
      ...Array.from({ length: Math.ceil(profiles / maxUrls) }, (_, index) => `/sitemaps/acts-${index + 1}.xml`),
    ];
    const index = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files.map((file) => `<sitemap><loc>${escapeXml(publicUrl + file)}</loc></sitemap>\n`).join("")}</sitemapindex>\n`;
    return new Response(index, { headers: XML_HEADERS });
  });

  app.get("/sitemaps/pages.xml", async () =>
    urlsetStream([{ path: "/", lastmod: null }, ...(await guideUrls(db))], listings, 0, 0),
  );

  app.get("/sitemaps/:file{acts-[0-9]{1,6}\\.xml}", async (c) => {
    const part = Number(c.req.param("file").slice(5, -4));
    const profiles = await profileCount();
    if (part < 1 || (part - 1) * maxUrls >= profiles) return c.notFound();
    return urlsetStream([], null, (part - 1) * maxUrls, maxUrls);
  });

  return app;
}
