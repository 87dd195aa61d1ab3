import { describe, expect, it } from "vitest";
import type { DemoRole } from "./demo-sessions";
import { axeViolations } from "./axe";
import { browserSuite } from "./browser-session";

const suite = browserSuite();

/**
 * A page must never fail because an optional part is missing (issue 44): an act made with its
 * name alone (no photo, headline, description, location, tags, offerings, reviews, videos,
 * documents, calendar, conversations), then approved, on every page that shows it, for every
 * role that may see it, at a phone's width and a laptop's.
 */
describe("an act with nothing optional set", () => {
  it("every page that shows it answers, whole, for every role", async () => {
    const admin = await suite.sessions.contextFor("admin");
    const owner = await suite.sessions.contextFor("owner");
    const created = await owner.request.post(`${suite.app.baseUrl}/api/acts/create`, {
      data: { name: "Bare Bones Duo", musical: true },
      headers: { origin: suite.app.baseUrl },
    });
    expect(created.status()).toBe(201);
    const { url } = ((await created.json()) as { data: { url: string } }).data;
    expect(url).toBe("bare-bones-duo");
    const problems: string[] = [];
    const visit = async (role: DemoRole, path: string) => {
      // Every page on a phone, where layouts break first; the profile on a laptop too, with axe.
      for (const width of path === `/entertainment/${url}` ? [390, 1366] : [390]) {
        const cookies = role === "guest" ? [] : await (await suite.sessions.contextFor(role)).cookies();
        const context = await suite.browser.newContext({ viewport: { width, height: 900 } });
        await context.addCookies(cookies);
        const page = await context.newPage();
        const errors: string[] = [];
        page.on("pageerror", (error) => errors.push(error.message));
        const response = await page.goto(suite.app.baseUrl + path);
        await page.waitForLoadState("networkidle");
        const where = `${role} ${path} at ${width}`;
        if (response?.status() !== 200) problems.push(`${where}: ${response?.status()}`);
        const text = (await page.locator("main").textContent()) ?? "";
        if (/Something went wrong/.test(text)) problems.push(`${where}: an error page`);
        if (!text.includes("Bare Bones Duo")) problems.push(`${where}: the act is not on the page`);
        if (errors.length) problems.push(`${where}: ${errors.join("; ")}`);
        const wide = await page.evaluate(() => document.documentElement.scrollWidth);
        if (wide > width) problems.push(`${where}: ${wide} px wide`);
        if (width === 1366) {
          const violations = await axeViolations(page);
          if (violations.length) problems.push(`${where}: ${JSON.stringify(violations)}`);
        }
        await context.close();
      }
    };
    // Its artist's pages while it is new, then public once an admin approves it as it is.
    const pagesBefore: [DemoRole, string][] = [
      ["owner", `/entertainment/${url}`],
      ["owner", `/entertainment/update/${url}`],
      ["owner", `/entertainment/${url}/calendar`],
      ["owner", "/my-acts"],
      ["admin", `/entertainment/${url}`],
    ];
    for (const [role, path] of pagesBefore) await visit(role, path);
    const approved = await admin.request.post(`${suite.app.baseUrl}/api/acts/set-status/${url}`, {
      data: { status: "approved" },
      headers: { origin: suite.app.baseUrl },
    });
    const pagesAfter: [DemoRole, string][] = [
      ["guest", `/entertainment/${url}`],
      ["planner", `/entertainment/${url}`],
      ["otherArtist", `/entertainment/${url}`],
      ["owner", `/entertainment/${url}`],
      ["owner", `/entertainment/${url}/calendar`],
      ["admin", `/entertainment/${url}`],
      ["admin", `/entertainment/update/${url}`],
      ["admin", `/entertainment/${url}/calendar`],
      ["guest", "/search?searchTerms=bare%20bones"],
      ["planner", "/search?searchTerms=bare%20bones"],
      ["admin", "/search?searchTerms=bare%20bones"],
    ];
    expect(approved.status()).toBe(200);
    for (const [role, path] of pagesAfter) await visit(role, path);
    expect(problems).toEqual([]);
  }, 240_000);
});
