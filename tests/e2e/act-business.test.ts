import type { BrowserContext } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { browserSuite, phonePage, toast } from "./browser-session";

const suite = browserSuite();
const ACT = "the-velvet-tones";
const today = () => new Date().toISOString().slice(0, 10);

/** An API call as the page would make it (our origin, the context's session). */
async function call(context: BrowserContext, path: string, data: unknown) {
  const response = await context.request.post(`${suite.app.baseUrl}${path}`, {
    data,
    headers: { origin: suite.app.baseUrl },
  });
  expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as { data: Record<string, unknown> };
}

/** The next given weekday (0 Sunday) some weeks ahead, at 7 PM where the event is. */
function nextWeekday(weekday: number, weeks = 10): string {
  const day = new Date(Date.now() + weeks * 7 * 86_400_000);
  day.setUTCDate(day.getUTCDate() + ((weekday - day.getUTCDay() + 7) % 7));
  return `${day.toISOString().slice(0, 10)}T19:00`;
}

async function todaysLeads(artist: BrowserContext): Promise<number> {
  const answer = await artist.request.get(`${suite.app.baseUrl}/api/acts/${ACT}/insights`);
  const { data } = (await answer.json()) as { data: { days: { day: string; leads: number }[] } };
  return data.days.find((day) => day.day === today())!.leads;
}

describe("acts run their business, on a phone (issue 66)", () => {
  it("an artist says what it takes, saves a template, answers a fitting lead from it, and reads the day's views and leads", async () => {
    const artist = await suite.sessions.contextFor("owner");
    const planner = await suite.sessions.contextFor("planner");
    const leadsBefore = await todaysLeads(artist);

    // What the act takes, on My Acts.
    const mine = await phonePage(artist);
    await mine.goto(`${suite.app.baseUrl}/my-acts`);
    await mine.getByRole("button", { name: "Say what you take for The Velvet Tones" }).click();
    const takes = mine.getByRole("dialog", { name: "What The Velvet Tones takes" });
    await takes.getByRole("checkbox", { name: "Wedding" }).check();
    await takes.getByRole("checkbox", { name: "Private Party" }).check();
    await takes.getByLabel("Least budget (US dollars, optional)").fill("2,000.555");
    await takes.getByRole("button", { name: "Save what you take" }).click();
    await takes.getByText("Enter the least budget in whole dollars, $1,000,000 or less").first().waitFor();
    expect(await axeViolations(mine)).toEqual([]);
    await takes.getByLabel("Least budget (US dollars, optional)").fill("2000");
    await takes.getByLabel("How far you travel (miles, optional)").fill("50");
    await takes.getByRole("checkbox", { name: "Fridays" }).check();
    await takes.getByRole("checkbox", { name: "Saturdays" }).check();
    await takes.getByRole("button", { name: "Save what you take" }).click();
    const line = "Weddings and private parties, from $2,000, within 50 miles, Fridays and Saturdays";
    await toast(mine, `Saved what The Velvet Tones takes: ${line}`);
    await mine.getByText(line).first().waitFor();

    // A template on the act's leads page.
    await mine.getByRole("link", { name: "Leads for The Velvet Tones" }).click();
    await mine.getByRole("heading", { name: "Leads for The Velvet Tones" }).waitFor();
    await mine.getByRole("button", { name: "New template" }).click();
    const template = mine.getByRole("dialog", { name: "New quote template" });
    await template.getByLabel("Name").fill("Saturday wedding");
    await template.getByLabel("Price (USD)").fill("2500");
    await template.getByLabel("Deposit (USD, optional)").fill("3000");
    await template.getByRole("button", { name: "Save template" }).click();
    await template.getByText("The deposit can't be more than the price").first().waitFor();
    await template.getByLabel("Deposit (USD, optional)").fill("500");
    await template.getByLabel("Message to the planner (optional)").fill("Thank you! Our four-hour wedding set.");
    await template.getByRole("button", { name: "Save template" }).click();
    await toast(mine, 'Template "Saturday wedding" saved');
    await mine.getByText(/Saturday wedding: \$2,500\.00, deposit \$500\.00/).waitFor();

    // The planner reads what the act takes before asking: an event outside says why.
    await call(planner, "/api/events/create", {
      name: "Lakeside wedding",
      starttime: nextWeekday(6),
      location: "Evanston, IL",
      event_type: "Wedding",
      budget: 6000,
    });
    await call(planner, "/api/events/create", {
      name: "Sales kickoff",
      starttime: nextWeekday(2),
      location: "Detroit, MI",
      event_type: "Corporate Event",
      budget: 900,
    });
    const profile = await phonePage(planner);
    await profile.goto(`${suite.app.baseUrl}/entertainment/${ACT}#book`);
    await profile.waitForLoadState("networkidle");
    const book = profile.getByRole("region", { name: "Book this act" });
    await book.getByText(`The Velvet Tones takes: ${line}`).waitFor();
    await book.getByRole("button", { name: "Invite To Event" }).click();
    const invite = profile.getByRole("dialog", { name: "Invite To Event" });
    await invite
      .getByText(
        /Outside what The Velvet Tones takes: Not an event type it takes \(weddings and private parties\); Below its least budget of \$2,000; Farther than the 50 miles it travels; Not a day it works \(Fridays and Saturdays\)/,
      )
      .waitFor();
    expect(await axeViolations(profile)).toEqual([]);
    await invite.getByRole("radio", { name: /Sales kickoff/ }).check();
    await invite.getByRole("button", { name: "Invite", exact: true }).click();
    await toast(profile, "The Velvet Tones invited to Sales kickoff");
    await profile.reload();
    await profile.waitForLoadState("networkidle");
    await profile
      .getByRole("region", { name: "Book this act" })
      .getByRole("button", { name: "Invite To Event" })
      .click();
    await profile
      .getByRole("dialog", { name: "Invite To Event" })
      .getByRole("radio", { name: /Lakeside wedding/ })
      .check();
    await profile
      .getByRole("dialog", { name: "Invite To Event" })
      .getByRole("button", { name: "Invite", exact: true })
      .click();
    await toast(profile, "The Velvet Tones invited to Lakeside wedding");

    // A guest on a phone looks at the profile: a view.
    const guest = await suite.browser.newContext({ viewport: { width: 390, height: 844 } });
    const visit = await guest.newPage();
    await visit.goto(`${suite.app.baseUrl}/entertainment/${ACT}`);
    await visit.getByText(`It takes: ${line}.`).waitFor();
    await guest.close();

    // The artist answers the fitting lead from the template; the other is marked with its reasons.
    await mine.reload();
    const lead = mine.getByRole("listitem").filter({ has: mine.getByRole("heading", { name: "Lakeside wedding" }) });
    await lead.getByText(/Answer by/).waitFor();
    const outside = mine.getByRole("listitem").filter({ has: mine.getByRole("heading", { name: "Sales kickoff" }) });
    await outside.getByText("Outside what The Velvet Tones takes:").waitFor();
    await outside.getByText("Not a day it works (Fridays and Saturdays)").waitFor();
    expect(await lead.getByText("Outside what The Velvet Tones takes:").count()).toBe(0);
    await lead.getByLabel("Fill from a quote template").selectOption({ label: "Saturday wedding ($2,500)" });
    expect(await lead.getByLabel("Price (USD)").inputValue()).toBe("2500");
    expect(await lead.getByLabel("Message").inputValue()).toBe("Thank you! Our four-hour wedding set.");
    expect(await axeViolations(mine)).toEqual([]);
    await lead.getByRole("button", { name: "Send offer" }).click();
    await toast(mine, "Offer sent");
    const quoted = mine.getByRole("region", { name: /Quoted: waiting for the planner/ });
    await quoted.getByRole("heading", { name: "Lakeside wedding" }).waitFor();

    // The day's views and leads on the insights page, drawn without a script, with the CSV beside.
    await mine.goto(`${suite.app.baseUrl}/my-acts/${ACT}/insights`);
    await mine.getByRole("heading", { name: "Insights for The Velvet Tones" }).waitFor();
    expect(await todaysLeads(artist)).toBe(leadsBefore + 2);
    const todayRow = mine.getByRole("row").filter({ has: mine.locator(`time[datetime="${today()}"]`) });
    const cells = await todayRow.getByRole("cell").allInnerTexts();
    // Views, appearances, leads, offers, bookings, earnings.
    expect(Number(cells[0])).toBeGreaterThanOrEqual(2);
    expect(Number(cells[2])).toBe(leadsBefore + 2);
    expect(Number(cells[3])).toBeGreaterThanOrEqual(1);
    await mine.getByRole("img", { name: /^Profile views: \d+ in 30 days/ }).waitFor();
    await mine.getByRole("heading", { name: "What moves you up in search" }).waitFor();
    expect(await axeViolations(mine)).toEqual([]);
    const [download] = await Promise.all([
      mine.waitForEvent("download"),
      mine.getByRole("link", { name: "Download CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^${ACT}-insights-\\d{4}-\\d{2}-\\d{2}-to-${today()}\\.csv$`),
    );
  });
});
