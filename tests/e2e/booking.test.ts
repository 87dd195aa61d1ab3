import type { BrowserContext } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { browserSuite, toast } from "./browser-session";

const suite = browserSuite();

describe("the booking loop in the browser", () => {
  it("a planner withdraws an invite after confirming, and the event offers to find acts again", async () => {
    const page = await (await suite.sessions.contextFor("planner")).newPage();
    await page.goto(`${suite.app.baseUrl}/events/add-event?actUrl=the-velvet-tones`);
    await page.getByLabel("Event name").fill("Boat Party");
    await page.getByRole("combobox", { name: "Location" }).fill("Evanston, IL");
    await page.getByRole("option", { name: "Evanston, IL", exact: true }).click();
    await page.getByLabel("Start time (local time where the event happens)").fill("2031-08-01T18:00");
    await page.getByRole("button", { name: "Create event and invite" }).click();
    await page.waitForURL(`${suite.app.baseUrl}/entertainment/the-velvet-tones`);
    await page.goto(`${suite.app.baseUrl}/events`);
    const boat = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Boat Party" }) });
    await boat.getByRole("button", { name: "Withdraw invite of The Velvet Tones" }).click();
    const confirm = page.getByRole("dialog", { name: "Withdraw the invite of The Velvet Tones?" });
    await confirm.getByRole("button", { name: "Withdraw invite" }).click();
    await toast(page, "Invite of The Velvet Tones to Boat Party withdrawn");
    await boat.getByRole("link", { name: "Find acts near Evanston, IL" }).waitFor();
    await page.close();
  });

  it("an artist declines an invite and the planner sees it; the planner cancels an event after confirming", async () => {
    const planner = await (await suite.sessions.contextFor("planner")).newPage();
    for (const name of ["Picnic Concert", "Street Fair"]) {
      await planner.goto(`${suite.app.baseUrl}/events/add-event?actUrl=dj-nova`);
      await planner.getByLabel("Event name").fill(name);
      await planner.getByRole("combobox", { name: "Location" }).fill("Evanston, IL");
      await planner.getByRole("option", { name: "Evanston, IL", exact: true }).click();
      await planner.getByLabel("Start time (local time where the event happens)").fill("2031-09-01T18:00");
      await planner.getByRole("button", { name: "Create event and invite" }).click();
      await planner.waitForURL(`${suite.app.baseUrl}/entertainment/dj-nova`);
    }
    const artist = await (await suite.sessions.contextFor("owner")).newPage();
    await artist.goto(`${suite.app.baseUrl}/invites`);
    await artist.getByRole("button", { name: "Decline invite to Picnic Concert" }).click();
    await artist
      .getByRole("dialog", { name: "Decline Picnic Concert?" })
      .getByRole("button", { name: "Decline invite" })
      .click();
    await toast(artist, "Invite to Picnic Concert declined");
    await artist.close();

    await planner.goto(`${suite.app.baseUrl}/events`);
    const picnic = planner
      .getByRole("listitem")
      .filter({ has: planner.getByRole("heading", { name: "Picnic Concert" }) });
    await picnic.getByText("Declined by the act").waitFor();
    const fair = planner.getByRole("listitem").filter({ has: planner.getByRole("heading", { name: "Street Fair" }) });
    await fair.getByRole("button", { name: "Cancel event Street Fair" }).click();
    await planner
      .getByRole("dialog", { name: "Cancel Street Fair?" })
      .getByRole("button", { name: "Cancel the event" })
      .click();
    await toast(planner, "Street Fair cancelled");
    await fair.getByText("Cancelled", { exact: true }).first().waitFor();
    await planner.close();
  });

  it("a planner says what an act needs to quote, the artist reads it on the invite, and the planner edits it", async () => {
    const planner = await (await suite.sessions.contextFor("planner")).newPage();
    await planner.goto(`${suite.app.baseUrl}/events/add-event?actUrl=dj-nova`);
    await planner.getByLabel("Event name").fill("Garden Wedding");
    await planner.getByRole("combobox", { name: "Location" }).fill("Evanston, IL");
    await planner.getByRole("option", { name: "Evanston, IL", exact: true }).click();
    await planner.getByLabel("Start time (local time where the event happens)").fill("2031-07-12T17:00");
    await planner.getByLabel("Kind of event").selectOption("Wedding");
    await planner.getByLabel("Guests").fill("0");
    await planner.getByLabel("Budget (USD)").fill("$4,000");
    await planner.getByLabel("Hours of entertainment").fill("4");
    await planner.getByLabel("Venue").fill("Shakespeare Garden");
    await planner.getByLabel("Notes for the acts").fill("Ceremony outdoors, reception in a tent.");
    await planner.getByRole("button", { name: "Create event and invite" }).click();
    await planner.getByText("Enter a number of guests from 1 to 100,000").waitFor();
    await planner.getByLabel("Guests").fill("120");
    await planner.getByRole("button", { name: "Create event and invite" }).click();
    await planner.waitForURL(`${suite.app.baseUrl}/entertainment/dj-nova`);

    const artist = await (await suite.sessions.contextFor("owner")).newPage();
    await artist.goto(`${suite.app.baseUrl}/invites`);
    const invite = artist
      .getByRole("listitem")
      .filter({ has: artist.getByRole("heading", { name: "Garden Wedding" }) });
    await invite
      .getByText(
        "Planner: Pat Planner · Wedding · 120 guests · 4 hours of entertainment · budget $4,000 · at Shakespeare Garden",
      )
      .waitFor();
    await invite.getByText("Notes: Ceremony outdoors, reception in a tent.").waitFor();

    await planner.goto(`${suite.app.baseUrl}/events`);
    await planner.getByRole("link", { name: "Edit Garden Wedding" }).click();
    await planner.getByLabel("Guests").fill("140");
    await planner.getByRole("button", { name: "Save event" }).click();
    await planner.waitForURL(`${suite.app.baseUrl}/events`);
    await artist.reload();
    await invite.getByText(/140 guests/).waitFor();
    await planner.close();
    await artist.close();
  });

  it("a planner invites the act to an existing event found by name", async () => {
    const { page, errors } = await suite.sessions.openProfile("planner", "the-velvet-tones");
    await page.getByRole("button", { name: "Invite To Event" }).click();
    const dialog = page.getByRole("dialog", { name: "Invite To Event" });
    await dialog.getByRole("searchbox").fill("no such party");
    await dialog.getByText("No Events Found").waitFor();
    await dialog.getByRole("searchbox").fill("Summer");
    await dialog.getByRole("radio", { name: /Summer Wedding/ }).check();
    await dialog.getByRole("button", { name: "Invite", exact: true }).click();
    await toast(page, "The Velvet Tones invited to Summer Wedding");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("creates an event from the act's page, the artist offers, the planner accepts, then reviews", async () => {
    // 1. The planner creates an event from the act's page (events are made only in the future).
    const planner = await suite.sessions.openProfile("planner", "the-velvet-tones");
    await planner.page.getByRole("button", { name: "Invite To Event" }).click();
    await planner.page.getByRole("radio", { name: "A new event" }).check();
    await planner.page.getByRole("link", { name: "Create a new event" }).click();
    await planner.page.getByRole("heading", { name: "Create an event" }).waitFor();
    await planner.page.getByRole("button", { name: "Create event and invite" }).click();
    await planner.page.getByText("Event name is required").waitFor();
    await planner.page.getByLabel("Event name").fill("Anniversary Party");
    await planner.page.getByRole("combobox", { name: "Location" }).fill("Oak Pa");
    await planner.page.getByRole("option", { name: "Oak Park, IL", exact: true }).click();
    await expect.poll(() => planner.page.getByRole("combobox", { name: "Location" }).inputValue()).toBe("Oak Park, IL");
    await planner.page.getByLabel("Start time (local time where the event happens)").fill("2031-01-10T19:00");
    await planner.page.getByRole("button", { name: "Create event and invite" }).click();
    await planner.page.waitForURL(`${suite.app.baseUrl}/entertainment/the-velvet-tones`);
    await planner.page.goto(`${suite.app.baseUrl}/events`);
    const party = planner.page
      .getByRole("listitem")
      .filter({ has: planner.page.getByRole("heading", { name: "Anniversary Party" }) });
    expect(await party.getByText("Invited", { exact: true }).isVisible()).toBe(true);

    // 2. The artist answers with an offer.
    const artist = await (await suite.sessions.contextFor("owner")).newPage();
    await artist.goto(`${suite.app.baseUrl}/invites`);
    const form = artist.getByRole("form", { name: "Send an offer for Anniversary Party" });
    await form.getByRole("button", { name: "Send offer" }).click();
    await form.getByText("Price is required").waitFor();
    await form.getByLabel("Price (USD)").fill("5000");
    await form.getByLabel("Message").fill("Full band, three sets.");
    await form.getByLabel("Deposit (USD, optional)").fill("6,000");
    await form.getByRole("button", { name: "Send offer" }).click();
    await form.getByText("The deposit can't be more than the price").waitFor();
    await form.getByLabel("Deposit (USD, optional)").fill("1,000");
    await form
      .getByLabel("Cancellation terms (optional)")
      .fill("The deposit is refunded up to 30 days before the event.");
    await form.getByRole("button", { name: "Send offer" }).click();
    await toast(artist, "Offer sent");
    await artist.getByText("$5,000.00").waitFor();
    await artist.close();

    // 3. The planner accepts it, which books the act.
    await planner.page.reload();
    expect(await party.getByText("Offer received").isVisible()).toBe(true);
    expect(await party.getByText(/\$5,000\.00/).isVisible()).toBe(true);
    // An offer is firm: the price is what the planner pays, not an estimate.
    expect(await party.getByText("(estimate)").count()).toBe(0);
    await party.getByRole("button", { name: "Accept offer from The Velvet Tones" }).click();
    // Accepting asks first, with what is being agreed to.
    const confirm = planner.page.getByRole("dialog", { name: "Book The Velvet Tones?" });
    expect(await confirm.getByText("$5,000.00").isVisible()).toBe(true);
    expect(await confirm.getByText("“Full band, three sets.”").isVisible()).toBe(true);
    // Its deposit and cancellation terms are part of what is agreed to.
    expect(await confirm.getByText("$1,000.00").isVisible()).toBe(true);
    expect(await confirm.getByText("The deposit is refunded up to 30 days before the event.").isVisible()).toBe(true);
    // Before committing: the policy's words, the balance and its day, how to pay, and the terms.
    await confirm.getByText(/^Moderate: /).waitFor();
    await confirm.getByText(/^\$4,000\.00, due \w+day, \w+ \d+, \d{4}$/).waitFor();
    await confirm.getByText(/^Directly to The Velvet Tones: /).waitFor();
    expect(await confirm.getByRole("link", { name: "terms" }).getAttribute("href")).toBe("/terms");
    await confirm.getByRole("button", { name: "Accept and book" }).click();
    await toast(planner.page, "The Velvet Tones booked for Anniversary Party");
    await party.getByText("Booked", { exact: true }).waitFor();

    // 4. Not before it is over: My Events asks for a review of the act booked for the Spring Gala,
    // held last month, which opens on that event; the planner reviews without showing their name.
    expect(await party.getByRole("link", { name: /Leave a review/ }).count()).toBe(0);
    const gala = planner.page
      .getByRole("listitem")
      .filter({ has: planner.page.getByRole("heading", { name: "Spring Gala" }) });
    await gala.getByRole("link", { name: "Leave a review of The Velvet Tones" }).click();
    await planner.page.waitForURL(/\/entertainment\/the-velvet-tones\?review=/);
    const dialog = planner.page.getByRole("dialog", { name: "Add Review" });
    await dialog.waitFor();
    expect(await dialog.getByLabel("Event").locator("option").allTextContents()).toEqual([
      "Choose an event",
      "Spring Gala",
    ]);
    expect(
      await dialog.getByLabel("Event").evaluate((select) => (select as HTMLSelectElement).selectedOptions[0]?.text),
    ).toBe("Spring Gala");
    await dialog.getByLabel("Event").selectOption("");
    await dialog.getByRole("button", { name: "Submit Review" }).click();
    await dialog.getByText("Event is required").waitFor();
    await dialog.getByLabel("Event").selectOption({ label: "Spring Gala" });
    // The stars are a radio group: arrows move along them, and the choice is said in words.
    await dialog.getByRole("radio", { name: "1 star", exact: true }).check();
    await planner.page.keyboard.press("ArrowRight");
    await planner.page.keyboard.press("ArrowRight");
    expect(await dialog.getByRole("radio", { name: "3 stars" }).isChecked()).toBe(true);
    await dialog.getByText("3 of 5: Good").waitFor();
    await planner.page.keyboard.press("ArrowLeft");
    await planner.page.keyboard.press("ArrowLeft");
    expect(await dialog.getByRole("radio", { name: "1 star", exact: true }).isChecked()).toBe(true);
    await dialog.getByLabel("Review Title").fill("Too loud for the room");
    await dialog.getByLabel("Review", { exact: true }).fill("Great musicians, but nobody could talk.");
    await dialog.getByLabel("Show my name with this review").uncheck();
    await dialog.getByRole("button", { name: "Submit Review" }).click();
    await toast(planner.page, "Review added");
    const reviews = planner.page.getByRole("region", { name: "Reviews" });
    await reviews.getByText("13 reviews").waitFor();
    expect(await reviews.getByText("3.8", { exact: true }).isVisible()).toBe(true);
    const newest = reviews.getByRole("article", { name: "Too loud for the room" }).first();
    expect(await newest.textContent()).toContain("A verified planner");
    // It says how it came to be: a booking, with the event's month.
    expect(await newest.textContent()).toMatch(/Verified booking( · [^·]+)? · [A-Z][a-z]+ \d{4}/);
    expect(await newest.getByRole("img").getAttribute("aria-label")).toBe("1 out of 5 stars");
    // Reviewed: My Events no longer asks.
    await planner.page.goto(`${suite.app.baseUrl}/events`);
    await gala.getByText("Booked", { exact: true }).waitFor();
    expect(await gala.getByRole("link", { name: /Leave a review/ }).count()).toBe(0);
    await planner.page.close();
  });

  it("my event is booked: a planner books one of three invited acts, and the other two read in their threads that the date is taken", async () => {
    const planner = await suite.sessions.contextFor("planner");
    const owner = await suite.sessions.contextFor("owner");
    const admin = await suite.sessions.contextFor("admin");
    /** A call as the context's signed-in user, as its pages make them. */
    const call = async <T>(context: BrowserContext, path: string, data?: unknown): Promise<T> => {
      const response = await (data === undefined
        ? context.request.get(`${suite.app.baseUrl}${path}`)
        : context.request.post(`${suite.app.baseUrl}${path}`, { data, headers: { origin: suite.app.baseUrl } }));
      expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
      return (await response.json()) as T;
    };
    // A third act, from the catalogue near Chicago; an admin answers for it.
    const found = await call<{ data: { url: string; name: string }[] }>(planner, "/api/acts?location=Chicago%2C%20IL");
    const third = found.data.find((act) => act.url !== "the-velvet-tones" && act.url !== "dj-nova")!;
    const created = await call<{ data: { url: string } }>(planner, "/api/events/create", {
      name: "Lakeside Wedding",
      starttime: "2031-10-04T17:00",
      location: "Evanston, IL",
      actUrl: "the-velvet-tones",
    });
    await call(planner, `/api/events/invite-acts/${created.data.url}`, { acts: ["dj-nova", third.url] });
    const events = await call<{ data: { url: string; invites: { id: number; act: { url: string } }[] }[] }>(
      planner,
      "/api/events?perPage=50",
    );
    const { invites } = events.data.find((event) => event.url === created.data.url)!;
    expect(invites).toHaveLength(3);
    for (const invite of invites) {
      await call(invite.act.url === third.url ? admin : owner, `/api/offers/submit/${invite.id}`, {
        price: invite.act.url === third.url ? 3800 : 4500,
      });
    }

    // In a thread of the event, the act's offer waits for an answer where the planner talks with it.
    const page = await planner.newPage();
    const plannerThreads = await call<{ data: { id: number; act: { url: string }; event: { url: string } | null }[] }>(
      planner,
      "/api/conversations?perPage=50",
    );
    const novaThread = plannerThreads.data.find(
      (item) => item.act.url === "dj-nova" && item.event?.url === created.data.url,
    )!;
    await page.goto(`${suite.app.baseUrl}/messages/${novaThread.id}`);
    const card = page.getByRole("region", { name: "DJ Nova offers $4,500.00 for Lakeside Wedding" });
    await card.getByRole("button", { name: "Accept offer from DJ Nova" }).waitFor();
    await card.getByRole("button", { name: "Decline the offer from DJ Nova" }).waitFor();

    // The planner books the third act; the dialog says who is let go, and asks for a phone.
    await page.goto(`${suite.app.baseUrl}/events`);
    const wedding = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Lakeside Wedding" }) });
    await wedding.getByRole("button", { name: `Accept offer from ${third.name}` }).click();
    const dialog = page.getByRole("dialog", { name: `Book ${third.name}?` });
    const release = dialog.getByRole("checkbox", {
      name: /Release the other acts invited to Lakeside Wedding \(The Velvet Tones, DJ Nova\)|Release the other acts invited to Lakeside Wedding \(DJ Nova, The Velvet Tones\)/,
    });
    expect(await release.isChecked()).toBe(true);
    await dialog.getByLabel("Your phone on the day (optional)").fill("call me");
    await dialog.getByRole("button", { name: "Accept and book" }).click();
    await dialog.getByText("Enter a valid phone number").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByLabel("Your phone on the day (optional)").fill("+1 847 555 0100");
    await dialog.getByRole("button", { name: "Accept and book" }).click();
    await toast(page, `${third.name} booked for Lakeside Wedding. Your booking number is`);
    await wedding.getByText("Booked", { exact: true }).waitFor();
    expect(await wedding.getByText("Released", { exact: true }).count()).toBe(2);
    // Released, DJ Nova's offer no longer waits in its thread.
    await page.goto(`${suite.app.baseUrl}/messages/${novaThread.id}`);
    await page.getByText("Pat Planner booked another act for Lakeside Wedding").waitFor();
    expect(await page.getByRole("region", { name: /DJ Nova offers/ }).count()).toBe(0);

    // The artist of the two others reads, in each act's thread of the event, that the date is taken.
    const threads = await call<{ data: { id: number; act: { url: string }; event: { url: string } | null }[] }>(
      owner,
      "/api/conversations?perPage=50",
    );
    const artistPage = await owner.newPage();
    for (const act of ["the-velvet-tones", "dj-nova"]) {
      const thread = threads.data.find((item) => item.act.url === act && item.event?.url === created.data.url)!;
      await artistPage.goto(`${suite.app.baseUrl}/messages/${thread.id}`);
      await artistPage
        .getByText("Pat Planner booked another act for Lakeside Wedding: the date is taken, and this invite is closed.")
        .waitFor();
    }
    await artistPage.goto(`${suite.app.baseUrl}/invites`);
    const closed = artistPage
      .getByRole("listitem")
      .filter({ has: artistPage.getByRole("heading", { name: "Lakeside Wedding" }) });
    await closed.first().getByText("Released", { exact: true }).waitFor();
    expect(
      await closed
        .first()
        .getByRole("button", { name: /Send offer/ })
        .count(),
    ).toBe(0);

    // An admin follows the work this scheduled: the booking's reminders and review request.
    const jobsPage = await admin.newPage();
    await jobsPage.goto(`${suite.app.baseUrl}/admin/jobs?state=scheduled`);
    await jobsPage.getByRole("heading", { name: "Scheduled jobs" }).waitFor();
    await jobsPage.getByRole("row", { name: /Remind both sides of a booked event/ }).waitFor();
    expect(
      await jobsPage.getByText(/Remind both sides of a booked event · Booking [A-Z0-9]{8}/).count(),
    ).toBeGreaterThanOrEqual(2);
    expect(await axeViolations(jobsPage)).toEqual([]);
    await Promise.all([page.close(), artistPage.close(), jobsPage.close()]);
  });

  it("a booking has its page: the act quotes with a deposit and the moderate policy, the planner books giving a phone, the act records the deposit, the planner sees it paid and what a cancellation keeps", async () => {
    const planner = await suite.sessions.contextFor("planner");
    const owner = await suite.sessions.contextFor("owner");
    const plannerPage = await planner.newPage();
    await plannerPage.goto(`${suite.app.baseUrl}/events/add-event?actUrl=dj-nova`);
    await plannerPage.getByLabel("Event name").fill("Rooftop Wedding");
    await plannerPage.getByRole("combobox", { name: "Location" }).fill("Evanston, IL");
    await plannerPage.getByRole("option", { name: "Evanston, IL", exact: true }).click();
    await plannerPage.getByLabel("Start time (local time where the event happens)").fill("2031-11-08T17:00");
    await plannerPage.getByRole("button", { name: "Create event and invite" }).click();
    await plannerPage.waitForURL(`${suite.app.baseUrl}/entertainment/dj-nova`);

    // The act quotes $5,800 with a $1,500 deposit under the moderate policy.
    const artist = await owner.newPage();
    await artist.goto(`${suite.app.baseUrl}/invites`);
    const form = artist.getByRole("form", { name: "Send an offer for Rooftop Wedding from DJ Nova" });
    await form.getByLabel("Price (USD)").fill("5800");
    await form.getByLabel("Deposit (USD, optional)").fill("1500");
    await form.getByLabel("Cancellation policy").selectOption("moderate");
    await form.getByText("Everything but the deposit comes back up to 30 days before the event").waitFor();
    await form.getByRole("button", { name: "Send offer" }).click();
    await toast(artist, "Offer sent");

    // The planner books, giving a phone, and opens the booking from the event.
    await plannerPage.goto(`${suite.app.baseUrl}/events`);
    const wedding = plannerPage
      .getByRole("listitem")
      .filter({ has: plannerPage.getByRole("heading", { name: "Rooftop Wedding" }) });
    await wedding.getByText("Moderate cancellation").waitFor();
    await wedding.getByRole("button", { name: "Accept offer from DJ Nova" }).click();
    const dialog = plannerPage.getByRole("dialog", { name: "Book DJ Nova?" });
    await dialog.getByLabel("Your phone on the day (optional)").fill("+1 847 555 0199");
    await dialog.getByRole("button", { name: "Accept and book" }).click();
    await toast(plannerPage, "DJ Nova booked for Rooftop Wedding");
    await wedding.getByRole("link", { name: /^Booking [A-Z0-9]+$/ }).click();
    await plannerPage.getByRole("heading", { name: /^Booking [A-Z0-9]+$/ }).waitFor();
    const number = (await plannerPage.getByRole("heading", { level: 1 }).textContent())!.replace("Booking ", "");
    const payments = plannerPage.getByRole("list", { name: "Payments" });
    await payments.getByText("Deposit $1,500.00").waitFor();
    await payments.getByText("Balance $4,300.00").waitFor();
    await plannerPage.getByText("Cancellation: Moderate").waitFor();

    // The act opens the same booking from its invites, sees the planner's phone, and records the deposit.
    await artist.goto(`${suite.app.baseUrl}/invites`);
    await artist.getByRole("link", { name: `Booking ${number}: payments and agreement` }).click();
    await artist.getByText("The planner: Pat Planner, planner@example.com, +1 847 555 0199").waitFor();
    const record = artist.getByRole("form", { name: "Record the deposit as paid" });
    await record.getByRole("button", { name: "Record payment" }).click();
    await record.getByText("Choose how it was paid").waitFor();
    await record.getByLabel("How it was paid").selectOption("bank_transfer");
    await record.getByRole("button", { name: "Record payment" }).click();
    await artist
      .getByRole("list", { name: "Payments" })
      .getByText(/^Paid .*, bank transfer$/)
      .waitFor();
    expect(await artist.getByRole("form", { name: "Record the deposit as paid" }).count()).toBe(0);
    expect(await axeViolations(artist)).toEqual([]);

    // The planner reads it paid, and what cancelling today would keep under the moderate policy.
    await plannerPage.reload();
    await plannerPage
      .getByRole("list", { name: "Payments" })
      .getByText(/^Paid .*, bank transfer$/)
      .waitFor();
    await plannerPage
      .getByText("If you cancelled today: $0.00 back to the planner, $1,500.00 kept by the act.")
      .waitFor();
    expect(await axeViolations(plannerPage)).toEqual([]);
    // The planner's links to the agreement and the deposit's receipt give PDFs, as the planner's session fetches them.
    for (const name of ["Download the agreement (PDF)", "Receipt of the deposit (PDF)"]) {
      const href = await plannerPage.getByRole("link", { name }).getAttribute("href");
      const response = await planner.request.get(`${suite.app.baseUrl}${href}`);
      expect([response.status(), response.headers()["content-type"]], name).toEqual([200, "application/pdf"]);
      expect((await response.body()).subarray(0, 5).toString(), name).toBe("%PDF-");
    }
    // The planner cancels, reading first what comes back; the act reads why.
    await plannerPage.getByRole("button", { name: "Cancel booking" }).click();
    const cancel = plannerPage.getByRole("dialog", { name: `Cancel booking ${number}?` });
    await cancel.getByText("$0.00 comes back to the planner; the act keeps $1,500.00.").waitFor();
    await cancel.getByRole("button", { name: "Cancel the booking" }).click();
    await cancel.getByText("Reason is required").waitFor();
    await cancel.getByLabel("Why you cancel").fill("We moved the wedding abroad");
    await cancel.getByRole("button", { name: "Cancel the booking" }).click();
    await toast(plannerPage, `Booking ${number} cancelled. $0.00 comes back to the planner; the act keeps $1,500.00.`);
    await plannerPage.getByText("Cancelled", { exact: true }).waitFor();
    await plannerPage.getByText("“We moved the wedding abroad”", { exact: false }).waitFor();
    await artist.reload();
    await artist.getByText("Cancelled by the planner", { exact: false }).waitFor();
    await artist.getByRole("list", { name: "Payments" }).getByText("No longer due").waitFor();
    // The policy lets the act keep the deposit: nothing is owed back, so there is nothing to record.
    expect(await artist.getByRole("form", { name: "Record money paid back to the planner" }).count()).toBe(0);
    expect(await artist.getByText("owed back to the planner", { exact: false }).count()).toBe(0);
    // Another planner finds no such booking.
    const stranger = await (await suite.sessions.contextFor("planner2")).newPage();
    const response = await stranger.goto(`${suite.app.baseUrl}/bookings/${number}`);
    expect(response?.status()).toBe(404);
    await Promise.all([plannerPage.close(), artist.close(), stranger.close()]);
  });

  it("something went wrong: the planner reports a problem, an admin reads the case and resolves it, and the planner reads the outcome", async () => {
    const planner = await suite.sessions.contextFor("planner");
    const bookings = await planner.request.get(`${suite.app.baseUrl}/api/bookings`);
    const [booking] = ((await bookings.json()) as { data: { number: string; status: string }[] }).data.filter(
      (each) => each.status !== "cancelled",
    );
    const page = await planner.newPage();
    await page.goto(`${suite.app.baseUrl}/bookings/${booking!.number}`);
    const form = page.getByRole("form", { name: "Report a problem" });
    await form.getByRole("button", { name: "Report the problem" }).click();
    await form.getByText("Details are required").waitFor();
    await form.getByLabel("What went wrong").selectOption("not_as_agreed");
    await form.getByLabel("Details").fill("The band arrived an hour after the agreed time.");
    expect(await axeViolations(page)).toEqual([]);
    await form.getByRole("button", { name: "Report the problem" }).click();
    await page.getByText("Open: an admin is looking at it and will tell you both what was decided.").waitFor();
    expect(await page.getByRole("form", { name: "Report a problem" }).count()).toBe(0);

    const admin = await (await suite.sessions.contextFor("admin")).newPage();
    await admin.goto(`${suite.app.baseUrl}/admin/cases`);
    const item = admin.getByRole("article").filter({ hasText: "The band arrived an hour after the agreed time." });
    expect(await item.getByRole("link", { name: `Booking ${booking!.number}` }).count()).toBe(1);
    expect(await axeViolations(admin)).toEqual([]);
    await item.getByLabel("Note to both sides").fill("The venue delayed the load-in; no refund is due.");
    await item.getByRole("button", { name: "Resolve" }).click();
    await admin.getByText("No open cases.").waitFor();
    await admin.goto(`${suite.app.baseUrl}/admin/cases?status=resolved`);
    await admin.getByText("Resolved: “The venue delayed the load-in; no refund is due.”").first().waitFor();

    await page.reload();
    await page
      .getByText("Resolved: “The venue delayed the load-in; no refund is due.” No money changes hands.")
      .waitFor();
    await Promise.all([page.close(), admin.close()]);
  });
});
