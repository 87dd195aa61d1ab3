import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, availabilityAnswer, formatCalendarDate } from "#domain/calendar-days";
import { dayIn } from "#modules/bookings/events";
import { type CalendarServer, icsDay, icsFile, startCalendarServer } from "../setup/calendar-server";
import { axeViolations } from "./axe";
import { browserSuite, toast } from "./browser-session";

const suite = browserSuite({ CALENDAR_ALLOW_PRIVATE_URLS: "1" });
let calendars: CalendarServer;
beforeAll(async () => {
  calendars = await startCalendarServer();
});
afterAll(async () => calendars.close());

/** A Saturday at least two weeks ahead in Chicago whose Sunday is in the same month. */
function weekendAhead(): { saturday: string; sunday: string } {
  for (let day = addDays(dayIn(new Date(), "America/Chicago"), 14); ; day = addDays(day, 1)) {
    if (new Date(`${day}T00:00:00Z`).getUTCDay() === 6 && addDays(day, 1).slice(0, 7) === day.slice(0, 7))
      return { saturday: day, sunday: addDays(day, 1) };
  }
}

describe("an act's calendar", () => {
  it("an artist blocks a weekend and subscribes to a calendar; a planner's search for those days no longer shows the act, and the profile says so at once", async () => {
    const { saturday, sunday } = weekendAhead();
    const gigDay = addDays(saturday, 3);
    calendars.serve(
      "/gigs.ics",
      icsFile(
        [
          `UID:gig@test\nDTSTAMP:20260101T000000Z\nSUMMARY:Club night\nDTSTART;TZID=America/Chicago:${icsDay(gigDay)}T210000\nDTEND;TZID=America/Chicago:${icsDay(gigDay)}T235900`,
        ],
        ["America/Chicago"],
      ),
    );

    // The artist reaches the calendar from the profile.
    const artist = await suite.sessions.openProfile("owner", "the-velvet-tones");
    const page = artist.page;
    await page.getByRole("link", { name: "Calendar", exact: true }).click();
    await page.getByRole("heading", { name: "The Velvet Tones: calendar" }).waitFor();
    await page.goto(`${suite.app.baseUrl}/entertainment/the-velvet-tones/calendar?month=${saturday.slice(0, 7)}`);

    // Two clicks choose the weekend, one blocks it.
    const dayButton = (day: string) => page.getByRole("button", { name: new RegExp(`— ${formatCalendarDate(day)}`) });
    // A day's name is what it shows, then the whole date: "12 Blocked — Saturday, December 12, 2026 (note)".
    const dayNamed = (day: string, status: string, why: string) =>
      page.getByRole("button", { name: `${Number(day.slice(8))} ${status} — ${formatCalendarDate(day)} (${why})` });
    await dayButton(saturday).click();
    await dayButton(sunday).click();
    await page.getByLabel("Note (optional, only you see it)").fill("Family weekend");
    await page.getByRole("button", { name: "Block these days" }).click();
    await toast(page, `Blocked ${formatCalendarDate(saturday)} to ${formatCalendarDate(sunday)}`);
    await dayNamed(saturday, "Blocked", "Family weekend").waitFor();
    await page.getByRole("listitem").filter({ hasText: "Family weekend" }).waitFor();

    // The arrow keys move between days.
    await dayButton(saturday).focus();
    await page.keyboard.press("ArrowRight");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-day"))).toBe(sunday);

    // The artist's other calendar: its club night makes that day busy.
    await page.getByLabel("Calendar address").fill(calendars.url("/gigs.ics"));
    await page.getByRole("button", { name: "Add calendar" }).click();
    await toast(page, "Calendar added: 1 busy day ahead");
    await page
      .getByRole("list", { name: "Subscribed calendars" })
      .getByText(calendars.url("/gigs.ics"), { exact: true })
      .first()
      .waitFor();
    if (gigDay.slice(0, 7) === saturday.slice(0, 7))
      await dayNamed(gigDay, "Busy in your calendar", "Club night").waitFor();
    await page.getByLabel("Your calendar feed").waitFor();
    expect(await page.getByLabel("Your calendar feed").inputValue()).toMatch(/\/calendar\/[\w-]+\.ics$/);
    expect(await axeViolations(page)).toEqual([]);
    // On a phone the month stays within the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 900 });

    // A planner searching for the Saturday, or for the club night, does not find the act; the Friday before, they do.
    const planner = await (await suite.sessions.contextFor("planner")).newPage();
    const found = async (date: string) => {
      await planner.goto(`${suite.app.baseUrl}/search?searchTerms=velvet&date=${date}`);
      return planner.getByRole("heading", { name: "The Velvet Tones" }).count();
    };
    expect(await found(saturday)).toBe(0);
    expect(await found(gigDay)).toBe(0);
    expect(await found(addDays(saturday, -1))).toBe(1);
    // A listing page asked for that date leaves it out too.
    const listed = async (query: string) => {
      await planner.goto(`${suite.app.baseUrl}/hire/wedding/chicago-il${query}`);
      return planner.getByRole("heading", { name: "The Velvet Tones" }).count();
    };
    expect(await listed("")).toBe(1);
    expect(await listed(`?date=${saturday}`)).toBe(0);

    // A guest asks the profile about the Sunday, then the Monday: answered in place.
    const guest = await suite.sessions.openProfile("guest", "the-velvet-tones");
    await guest.page.getByLabel("Date of your event").fill(sunday);
    await guest.page.getByRole("button", { name: /^Check/ }).click();
    await guest.page
      .getByRole("status")
      .filter({ hasText: availabilityAnswer(sunday, false) })
      .waitFor();
    await guest.page.getByLabel("Date of your event").fill(addDays(sunday, 1));
    await guest.page.getByRole("button", { name: /^Check/ }).click();
    await guest.page
      .getByRole("status")
      .filter({ hasText: availabilityAnswer(addDays(sunday, 1), true) })
      .waitFor();
    expect(guest.errors).toEqual([]);

    // Freed again, the weekend is open to planners.
    await page
      .getByRole("button", { name: `Free ${formatCalendarDate(saturday)} to ${formatCalendarDate(sunday)}` })
      .click();
    await toast(page, "The days are free again");
    expect(await found(saturday)).toBe(1);
    expect(artist.errors).toEqual([]);
    await Promise.all([page.close(), planner.close(), guest.page.close()]);
  });

  it("a guest told a day is free asks for a quote, signs up, and the new event keeps the day", async () => {
    const { saturday } = weekendAhead();
    const day = addDays(saturday, 7);
    for (const width of [1366, 390]) {
      const context = await suite.browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${suite.app.baseUrl}/entertainment/the-velvet-tones`);
      const quote = page.getByRole("link", { name: "Request a quote from The Velvet Tones" });
      // Nothing to ask before a day is checked.
      expect(await quote.isVisible()).toBe(false);
      await page.getByLabel("Date of your event").fill(day);
      await page.getByRole("button", { name: /^Check/ }).click();
      await page
        .getByRole("status")
        .filter({ hasText: availabilityAnswer(day, true) })
        .waitFor();
      await quote.click();
      await page.waitForURL(/\/signup\?redirectTo=/);
      // The forms on the way remember whom the couple came to ask.
      await page.getByText("Then you go on to ask The Velvet Tones for a quote.").waitFor();
      await page.getByLabel("Name").fill(`Quote Asker ${width}`);
      await page.getByLabel("Email").fill(`quote-asker-${width}@example.com`);
      await page.getByLabel("Password").fill("a-good-password");
      await page.getByRole("button", { name: "Sign up" }).click();
      await page.getByRole("heading", { name: "Create an event" }).waitFor();
      await page.getByText(`The day you checked, ${formatCalendarDate(day)}, is filled in`).waitFor();
      expect(await page.getByText(/is invited to quote as soon as the event is created\.$/).textContent()).toBe(
        "The Velvet Tones is invited to quote as soon as the event is created.",
      );
      await page.getByRole("link", { name: "The Velvet Tones", exact: true }).first().waitFor();
      expect(await page.getByLabel(/^Start time/).inputValue()).toBe(`${day}T18:00`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      if (width === 390) {
        expect(await axeViolations(page)).toEqual([]);
        // The form was drawn before its scripts ran (sign-up led here, not goto): the place
        // suggestions answer typing only once the page has hydrated, which waitForURL waits for.
        await page.waitForURL(/\/events\/add-event/);
        await page.getByLabel("Event name").fill("Our anniversary");
        await page.getByRole("combobox", { name: "Location" }).fill("Chicago, IL");
        await page.getByRole("option", { name: "Chicago, IL", exact: true }).click();
        await page.getByRole("button", { name: "Create event and invite" }).click();
        await page.waitForURL(/\/entertainment\/the-velvet-tones$/);
        // The act is asked: the new planner's event lists it.
        await page.goto(`${suite.app.baseUrl}/events`);
        await page.getByText("The Velvet Tones").first().waitFor();
      }
      await context.close();
    }
  });
});
