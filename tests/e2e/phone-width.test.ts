import { describe, expect, it } from "vitest";
import type { DemoRole } from "./demo-sessions";
import { axeViolations } from "./axe";
import { browserSuite } from "./browser-session";

const suite = browserSuite();

/** Every page each role reaches from the header and its lists, on a phone 390 pixels wide. */
const PAGES: [DemoRole, string][] = [
  ["guest", "/"],
  ["guest", "/search?searchTerms=jazz"],
  ["guest", "/hire/wedding/chicago-il"],
  ["guest", "/entertainment/the-velvet-tones"],
  ["guest", "/guides"],
  ["guest", "/login"],
  ["guest", "/signup"],
  ["guest", "/forgot-password"],
  ["guest", "/no-such-page"],
  ["guest", "/about"],
  ["guest", "/contact"],
  ["guest", "/terms"],
  ["planner", "/"],
  ["planner", "/search?searchTerms=jazz"],
  ["planner", "/search?date=2031-06-14"],
  ["planner", "/hire/wedding/chicago-il"],
  ["planner", "/entertainment/the-velvet-tones"],
  ["planner", "/events"],
  ["planner", "/events/add-event"],
  ["planner", "/notifications"],
  ["planner", "/messages"],
  ["planner", "/shortlist"],
  ["planner", "/account"],
  ["owner", "/my-acts"],
  ["owner", "/acts/new"],
  ["owner", "/entertainment/the-velvet-tones"],
  ["owner", "/entertainment/update/the-velvet-tones"],
  ["owner", "/invites"],
  ["owner", "/messages"],
  ["owner", "/entertainment/the-velvet-tones/calendar"],
  ["owner", "/documents"],
  ["admin", "/admin/acts"],
  ["admin", "/messages"],
  ["admin", "/admin/tag-requests"],
  ["admin", "/admin/seo"],
  ["admin", "/admin/seo/entry?kind=listing"],
  ["admin", "/admin/seo/guide"],
  ["admin", "/documents"],
  ["admin", "/entertainment/the-velvet-tones"],
];

describe("on a phone", () => {
  it("no page is wider than the screen, for any role", async () => {
    const wider: string[] = [];
    // The seeded booking's page, for both its sides, and the admins' jobs page.
    const bookings = await (await suite.sessions.contextFor("planner")).request.get(
      `${suite.app.baseUrl}/api/bookings`,
    );
    const [booking] = ((await bookings.json()) as { data: { number: string }[] }).data;
    const pages: [DemoRole, string][] = [
      ...PAGES,
      ["planner", `/bookings/${booking!.number}`],
      ["owner", `/bookings/${booking!.number}`],
      ["admin", "/admin/jobs"],
      ["admin", "/admin/cases"],
    ];
    for (const [role, path] of pages) {
      const cookies = role === "guest" ? [] : await (await suite.sessions.contextFor(role)).cookies();
      const context = await suite.browser.newContext({ viewport: { width: 390, height: 844 } });
      await context.addCookies(cookies);
      const page = await context.newPage();
      await page.goto(suite.app.baseUrl + path);
      await page.waitForLoadState("networkidle");
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 390) wider.push(`${role} ${path}: ${width} px`);
      // A card cut off by a container that hides its overflow leaves the page 390 wide: measure the cards themselves.
      const cards = await page
        .locator("main article, main li")
        .evaluateAll((elements) => elements.map((element) => Math.round(element.getBoundingClientRect().right)));
      const widest = Math.max(0, ...cards);
      if (widest > 390) wider.push(`${role} ${path}: a card reaching ${widest} px`);
      // The header is one row: the brand and the Menu button.
      const header = await page
        .locator("header:has(nav[aria-label=Main])")
        .evaluate((element) => element.getBoundingClientRect().height);
      if (header > 64) wider.push(`${role} ${path}: a header ${header} px tall`);
      await context.close();
    }
    expect(wider).toEqual([]);
  });

  it("results come first on /search and a listing; the filters open from a button that counts them, with or without JavaScript", async () => {
    for (const javaScriptEnabled of [true, false]) {
      for (const role of ["guest", "planner"] as const) {
        const cookies = role === "guest" ? [] : await (await suite.sessions.contextFor(role)).cookies();
        const context = await suite.browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled });
        await context.addCookies(cookies);
        const page = await context.newPage();
        for (const path of ["/search?budget=5000&date=2031-06-14", "/hire/wedding/chicago-il"]) {
          await page.goto(suite.app.baseUrl + path);
          const where = `${role}, JavaScript ${javaScriptEnabled ? "on" : "off"}, ${path}`;
          // The first result starts within the first screen.
          const top = await page
            .getByRole("article")
            .first()
            .evaluate((element) => element.getBoundingClientRect().top);
          expect(top, where).toBeLessThan(844);
          const button = page.locator("summary", { hasText: "Filters and sorting" });
          // The date and the budget on /search; the listing's own category on the listing.
          expect(await button.textContent(), where).toContain(path.startsWith("/search") ? "2 on" : "1 on");
          const checkbox = page.getByRole("checkbox").first();
          expect(await checkbox.isVisible(), where).toBe(false);
          await button.click();
          expect(await checkbox.isVisible(), where).toBe(true);
          expect(await page.getByLabel("Sort by").isVisible(), where).toBe(true);
        }
        await context.close();
      }
    }
  });

  it("a profile sells in its first screen: price, rating, response time and the quote, which stays in view", async () => {
    // A catalogue act with a price, reviews and response facts, as most demo acts have.
    const found = (await (await fetch(`${suite.app.baseUrl}/api/acts?perPage=50&sort=rating`)).json()) as {
      data: { url: string; name: string; price_from_cents: number | null; response_rate?: number }[];
    };
    const act = found.data.find((row) => row.price_from_cents !== null && row.response_rate !== undefined)!;
    expect(act).toBeDefined();
    for (const role of ["guest", "planner"] as const) {
      const cookies = role === "guest" ? [] : await (await suite.sessions.contextFor(role)).cookies();
      const context = await suite.browser.newContext({ viewport: { width: 390, height: 844 } });
      await context.addCookies(cookies);
      const page = await context.newPage();
      await page.goto(`${suite.app.baseUrl}/entertainment/${act.url}`);
      const header = page.locator("main header:has(h1)");
      const bar = page.getByRole("region", { name: `Request a quote from ${act.name}` });
      const inFirstScreen = async (what: string, locator: ReturnType<typeof page.locator>) => {
        // A signed-in page renders again as it starts: measure the element once it has settled.
        await expect
          .poll(
            async () => {
              const box = await locator.boundingBox();
              return box ? box.y + box.height : null;
            },
            { message: `${role}: ${what}` },
          )
          .toBeLessThanOrEqual(844);
      };
      await inFirstScreen("the price", header.getByText(/^From \$/));
      await inFirstScreen("the rating", header.getByText(/\d reviews?\)/));
      await inFirstScreen("the response time", header.getByTestId("response-facts"));
      await inFirstScreen("the quote", bar.getByRole("link", { name: "Request a quote" }));
      expect(await axeViolations(page)).toEqual([]);
      expect(await bar.textContent()).toMatch(/^From \$[\d,]+★ \d\.\d \(\d+\)Request a quote$/);
      // Scrolled to the foot of the page, the bar is still there, and covers none of the page's end.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await inFirstScreen("the quote after scrolling", bar.getByRole("link", { name: "Request a quote" }));
      await bar.getByRole("link", { name: "Request a quote" }).click();
      if (role === "guest") {
        await page.waitForURL(/\/signup\?redirectTo=/);
        expect(decodeURIComponent(new URL(page.url()).searchParams.get("redirectTo")!)).toBe(
          `/events/add-event?actUrl=${act.url}`,
        );
      } else {
        await page.waitForURL(/#book$/);
        await inFirstScreen("the booking block", page.getByRole("region", { name: "Book this act" }));
      }
      await context.close();
    }
    // The act's own artist has no quote to ask for; a wide screen has the side column instead.
    const owner = await (await suite.sessions.contextFor("owner")).newPage();
    await owner.setViewportSize({ width: 390, height: 844 });
    await owner.goto(`${suite.app.baseUrl}/entertainment/the-velvet-tones`);
    expect(await owner.getByTestId("quote-bar").count()).toBe(0);
    await owner.close();
    const wide = await suite.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await wide.goto(`${suite.app.baseUrl}/entertainment/the-velvet-tones`);
    expect(await wide.getByTestId("quote-bar").isVisible()).toBe(false);
    await wide.close();
  });

  it("on a wide screen the filters are shown without the button", async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${suite.app.baseUrl}/search?location=Chicago%2C+IL`);
    expect(await page.locator("summary", { hasText: "Filters and sorting" }).isVisible()).toBe(false);
    expect(await page.getByRole("checkbox").first().isVisible()).toBe(true);
    expect(await page.getByLabel("Sort by").isVisible()).toBe(true);
    await context.close();
  });

  it("the header's menu holds every link, opens by keyboard, and closes on the next page", async () => {
    const cookies = await (await suite.sessions.contextFor("admin")).cookies();
    const context = await suite.browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addCookies(cookies);
    const page = await context.newPage();
    await page.goto(`${suite.app.baseUrl}/`);
    const account = page.getByTestId("signed-in-as");
    expect(await account.isVisible()).toBe(false);
    await page.locator("summary", { hasText: "Menu" }).focus();
    await page.keyboard.press("Enter");
    expect(await account.textContent()).toBe("Avery Admin");
    const menu = page.getByRole("navigation", { name: "Main" });
    for (const name of [
      "Find entertainers",
      "Guides",
      /^Moderation/,
      "Search-engine copy",
      "My Acts",
      /^Notifications/,
    ])
      expect(await menu.getByRole("link", { name }).isVisible(), String(name)).toBe(true);
    await menu.getByRole("link", { name: "My Acts" }).click();
    await page.waitForURL(/\/my-acts$/);
    await expect.poll(() => account.isVisible()).toBe(false);
    await context.close();
  });

  it("at 1366 pixels every role's header is one row with its links in it", async () => {
    for (const role of ["guest", "planner", "owner", "admin"] as const) {
      const cookies = role === "guest" ? [] : await (await suite.sessions.contextFor(role)).cookies();
      const context = await suite.browser.newContext({ viewport: { width: 1366, height: 900 } });
      await context.addCookies(cookies);
      const page = await context.newPage();
      await page.goto(`${suite.app.baseUrl}/`);
      expect(
        await page
          .locator("header:has(nav[aria-label=Main])")
          .evaluate((element) => element.getBoundingClientRect().height),
        role,
      ).toBeLessThanOrEqual(64);
      expect(await page.getByRole("link", { name: "Find entertainers" }).first().isVisible(), role).toBe(true);
      await context.close();
    }
  });

  it("every page ends with a footer: about, contact, terms, guides and cities, each a page", async () => {
    const page = await (await suite.sessions.contextFor("guest")).newPage();
    for (const path of ["/", "/entertainment/the-velvet-tones", "/no-such-page"]) {
      await page.goto(suite.app.baseUrl + path);
      const footer = page.locator("footer");
      for (const name of ["About", "Contact", "Terms", "Guides", "Chicago"])
        expect(await footer.getByRole("link", { name, exact: true }).count(), `${path} ${name}`).toBe(1);
    }
    for (const [name, heading] of [
      ["About", "About EVA"],
      ["Contact", "Contact us"],
      ["Terms", "Terms of use"],
    ] as const) {
      await page.locator("footer").getByRole("link", { name, exact: true }).click();
      await page.getByRole("heading", { level: 1, name: heading }).waitFor();
    }
    expect(await page.getByRole("link", { name: /^help@/ }).count()).toBe(0);
    await page.goto(`${suite.app.baseUrl}/contact`);
    expect(await page.getByRole("link", { name: /^help@/ }).getAttribute("href")).toMatch(/^mailto:help@/);
    await page.close();
  });
});
