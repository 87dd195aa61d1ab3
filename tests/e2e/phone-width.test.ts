import { describe, expect, it } from "vitest";
import type { DemoRole } from "./demo-sessions";
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
  ["planner", "/"],
  ["planner", "/search?searchTerms=jazz"],
  ["planner", "/entertainment/the-velvet-tones"],
  ["planner", "/events"],
  ["planner", "/events/add-event"],
  ["planner", "/notifications"],
  ["planner", "/account"],
  ["owner", "/my-acts"],
  ["owner", "/acts/new"],
  ["owner", "/entertainment/the-velvet-tones"],
  ["owner", "/entertainment/update/the-velvet-tones"],
  ["owner", "/invites"],
  ["owner", "/documents"],
  ["admin", "/admin/acts"],
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
    for (const [role, path] of PAGES) {
      const cookies = role === "guest" ? [] : await (await suite.sessions.contextFor(role)).cookies();
      const context = await suite.browser.newContext({ viewport: { width: 390, height: 844 } });
      await context.addCookies(cookies);
      const page = await context.newPage();
      await page.goto(suite.app.baseUrl + path);
      await page.waitForLoadState("networkidle");
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 390) wider.push(`${role} ${path}: ${width} px`);
      await context.close();
    }
    expect(wider).toEqual([]);
  });
});
