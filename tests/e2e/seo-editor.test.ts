import { describe, expect, it } from "vitest";
import { browserSuite, toast } from "./browser-session";
import { type DemoRole, sessionsFor } from "./demo-sessions";

const suite = browserSuite();
let cookies: ReturnType<typeof sessionsFor> | undefined;
const cookieFor = (role: DemoRole) => (cookies ??= sessionsFor(suite.app.baseUrl))(role);

const titleOf = (html: string) =>
  html
    .match(/<title>([^<]*)<\/title>/)?.[1]
    ?.replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'");
/** A page as a guest sees it, and whether it came from the guest page cache. */
async function asGuest(path: string) {
  const response = await fetch(suite.app.baseUrl + path);
  return { status: response.status, cache: response.headers.get("x-cache"), html: await response.text() };
}

describe("/admin/seo for every role", () => {
  it.each([
    ["/admin/seo", "admin", 200],
    ["/admin/seo/entry?kind=listing", "admin", 200],
    ["/admin/seo/guide?slug=choosing-a-wedding-band", "admin", 200],
    ["/admin/seo/entry?id=999999", "admin", 404],
    ["/admin/seo/guide?slug=no-such-guide", "admin", 404],
    ["/admin/seo", "planner", 403],
    ["/admin/seo", "owner", 403],
    ["/admin/seo/entry?kind=act", "otherArtist", 403],
    ["/admin/seo/guide", "planner", 403],
  ] as [string, DemoRole, number][])("%s as %s answers %i", async (path, role, status) => {
    const cookie = await cookieFor(role);
    const response = await fetch(suite.app.baseUrl + path, { headers: cookie ? { cookie } : {}, redirect: "manual" });
    expect(response.status).toBe(status);
    expect(await response.text()).toContain('<meta name="robots" content="noindex"/>');
  });

  it.each(["/admin/seo?tab=guide", "/admin/seo/entry?kind=act", "/admin/seo/guide"])(
    "a guest on %s is sent to sign in and back",
    async (path) => {
      const response = await fetch(suite.app.baseUrl + path, { redirect: "manual" });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    },
  );

  it("a planner's form post to the editor changes nothing: the API refuses it", async () => {
    const response = await fetch(`${suite.app.baseUrl}/admin/seo/entry?kind=act`, {
      method: "POST",
      headers: {
        cookie: (await cookieFor("planner"))!,
        "content-type": "application/x-www-form-urlencoded",
        origin: suite.app.baseUrl,
      },
      body: new URLSearchParams({
        kind: "act",
        key: "dj-nova",
        title: "Planner's title",
        description: "A planner should not be able to write this.",
      }),
      redirect: "manual",
    });
    expect(response.status).not.toBe(302);
    expect(titleOf((await asGuest("/entertainment/dj-nova")).html)).not.toBe("Planner's title");
  });
});

describe("an admin edits what search engines show", () => {
  it("writes a listing page's entry with a live preview and warnings, and guests see it at once", async () => {
    expect(titleOf((await asGuest("/hire/dj/austin-tx")).html)).toBe("DJs for Events in Austin, TX");
    expect((await asGuest("/hire/dj/austin-tx")).cache).toBe("hit");

    const page = await (await suite.sessions.contextFor("admin")).newPage();
    await page.goto(`${suite.app.baseUrl}/my-acts`);
    await page.getByRole("link", { name: "Search-engine copy" }).click();
    const tabs = page.getByRole("navigation", { name: "Kinds of copy" });
    await tabs.waitFor();
    expect(await tabs.getByRole("link").allTextContents()).toEqual([
      "Act pages (6)",
      "Listing pages (4)",
      "Guides (15)",
    ]);
    await tabs.getByRole("link", { name: /Listing pages/ }).click();
    await page.getByRole("link", { name: "New entry for a listing page" }).click();

    await page.getByLabel("Listing page path").fill("/hire/dj/austin-tx");
    const longTitle = "Austin DJs for weddings, campus parties, corporate nights and every other kind of event";
    await page.getByLabel("Title", { exact: true }).fill(longTitle);
    const preview = page.getByTestId("serp-preview");
    await expect
      .poll(() => preview.getByTestId("serp-title").textContent())
      .toMatch(/^Austin DJs for weddings, campus parties, corporate nights…$/);
    expect(await preview.textContent()).toContain("› hire › dj › austin-tx");
    const warnings = page.getByRole("list", { name: "Warnings" });
    expect(await warnings.textContent()).toContain(
      `The title has ${longTitle.length} characters; search engines show about 60, so the end is cut.`,
    );

    await page.getByLabel("Title", { exact: true }).fill("Austin DJs for Weddings, Parties and Campus Nights");
    await page
      .getByLabel("Description", { exact: true })
      .fill(
        "Book an Austin DJ who has played your kind of room: compare reviews, prices and open dates, then invite the ones you like.",
      );
    await expect.poll(() => warnings.count()).toBe(0);
    await page.getByLabel(/^Introduction/).fill("Austin dances late.\n\nThese DJs know it.");
    await page.getByRole("button", { name: "Save entry" }).click();
    await page.getByRole("status").filter({ hasText: "Curated entry saved: /hire/dj/austin-tx" }).waitFor();
    expect(await tabs.getByRole("link").allTextContents()).toEqual([
      "Act pages (6)",
      "Listing pages (5)",
      "Guides (15)",
    ]);

    const after = await asGuest("/hire/dj/austin-tx");
    expect(after.cache).toBe("miss");
    expect(titleOf(after.html)).toBe("Austin DJs for Weddings, Parties and Campus Nights");
    expect(after.html).toContain("Austin dances late.");
    expect(after.html).toContain("These DJs know it.");
    await page.close();
  });

  it("edits an act's entry: field errors from the server, then the profile's title changes for guests", async () => {
    await asGuest("/entertainment/the-velvet-tones");
    const page = await (await suite.sessions.contextFor("admin")).newPage();
    await page.goto(`${suite.app.baseUrl}/admin/seo?tab=act`);
    await page.getByLabel("Find by address or title").fill("velvet");
    await page.getByRole("button", { name: "Find" }).click();
    await page.getByRole("link", { name: "Edit /entertainment/the-velvet-tones" }).click();
    await page.getByLabel("Title", { exact: true }).fill("");
    await page.getByRole("button", { name: "Save entry" }).click();
    await page.getByText("Enter a title").waitFor();
    await page.getByLabel("Title", { exact: true }).fill("The Velvet Tones");
    await page.getByLabel(/^Act url/).fill("no-such-act");
    await page.getByRole("button", { name: "Save entry" }).click();
    await page.getByText("No act has this url").waitFor();

    await page.getByLabel(/^Act url/).fill("the-velvet-tones");
    await page.getByLabel("Title", { exact: true }).fill("The Velvet Tones: Chicago's Motown and Soul Wedding Band");
    await page.getByRole("button", { name: "Save entry" }).click();
    await page.getByRole("status").filter({ hasText: "Curated entry saved: the-velvet-tones" }).waitFor();
    expect(titleOf((await asGuest("/entertainment/the-velvet-tones")).html)).toBe(
      "The Velvet Tones: Chicago's Motown and Soul Wedding Band",
    );
    // Other acts' cached pages are left alone.
    await page.close();
  });

  it("publishes a guide with sections and links, refuses a link off the site, and deletes it after asking", async () => {
    const page = await (await suite.sessions.contextFor("admin")).newPage();
    await page.goto(`${suite.app.baseUrl}/admin/seo?tab=guide`);
    await page.getByRole("link", { name: "New guide" }).click();
    await page.getByLabel("Address: /guides/…").fill("sound-checks");
    await page.getByLabel("Title", { exact: true }).fill("What happens at a sound check, and why it matters");
    await page
      .getByLabel(/^Text:/)
      .fill(
        "A sound check is the act's rehearsal with the room.\n\n## When to schedule it\n\nBefore guests arrive.\n\nAt least an hour before.",
      );
    await page.getByLabel(/^Links into the site/).fill("Out | //evil.example/");
    await page.getByRole("button", { name: "Save guide" }).click();
    await page.getByText("Link 1: A link points to a page of this site: a path starting with /").waitFor();
    await page.getByLabel(/^Links into the site/).fill("DJs in Austin, TX | /hire/dj/austin-tx");
    await page.getByRole("button", { name: "Save guide" }).click();
    await page.getByRole("status").filter({ hasText: "Guide saved: sound-checks" }).waitFor();

    const guide = await asGuest("/guides/sound-checks");
    expect(guide.status).toBe(200);
    expect(guide.html).toContain("When to schedule it</h2>");
    expect(guide.html).toContain('href="/hire/dj/austin-tx"');
    expect((await asGuest("/guides")).html).toContain('href="/guides/sound-checks"');
    expect(await (await fetch(`${suite.app.baseUrl}/sitemap.xml`)).text()).toContain(
      `${suite.app.baseUrl}/guides/sound-checks</loc>`,
    );

    await page.getByLabel("Find by address or title").fill("sound");
    await page.getByRole("button", { name: "Find" }).click();
    await page.getByRole("button", { name: "Delete /guides/sound-checks" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await toast(page, "Guide deleted");
    expect((await asGuest("/guides/sound-checks")).status).toBe(404);
    expect(await (await fetch(`${suite.app.baseUrl}/sitemap.xml`)).text()).not.toContain("sound-checks");
    await page.close();
  });
});
