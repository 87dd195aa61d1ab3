import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { browserSuite, phonePage, toast } from "./browser-session";

const suite = browserSuite();
const ACT = "the-velvet-tones";

/** An API call as the page would make it (our origin, the context's session). */
async function call(context: BrowserContext, path: string, data: unknown) {
  const response = await context.request.post(`${suite.app.baseUrl}${path}`, {
    data,
    headers: { origin: suite.app.baseUrl },
  });
  expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as { data: Record<string, unknown> };
}

async function addEvent(context: BrowserContext, name: string, days: number, location: string) {
  const event = await call(context, "/api/events/create", {
    name,
    starttime: new Date(Date.now() + days * 86_400_000).toISOString(),
    location,
    venue: `${name} venue`,
    hours: 4,
  });
  return String(event.data.url);
}

/** Chooses one of the planner's events: the page asks for itself again with it (a GET form). */
async function chooseEvent(page: Page, eventUrl: string) {
  await page.getByLabel("Your event").selectOption(eventUrl);
  if (!page.url().includes(`event=${eventUrl}`)) await page.getByRole("button", { name: "Show this event" }).click();
  await page.waitForURL((url) => url.searchParams.get("event") === eventUrl);
}

describe("instant booking, on a phone (issue 65, item 2)", () => {
  it("an act makes an offering bookable at once; a planner filters for it, is told a taken day before committing, and books a free one with travel in its price", async () => {
    const artist = await suite.sessions.contextFor("owner");
    const planner = await suite.sessions.contextFor("planner");
    const rival = await suite.sessions.contextFor("planner2");
    await call(artist, `/api/acts/${ACT}/travel`, { free_miles: 20, cents_per_mile: 100 });

    // The act sets the offering's fixed terms; a price no card can carry is refused in the form.
    const profile = await phonePage(artist);
    await profile.goto(`${suite.app.baseUrl}/entertainment/${ACT}`);
    await profile.waitForLoadState("networkidle");
    const section = profile.getByRole("region", { name: "Offerings" });
    await section.getByRole("button", { name: "Add Offering" }).click();
    const dialog = profile.getByRole("dialog", { name: "Add Offering" });
    await dialog.getByLabel("Title").fill("Four-Hour Party");
    await dialog.getByLabel("Description").fill("Four hours of soul and Motown, sound and lights included.");
    await dialog.getByRole("checkbox", { name: "Wedding" }).check();
    await dialog.getByRole("checkbox", { name: /Planners may book this offering at once/ }).check();
    await dialog.getByLabel("Instant price (US dollars)").fill("0.10");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.getByText("A card payment is between $0.50 and $999,999.99").first().waitFor();
    expect(await axeViolations(profile)).toEqual([]);
    await dialog.getByLabel("Instant price (US dollars)").fill("1,800");
    await dialog.getByLabel("Deposit (US dollars, optional)").fill("450");
    await dialog.getByLabel("Cancellation policy").selectOption("flexible");
    await dialog.getByRole("button", { name: "Save" }).click();
    await toast(profile, "Offering added");
    await section.getByText(/Bookable at once: \$1,800\.00, deposit \$450\.00, flexible cancellation/).waitFor();

    // Another couple books one Saturday first.
    const acts = (await (await artist.request.get(`${suite.app.baseUrl}/api/acts/${ACT}`)).json()) as {
      data: { packages: { id: number; title: string }[] };
    };
    const offeringId = acts.data.packages.find((item) => item.title === "Four-Hour Party")!.id;
    const taken = await addEvent(rival, "Rival party", 91, "Chicago, IL");
    await call(rival, "/api/bookings/instant", { offering_id: offeringId, event_url: taken });
    const sameDay = await addEvent(planner, "Rehearsal dinner", 91, "Chicago, IL");
    const wedding = await addEvent(planner, "Barn wedding", 120, "Rockford, IL");

    // The planner finds the act on the map: its pin links to its card, and the card back to its pin.
    const page = await phonePage(planner);
    await page.goto(`${suite.app.baseUrl}/search`);
    await page.getByRole("navigation", { name: "Show results" }).getByRole("link", { name: "Map" }).click();
    await page.waitForURL(/view=map/);
    const pin = page.getByRole("link", { name: /^The Velvet Tones, Chicago, IL: see its card$/ });
    await pin.focus();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(`pin-${ACT}`);
    await page.keyboard.press("Enter");
    await page.waitForURL(new RegExp(`#act-${ACT}$`));
    const states = await page.request.get(`${suite.app.baseUrl}/map/us-states.svg`);
    expect([states.status(), states.headers()["content-type"]]).toEqual([200, "image/svg+xml"]);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("link", { name: /^On the map\s*: The Velvet Tones$/ }).click();
    await page.waitForURL(new RegExp(`#pin-${ACT}$`));
    // A malformed area is the field's error, not a broken page.
    await page.goto(`${suite.app.baseUrl}/search?view=map&bounds=1,2,3`);
    await page.getByText("Give the map's area as four numbers: south,west,north,east").first().waitFor();

    // The planner filters search for it and opens the act from its card.
    await page.goto(`${suite.app.baseUrl}/search?instant=1`);
    const card = page.getByRole("article").filter({ hasText: "The Velvet Tones" });
    await card.getByText("Book instantly").waitFor();
    expect(await page.getByRole("article").count()).toBe(1);
    await page.goto(`${suite.app.baseUrl}/entertainment/${ACT}`);
    await page.getByRole("link", { name: /^Book instantly\s*: Four-Hour Party$/ }).click();
    await page.getByRole("heading", { name: "Book The Velvet Tones instantly" }).waitFor();

    // The taken day says so before anything is committed, and offers no button.
    await chooseEvent(page, sameDay);
    await page.getByRole("status").filter({ hasText: "Not free:" }).waitFor();
    expect(await page.getByRole("button", { name: /^Book now/ }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    // The free one shows the travel line in its price, and books in one step.
    await chooseEvent(page, wedding);
    await page.getByRole("status").filter({ hasText: "Free:" }).waitFor();
    await page
      .getByText(/travel/i)
      .first()
      .waitFor();
    const button = page.getByRole("button", { name: /^Book now for \$/ });
    const price = (await button.textContent())!.replace("Book now for ", "");
    expect(Number(price.replace(/[$,]/g, ""))).toBeGreaterThan(1800);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel("Your phone on the day (optional)").fill("+1 312 555 0142");
    await button.click();
    await page.waitForURL(/\/bookings\/[A-Z0-9]+$/);
    await page.getByText(price).first().waitFor();
    await page
      .getByText(/for The Velvet Tones/)
      .first()
      .waitFor();
    await page
      .getByText(/SHA-256/)
      .first()
      .waitFor();
  });

  it("a listing page shows its acts on the map too: pins link to cards, crowds search their area, all without a script", async () => {
    const guest = await suite.sessions.contextFor("guest");
    const page = await phonePage(guest);
    await page.goto(`${suite.app.baseUrl}/hire/wedding/chicago-il`);
    await page.getByRole("navigation", { name: "Show results" }).getByRole("link", { name: "Map" }).click();
    await page.waitForURL(/\/hire\/wedding\/chicago-il\?view=map$/);
    expect(
      await page
        .getByRole("navigation", { name: "Show results" })
        .getByRole("link", { name: "Map" })
        .getAttribute("aria-current"),
    ).toBe("page");
    await page.getByText(/^Map of this page's acts: \d+ placed/).waitFor();
    // Chicago's acts crowd one point: a numbered circle that searches the category in its area on the map.
    const crowd = page.getByRole("link", { name: /acts here: .*Search this area/ }).first();
    expect(await crowd.getAttribute("href")).toMatch(/^\/search\?.*view=map&bounds=-?\d/);
    expect(await page.locator("script[src]").count()).toBeLessThanOrEqual(1);
    expect(await axeViolations(page)).toEqual([]);
    await crowd.click();
    await page.waitForURL(/\/search\?.*bounds=/);
    await page.getByText(/^Map of this page's acts: \d+ placed/).waitFor();
  });
});
