import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OWN_EMPTY_STATES } from "#domain/messages";
import { startAppServer } from "./app-server";
import { type DemoRole, sessionsFor } from "./demo-sessions";

/** The name on the header's account link, which a signed-in page shows and a guest's does not. */
const accountName = (html: string) =>
  /data-testid="signed-in-as"[^>]*>(?:<svg[\s\S]*?<\/svg>)?([^<]+)</.exec(html)?.[1]?.trim();

const CHAT = "https://chat.example.com/widget.js";
let app: Awaited<ReturnType<typeof startAppServer>>;
let cookieFor: ReturnType<typeof sessionsFor>;

beforeAll(async () => {
  app = await startAppServer({ CHAT_WIDGET_SRC: CHAT });
  cookieFor = sessionsFor(app.baseUrl);
});
afterAll(async () => app?.stop());

async function page(url: string, role: DemoRole) {
  const cookie = await cookieFor(role);
  const response = await fetch(`${app.baseUrl}/entertainment/${url}`, { headers: cookie ? { cookie } : {} });
  return { status: response.status, html: await response.text() };
}
/** The visible text of a page: scripts and tags dropped, entities decoded, spaces collapsed. */
const text = (html: string) =>
  html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
const meta = (html: string, key: string) =>
  html.match(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`))?.[1];

describe("the profile page for search engines", () => {
  it("uses the curated title and description when content/ has an entry", async () => {
    const { html } = await page("the-velvet-tones", "guest");
    expect(html).toContain("<title>The Velvet Tones | Motown &amp; Soul Wedding Band in Chicago</title>");
    expect(meta(html, "description")).toMatch(/^Book The Velvet Tones, Chicago/);
    expect(meta(html, "robots")).toBe("index, follow");
    expect(html).toContain(`<link rel="canonical" href="${app.baseUrl}/entertainment/the-velvet-tones"/>`);
    expect(meta(html, "og:image")).toMatch(new RegExp(`^${app.baseUrl}/files/avatars/.+\\.jpg$`));
    expect(meta(html, "twitter:card")).toBe("summary_large_image");
    const jsonLd = JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/)![1]!);
    expect(jsonLd).toMatchObject({
      "@type": "MusicGroup",
      name: "The Velvet Tones",
      aggregateRating: { ratingValue: "4.0", reviewCount: 12 },
    });
    expect(jsonLd.review).toHaveLength(12);
  });

  it("falls back to the short name and the fallback description", async () => {
    const { html } = await page("dj-nova", "guest");
    expect(html).toContain("<title>EVA - DJ Nova</title>");
    expect(meta(html, "description")).toBe("EVA Entertainer");
    expect(html).not.toContain("aggregateRating");
  });

  it("an act that is not active is noindex for its manager and admins, and 404 for others", async () => {
    expect(meta((await page("pending-act", "admin")).html, "robots")).toBe("noindex");
    expect(meta((await page("pending-act", "otherArtist")).html, "robots")).toBe("noindex");
    for (const role of ["guest", "planner", "owner"] as const)
      expect((await page("pending-act", role)).status, role).toBe(404);
    const missing = await page("no-such-act", "guest");
    expect(missing.status).toBe(404);
    expect(text(missing.html)).toContain("Page not found");
    // Not a dead end: the header, and a search.
    expect(missing.html).toContain('aria-label="Main"');
    expect(missing.html).toMatch(
      /<form[^>]*action="\/search"[^>]*aria-label="Find entertainers"|<form[^>]*aria-label="Find entertainers"[^>]*action="\/search"/,
    );
    const planners = await page("no-such-act", "planner");
    expect(accountName(planners.html)).toBe("Pat Planner");
  });
});

describe("what a guest sees", () => {
  it("the public layout, plain HTML, the create-account prompt and Sign Up for Free to Book", async () => {
    const { html } = await page("the-velvet-tones", "guest");
    expect(html).toContain('data-layout="public"');
    expect(html).not.toContain("__reactRouterContext");
    expect(html).toContain('name="Entertainer Profile - The Velvet Tones"');
    expect(text(html)).toContain("Sign Up for Free to Book");
    for (const hidden of [
      "Update Profile",
      "Manage Documents",
      "Additional Info",
      "Status:",
      "Latest Offer",
      "Invite To Event",
      "Add Image",
      "Request to Update",
    ]) {
      expect(text(html), hidden).not.toContain(hidden);
    }
  });

  it("five reviews on the page and all twelve in View All Reviews", async () => {
    const { html } = await page("the-velvet-tones", "guest");
    const [onPage, inDialog] = html.split('<dialog id="all-reviews"');
    expect(onPage!.match(/<article aria-label=/g)).toHaveLength(5);
    expect(inDialog!.match(/<article aria-label=/g)).toHaveLength(12);
    expect(text(html)).toContain("4.0");
    expect(html).toContain('aria-label="4 out of 5 stars"');
    // The seed's reviews were added by an admin, and say so; one hides its reviewer's name.
    expect(text(html)).toContain("A reviewer");
    expect(html.split('<dialog id="all-reviews"')[0]!.match(/Added by EVA/g)).toHaveLength(5);
    expect(text(html)).not.toContain("Verified booking");
  });

  it("documents with their type label", async () => {
    const { html } = await page("the-velvet-tones", "guest");
    expect(text(html)).toMatch(/Stage Plot PDF Document/);
    expect(text(html)).not.toContain("Insurance Certificate");
  });

  it("every empty state of an act with nothing, and no videos or documents section", async () => {
    const body = text((await page("dj-nova", "guest")).html);
    for (const empty of [
      "This Entertainer currently has no Testimonials",
      "This Entertainer currently has no Offerings",
      "This Entertainer currently has no Images",
      "No ratings yet",
    ]) {
      expect(body).toContain(empty);
    }
    expect(body).not.toContain("Videos");
    expect(body).not.toContain("Documents");
  });

  it("no Sign Up for Free to Book on an internal-use-only act", async () => {
    const body = text((await page("keynote-kim", "guest")).html);
    expect(body).not.toContain("Sign Up for Free to Book");
    expect(body).toContain("Nationally Recognized");
    expect(body).not.toContain("For Internal Use Only");
  });
});

describe("what signed-in roles see", () => {
  it("a planner: the authenticated layout, the invite action and the price note", async () => {
    const { html } = await page("the-velvet-tones", "planner");
    expect(html).toContain('data-layout="authenticated"');
    expect(html).toContain("__reactRouterContext");
    const body = text(html);
    expect(accountName(html)).toBe("Pat Planner");
    expect(body).toContain("Invite To Event");
    expect(body).toContain("Prices shown are estimates");
    for (const hidden of [
      "Sign Up for Free to Book",
      "Update Profile",
      "Additional Info",
      "Status:",
      "Create a free account",
    ])
      expect(body, hidden).not.toContain(hidden);
    // planner@ booked this act for an event that has started: a verified review is offered.
    expect(body).toContain("Add Review");
    expect(text((await page("dj-nova", "planner")).html)).not.toContain("Add Review");
    expect(text((await page("keynote-kim", "planner")).html)).not.toContain("Invite To Event");
  });

  it("the owning artist: the artist block, the request action and every managing empty state", async () => {
    const body = text((await page("dj-nova", "owner")).html);
    for (const shown of [
      "Update Profile",
      "Manage Documents",
      "Request to Update Genres and Tags or Styles",
      "Add Image",
      "Add Video",
      "Add Testimonial",
      "Add Offering",
      // Its own artist is spoken to, with what to do.
      OWN_EMPTY_STATES.documents,
      OWN_EMPTY_STATES.images,
      OWN_EMPTY_STATES.testimonials,
      OWN_EMPTY_STATES.offerings,
      OWN_EMPTY_STATES.videos,
    ]) {
      expect(body, shown).toContain(shown);
    }
    for (const hidden of [
      "Additional Info",
      "Status:",
      "Edit Tags",
      "Approve",
      "Invite To Event",
      "Prices shown are estimates",
      "This Entertainer currently has no",
    ]) {
      expect(body, hidden).not.toContain(hidden);
    }
  });

  it("another artist sees no managing controls", async () => {
    const body = text((await page("the-velvet-tones", "otherArtist")).html);
    for (const hidden of [
      "Update Profile",
      "Add Image",
      "Edit",
      "Delete",
      "Invite To Event",
      "Sign Up for Free to Book",
    ])
      expect(body, hidden).not.toMatch(new RegExp(`\\b${hidden}\\b`));
  });

  it("an admin: status badges with their colours, the latest offer, moderation actions and Additional Info", async () => {
    const velvet = await page("the-velvet-tones", "admin");
    const body = text(velvet.html);
    expect(body).toContain("Status: Approved");
    expect(velvet.html).toMatch(/bg-green-100[^"]*"[^>]*data-testid="status-badge"/);
    expect(body).toContain("Latest offer submitted");
    expect(body).toContain("Additional Info");
    expect(body).toContain("artist@example.com");
    expect(body).toMatch(/W-9 received/);
    expect(body).toMatch(/Direct deposit not received/);
    for (const shown of ["Edit Tags", "Decline", "Reassign", "Unfeature", "Add Review"])
      expect(body, shown).toContain(shown);
    expect(body).not.toMatch(/\bApprove\b/);

    expect(text((await page("dj-nova", "admin")).html)).toContain("No offers have been submitted by this entertainer.");
    const pending = text((await page("pending-act", "admin")).html);
    expect(pending).toContain("Status: Pending Approval");
    expect(pending).toContain("The EVA team will notify you as soon as a decision has been made");
    expect(pending).toMatch(/\bApprove\b/);
    expect(text((await page("draft-act", "admin")).html)).toContain("Status: Draft");
    const declined = text((await page("declined-act", "admin")).html);
    expect(declined).toContain("Status: Declined");
    expect(declined).toContain("Photos and videos do not show a live performance.");
    expect(text((await page("keynote-kim", "admin")).html)).toContain("For Internal Use Only");
  });

  it("the live-chat widget loads only for guests and planners", async () => {
    expect((await page("the-velvet-tones", "guest")).html).toContain(`src="${CHAT}"`);
    expect((await page("the-velvet-tones", "planner")).html).toContain(`src="${CHAT}"`);
    expect((await page("the-velvet-tones", "owner")).html).not.toContain(CHAT);
    expect((await page("the-velvet-tones", "admin")).html).not.toContain(CHAT);
  });
});

/**
 * The profile's body is rendered once per act and abilities on a server and reused (decision
 * 0021). What one viewer saw must never reach another, and a change must show to everyone at once.
 */
describe("the body kept between renders", () => {
  const ROLES = ["owner", "otherArtist", "planner", "guest", "admin"] as const;
  const post = async (path: string, role: DemoRole, body: unknown) =>
    fetch(`${app.baseUrl}/api${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: app.baseUrl, cookie: (await cookieFor(role)) ?? "" },
      body: JSON.stringify(body),
    });

  it("each role sees its own body, in whatever order the roles ask", async () => {
    const managing = /\b(Add Testimonial|Add Image|Delete)\b/;
    for (const order of [ROLES, [...ROLES].reverse()]) {
      for (const role of order) {
        const body = text((await page("the-velvet-tones", role)).html);
        if (role === "owner" || role === "admin") expect(body, role).toMatch(managing);
        else expect(body, role).not.toMatch(managing);
        expect(body.includes("Additional Info"), role).toBe(role === "admin");
        expect(body.includes("Latest offer submitted"), role).toBe(role === "admin");
      }
    }
  });

  it("a testimonial added by the act's artist shows at once to every role, and its delete too", async () => {
    for (const role of ROLES) expect(text((await page("the-velvet-tones", role)).html)).not.toContain("Kept no longer");
    const added = await post("/testimonials/add-testimonial/the-velvet-tones", "owner", {
      name: "Kept no longer",
      organization: "",
      org_position: "",
      content: "Shown to all at once.",
    });
    expect(added.status).toBe(200);
    for (const role of ROLES)
      expect(text((await page("the-velvet-tones", role)).html), role).toContain("Kept no longer");
    const { data } = (await added.json()) as { data: { id: number } };
    expect((await post(`/testimonials/delete-testimonial/${data.id}`, "owner", {})).status).toBe(200);
    for (const role of ROLES)
      expect(text((await page("the-velvet-tones", role)).html), role).not.toContain("Kept no longer");
  });

  it("search results: a planner's cards offer the invite, a guest's and an admin's never, in whatever order they ask", async () => {
    const search = async (role: DemoRole) => {
      const cookie = await cookieFor(role);
      return text(
        await (await fetch(`${app.baseUrl}/search?searchTerms=velvet`, { headers: cookie ? { cookie } : {} })).text(),
      );
    };
    for (const order of [
      ["planner", "guest", "admin"],
      ["guest", "admin", "planner"],
    ] as const) {
      for (const role of order) {
        const body = await search(role);
        expect(body, role).toContain("The Velvet Tones");
        expect(body.includes("Invite"), role).toBe(role === "planner");
      }
    }
  });

  it("a signed-out session gets the guest's page, never the page it had", async () => {
    const response = await fetch(`${app.baseUrl}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: app.baseUrl },
      body: JSON.stringify({ email: "planner@example.com", password: "demo-password" }),
    });
    const cookie = response.headers
      .getSetCookie()
      .find((value) => value.includes("session_token="))!
      .split(";")[0]!;
    const signedIn = await fetch(`${app.baseUrl}/entertainment/the-velvet-tones`, { headers: { cookie } });
    expect(text(await signedIn.text())).toContain("Invite To Event");
    const signOut = await fetch(`${app.baseUrl}/api/auth/sign-out`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: app.baseUrl, cookie },
      body: "{}",
    });
    expect(signOut.status).toBe(200);
    const after = await (await fetch(`${app.baseUrl}/entertainment/the-velvet-tones`, { headers: { cookie } })).text();
    expect(after).toContain('data-layout="public"');
    expect(accountName(after)).toBeUndefined();
    expect(text(after)).not.toContain("Invite To Event");
    expect(text(after)).toContain("Sign Up for Free to Book");
  });
});

/**
 * Whole pages are kept by the data they were rendered from (decision 0022): a page asked again
 * with the same data is sent as it was made. Each viewer's data is their own, so is their page,
 * and anything a page shows that changes, on the act or elsewhere, is a page rendered anew.
 */
describe("whole pages kept by their data", () => {
  const ask = async (path: string, role: DemoRole) => {
    const cookie = await cookieFor(role);
    const response = await fetch(`${app.baseUrl}${path}`, { headers: cookie ? { cookie } : {} });
    return { kept: response.headers.get("x-kept-page"), html: await response.text() };
  };
  const signedInAs = accountName;

  it("a page asked again is sent as made, each viewer's own, in whatever order they ask", async () => {
    const path = "/entertainment/dj-nova";
    const first = { planner: await ask(path, "planner"), planner2: await ask(path, "planner2") };
    for (const role of ["planner2", "planner", "planner2"] as const) {
      const again = await ask(path, role);
      expect(again.kept, role).toBe("hit");
      expect(again.html, role).toBe(first[role].html);
      expect(signedInAs(again.html), role).toBe(role === "planner" ? "Pat Planner" : "Jordan Planner");
    }
  });

  it("an act nothing has read yet answers on its page and as JSON, whichever asks first (two bundles, one database)", async () => {
    const sitemap = await (await fetch(`${app.baseUrl}/sitemap.xml`)).text();
    const fresh = [...sitemap.matchAll(/<loc>[^<]*\/entertainment\/([^<]+)<\/loc>/g)]
      .map((match) => match[1]!)
      .slice(-4);
    expect(fresh).toHaveLength(4);
    const [pageFirst, jsonSecond, jsonFirst, pageSecond] = fresh;
    expect((await ask(`/entertainment/${pageFirst}`, "guest")).html).toContain("<h1");
    expect((await fetch(`${app.baseUrl}/api/acts/${jsonSecond}`)).status).toBe(200);
    expect((await fetch(`${app.baseUrl}/api/acts/${jsonFirst}`)).status).toBe(200);
    const page = await fetch(`${app.baseUrl}/entertainment/${pageSecond}`);
    expect(page.status).toBe(200);
  });

  it("what a page shows beyond its act is part of its data: an admin's waiting count after another act is decided", async () => {
    const waiting = (html: string) => /(\d+) waiting/.exec(text(html))?.[1];
    const path = "/entertainment/the-velvet-tones";
    const before = await ask(path, "admin");
    expect((await ask(path, "admin")).kept).toBe("hit");
    const decided = await fetch(`${app.baseUrl}/api/acts/set-status/pending-act`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: app.baseUrl, cookie: (await cookieFor("admin"))! },
      body: JSON.stringify({ status: "approved" }),
    });
    expect(decided.status).toBe(200);
    const after = await ask(path, "admin");
    expect(after.kept).toBe("miss");
    expect(Number(waiting(after.html))).toBe(Number(waiting(before.html)) - 1);
    expect(await ask(path, "admin")).toEqual({ kept: "hit", html: after.html });
  });
});

describe("what a guest's browser downloads", () => {
  /** The scripts a page loads at once: its script tags and module preloads, and the chunks they import statically. */
  async function scriptsOf(html: string): Promise<Map<string, Response>> {
    const pending = [
      ...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="(\/[^"]+\.js)"/g),
    ].map((match) => match[1]!);
    const loaded = new Map<string, Response>();
    while (pending.length > 0) {
      const path = pending.pop()!;
      if (loaded.has(path)) continue;
      const response = await fetch(app.baseUrl + path);
      loaded.set(path, response);
      const code = await response.clone().text();
      // Static imports only (`from"./chunk.js"`, `import"./chunk.js"`); import() loads on demand.
      for (const match of code.matchAll(/(?:from|import)\s*"(\.\/[^"]+\.js)"/g))
        pending.push(new URL(match[1]!, app.baseUrl + path).pathname);
    }
    return loaded;
  }

  it("under 10 KB of JavaScript (gzip) on every guest page, each file cached for good; pages of text and forms need none", async () => {
    const { gzipSync } = await import("node:zlib");
    const withScripts = [
      "/",
      "/entertainment/the-velvet-tones",
      "/search?searchTerms=jazz&location=Chicago%2C%20IL",
      "/hire/wedding/chicago-il",
    ];
    const without = [
      "/guides",
      "/guides/choosing-a-wedding-band",
      "/about",
      "/contact",
      "/terms",
      "/login",
      "/signup",
      "/forgot-password",
    ];
    for (const path of [...withScripts, ...without]) {
      const html = await (await fetch(app.baseUrl + path)).text();
      // A whole document, in standards mode: rendered in one pass, the doctype is ours to write.
      expect(html.startsWith('<!DOCTYPE html><html lang="en">'), path).toBe(true);
      expect(html.endsWith("</html>"), path).toBe(true);
      const scripts = await scriptsOf(html);
      if (withScripts.includes(path)) expect(scripts.size, path).toBeGreaterThan(0);
      else expect([...scripts.keys()], path).toEqual([]);
      let gzipBytes = 0;
      for (const [script, response] of scripts) {
        expect(response.status, script).toBe(200);
        expect(response.headers.get("cache-control"), script).toBe("public, max-age=31536000, immutable");
        gzipBytes += gzipSync(Buffer.from(await response.arrayBuffer())).length;
      }
      expect(gzipBytes, path).toBeLessThan(10_000);
    }
  });
});
