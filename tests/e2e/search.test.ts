import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { browserSuite, searchAnswered, watchCspViolations } from "./browser-session";

const suite = browserSuite();

/**
 * On /search showing "velvet" near Chicago: each change shows at once, in place, the address
 * follows, and the field being used keeps its focus.
 */
async function narrowsInPlace(page: Page) {
  const status = page.getByRole("status");
  await expect.poll(() => status.textContent()).toBe("1 entertainer found");
  const form = page.getByRole("search", { name: "Search entertainers" });
  await form.getByLabel("Within").selectOption("25");
  await page.waitForURL(/radius=25/);
  await searchAnswered(page);
  await form.getByLabel("When").fill("2031-06-14");
  await page.waitForURL(/date=2031-06-14/);
  await searchAnswered(page);
  // Every act found is free that day, and its card says so.
  await page.getByRole("article", { name: "The Velvet Tones" }).getByText("Free on Sat, Jun 14").waitFor();
  const motown = form.getByRole("checkbox", { name: /^Motown/ });
  await motown.check();
  await page.waitForURL(/styles%5B%5D=Motown|styles\[\]=Motown/);
  await searchAnswered(page);
  await expect.poll(() => status.textContent()).toBe("1 entertainer found");
  // The filters are the answer's own, and the one just ticked still has focus.
  expect(await motown.isChecked()).toBe(true);
  await expect.poll(() => motown.evaluate((element) => element === document.activeElement)).toBe(true);
  const keywords = form.getByLabel("What");
  await keywords.fill("velvit");
  await page.waitForURL(/searchTerms=velvit/);
  await searchAnswered(page);
  expect(await keywords.evaluate((element) => element === document.activeElement)).toBe(true);
  await expect.poll(() => status.textContent()).toBe("1 entertainer found");

  // A place typed in full but unknown: its message shows in place, and goes once it is put right.
  const where = form.getByRole("combobox", { name: "Where" });
  await where.fill("Chicgo, IL");
  await page.waitForURL(/Chicgo/);
  await searchAnswered(page);
  await expect.poll(() => status.textContent()).toBe("Correct the search to see results");
  expect(await form.getByText(/We could not find "Chicgo, IL"\. Did you mean Chicago, IL/).count()).toBe(1);
  expect(await where.getAttribute("aria-invalid")).toBe("true");
  expect(await where.evaluate((element) => element === document.activeElement)).toBe(true);
  await where.fill("Chicago, IL");
  await page.waitForURL(/location=Chicago%2C\+IL|location=Chicago%2C%20IL/);
  await searchAnswered(page);
  await expect.poll(() => status.textContent()).toBe("1 entertainer found");
  expect(await form.getByText(/We could not find/).count()).toBe(0);
  expect(await where.getAttribute("aria-invalid")).toBe(null);
  expect(await page.getByRole("article").count()).toBe(1);
}

describe("/search", () => {
  it("a guest searches by what, where, radius and date, narrows by a filter and opens a result", async () => {
    const page = await (await suite.sessions.contextFor("guest")).newPage();
    await page.goto(`${suite.app.baseUrl}/`);
    await page.getByRole("search", { name: "Find entertainers" }).getByLabel("What").fill("velvet");
    await page
      .getByRole("search", { name: "Find entertainers" })
      .getByRole("combobox", { name: "Where" })
      .fill("Chicago, IL");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/\/search\?/);
    await expect.poll(() => page.getByRole("status").textContent()).toBe("1 entertainer found");
    // Opened afresh (a reload, a link from elsewhere), a guest's results page is plain HTML with a
    // small script (decision 0024), not the app; its results follow the form all the same.
    await page.reload();
    expect(await page.locator("body").getAttribute("data-layout")).toBe("public");
    expect(await page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    await narrowsInPlace(page);

    await page.getByRole("link", { name: "The Velvet Tones" }).click();
    await page.waitForURL(/\/entertainment\/the-velvet-tones$/);
    await page.close();
  });

  it("a planner's results page is the app, and follows the form in place the same way", async () => {
    const page = await (await suite.sessions.contextFor("planner")).newPage();
    await page.goto(`${suite.app.baseUrl}/search?searchTerms=velvet&location=Chicago%2C+IL`);
    await page.waitForFunction(() => "__reactRouterContext" in window);
    expect(await page.locator("body").getAttribute("data-layout")).toBe("authenticated");
    await narrowsInPlace(page);
    await page.close();
  });

  it("a guest sorts by lowest price and sets a budget; every card says its price", async () => {
    const page = await (await suite.sessions.contextFor("guest")).newPage();
    await page.goto(`${suite.app.baseUrl}/search?location=Chicago%2C+IL&radius=250`);
    const form = page.getByRole("search", { name: "Search entertainers" });
    const dollars = async () =>
      (
        await page
          .getByRole("article")
          .getByText(/^From \$/)
          .allTextContents()
      ).map((text) => Number(text.replace(/[^\d.]/g, "")));
    await form.getByLabel("Sort by").selectOption("price");
    await page.waitForURL(/sort=price/);
    await searchAnswered(page);
    const sorted = await dollars();
    expect(sorted.length).toBeGreaterThan(5);
    expect(sorted).toEqual([...sorted].sort((a, b) => a - b));
    await form.getByLabel(/^Budget/).fill("1000");
    await page.waitForURL(/budget=1000/);
    await searchAnswered(page);
    const within = await dollars();
    // Every act shown has a price, and it starts within the budget.
    expect(within.length).toBe(await page.getByRole("article").count());
    expect(within.length).toBeGreaterThan(0);
    expect(within.every((price) => price <= 1000)).toBe(true);
    await page.close();
  });

  it("works with JavaScript off: a GET form whose address holds the whole search", async () => {
    const context = await suite.browser.newContext({ javaScriptEnabled: false });
    watchCspViolations(context, suite.cspViolations);
    const page = await context.newPage();
    await page.goto(`${suite.app.baseUrl}/search`);
    await page.getByLabel("What").fill("velvet");
    await page.getByRole("combobox", { name: "Where" }).fill("Milwaukee, WI");
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL(/searchTerms=velvet/);
    expect(await page.getByRole("status").textContent()).toBe("1 entertainer found");
    // The act also plays the very city searched: the card names it, with no "0 miles away".
    expect(
      await page.getByRole("article").getByText("Chicago, IL · also plays Milwaukee, WI", { exact: true }).count(),
    ).toBe(1);
    expect(
      await page
        .getByRole("article")
        .getByText(/miles away/)
        .count(),
    ).toBe(0);

    // An unknown place says what went wrong and suggests the nearest names.
    await page.goto(`${suite.app.baseUrl}/search?location=Chicgo,%20IL`);
    expect(await page.getByText(/We could not find "Chicgo, IL"\. Did you mean Chicago, IL/).count()).toBe(1);

    // Nothing found: the page offers a wider radius or fewer filters.
    await page.goto(`${suite.app.baseUrl}/search?searchTerms=velvet&location=Denver,%20CO&radius=25&styles[]=Soul`);
    expect(await page.getByRole("status").textContent()).toBe("0 entertainers found");
    await page.getByRole("link", { name: "Search within 50 miles" }).click();
    await page.waitForURL(/radius=50/);
    expect(await page.getByRole("link", { name: "Drop genres: Soul" }).count()).toBe(1);

    // Each list once, under one name, and no value under two lists.
    await page.goto(`${suite.app.baseUrl}/search`);
    const legends = await page.locator("form[role=search] fieldset legend").allTextContents();
    expect(legends).toEqual([
      "Variety and Speaker Types",
      "Genres",
      "Group Sizes",
      "Set Types",
      "Event Types",
      "Extras",
    ]);
    const values = async (legend: string) =>
      await page
        .locator("fieldset")
        .filter({ has: page.locator("legend", { hasText: legend }) })
        .getByRole("checkbox")
        .evaluateAll((boxes) => boxes.map((box) => (box as HTMLInputElement).value));
    const sizes = await values("Group Sizes");
    expect(sizes.length).toBeGreaterThan(0);
    expect((await values("Variety and Speaker Types")).filter((value) => sizes.includes(value))).toEqual([]);
    await context.close();
  });
});
