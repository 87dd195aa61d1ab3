import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer } from "./app-server";
import { sessionsFor } from "./demo-sessions";

/**
 * A guest's profile, search and listing pages are drawn without React Router (decision 0066):
 * they must be the bytes React Router draws. Two servers over copies of the same seeded data and
 * with the same public address, one drawing them without the router, one with it
 * (GUEST_DOCUMENT=0), are asked for every such page the demo has and for searches of every kind.
 */
const PUBLIC_URL = "http://eva.test";
// A guest may use the live chat: its script is one React hoists into the head.
const CHAT_WIDGET_SRC = "https://chat.example.com/widget.js";
let drawn: Awaited<ReturnType<typeof startAppServer>>;
let routed: Awaited<ReturnType<typeof startAppServer>>;

beforeAll(async () => {
  // The guest cache off on both: every answer is a render.
  [drawn, routed] = await Promise.all([
    startAppServer({ PUBLIC_URL, CHAT_WIDGET_SRC, GUEST_PAGE_CACHE: "0" }),
    startAppServer({ PUBLIC_URL, CHAT_WIDGET_SRC, GUEST_PAGE_CACHE: "0", GUEST_DOCUMENT: "0" }),
  ]);
});
afterAll(async () => {
  await Promise.all([drawn?.stop(), routed?.stop()]);
});

interface Answer {
  status: number;
  type: string | null;
  policy: string | null;
  drawnWithoutRouter: boolean;
  body: string;
}

async function ask(base: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(base + path, { headers });
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    policy: response.headers.get("content-security-policy"),
    drawnWithoutRouter: response.headers.get("x-guest-document") === "drawn",
    body: await response.text(),
  };
}

const SEARCHES = [
  "/search",
  "/search?searchTerms=jazz&location=Chicago%2C%20IL&radius=50",
  "/search?searchTerms=jaz%20band",
  "/search?searchTerms=%3Cscript%3Ealert(1)%3C%2Fscript%3E",
  "/search?view=map",
  "/search?view=map&searchTerms=dj",
  "/search?page=2",
  "/search?page=abc",
  "/search?date=2027-06-12&sort=price",
  "/search?budget=1500&sort=rating",
  "/search?budget=-1",
  "/search?eventTypes%5B%5D=Wedding&actTypes%5B%5D=Band",
  "/search?location=Austin%2C%20TX&radius=25&instant=1",
  "/search?perPage=5&page=3&utm_source=mail",
  "/SEARCH/?searchTerms=soul",
];

describe("a guest's document drawn without React Router", () => {
  it("is React Router's page, byte for byte and with its policy, for every profile and listing of the sitemap and searches of every kind", async () => {
    const sitemap = await (await fetch(`${drawn.baseUrl}/sitemap.xml`)).text();
    const paths = [...sitemap.matchAll(/<loc>[^<]*?(\/(?:entertainment|hire)\/[^<]+)<\/loc>/g)].map(
      (match) => match[1]!,
    );
    expect(paths.filter((path) => path.startsWith("/entertainment/")).length).toBe(322);
    expect(paths.filter((path) => path.startsWith("/hire/")).length).toBeGreaterThan(100);
    const all = [
      ...paths,
      ...SEARCHES,
      "/entertainment/the-velvet-tones?date=2027-01-05",
      "/entertainment/the-velvet-tones?date=soon",
      "/Entertainment/dj-nova/",
      "/hire/wedding/chicago-il?page=2&budget=2000",
    ];
    const differ: string[] = [];
    const notDrawn: string[] = [];
    // Four at a time; each page twice on the drawing server: its first answer makes the kept
    // parts (React Router's render), its second is drawn from them.
    for (let start = 0; start < all.length; start += 4) {
      await Promise.all(
        all.slice(start, start + 4).map(async (path) => {
          await ask(drawn.baseUrl, path);
          const [mine, theirs] = await Promise.all([ask(drawn.baseUrl, path), ask(routed.baseUrl, path)]);
          if (mine.status === 200 && !mine.drawnWithoutRouter) notDrawn.push(path);
          expect(theirs.drawnWithoutRouter, path).toBe(false);
          const { drawnWithoutRouter: _, ...same } = mine;
          const { drawnWithoutRouter: __, ...expected } = theirs;
          if (JSON.stringify(same) !== JSON.stringify(expected)) differ.push(path);
        }),
      );
    }
    expect(differ).toEqual([]);
    // Every page that answers 200 was drawn without the router on its second asking.
    expect(notDrawn).toEqual([]);
  });

  it("leaves what is not a guest's page to React Router: missing pages, a signed-in viewer, other routes", async () => {
    for (const path of ["/entertainment/no-such-act", "/hire/wedding/no-such-city-zz", "/guides", "/"]) {
      await ask(drawn.baseUrl, path);
      const [mine, theirs] = await Promise.all([ask(drawn.baseUrl, path), ask(routed.baseUrl, path)]);
      expect(mine.drawnWithoutRouter, path).toBe(false);
      expect(mine.status, path).toBe(theirs.status);
      expect(mine.body, path).toBe(theirs.body);
    }
    const cookie = (await sessionsFor(drawn.baseUrl)("planner"))!;
    const planner = await ask(drawn.baseUrl, "/entertainment/the-velvet-tones", { cookie });
    expect(planner.drawnWithoutRouter).toBe(false);
    expect(planner.body).toContain('data-layout="authenticated"');
    // React Router's data requests are its own.
    const data = await fetch(`${drawn.baseUrl}/entertainment/the-velvet-tones.data`);
    expect(data.headers.get("x-guest-document")).toBeNull();
  });
});
