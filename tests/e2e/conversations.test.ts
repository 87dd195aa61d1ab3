import { describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { browserSuite, toast } from "./browser-session";

const suite = browserSuite();

describe("planners and acts talk", () => {
  it("a planner messages an act from its profile, the artist sees it in the header and answers, the planner reads the answer", async () => {
    // The planner writes from the profile and lands in the conversation.
    const planner = await suite.sessions.openProfile("planner", "the-velvet-tones");
    await planner.page.getByRole("button", { name: "Message" }).click();
    const dialog = planner.page.getByRole("dialog", { name: "Message The Velvet Tones" });
    await dialog.getByRole("button", { name: "Send" }).click();
    await dialog.getByText("Message is required").waitFor();
    await dialog.getByLabel("Your message").fill("Hi! Do you play a first dance we choose?");
    await dialog.getByRole("button", { name: "Send" }).click();
    await planner.page.waitForURL(/\/messages\/\d+$/);
    const thread = planner.page.getByRole("list", { name: "Messages" });
    await thread.getByText("Hi! Do you play a first dance we choose?").waitFor();
    const conversationPath = new URL(planner.page.url()).pathname;

    // The artist sees one new message in the header, and finds it in the list.
    const artist = await (await suite.sessions.contextFor("owner")).newPage();
    await artist.goto(`${suite.app.baseUrl}/my-acts`);
    await expect.poll(() => artist.getByTestId("unread-messages").first().textContent()).toBe("1 new");
    await artist.goto(`${suite.app.baseUrl}/messages`);
    await artist.getByRole("link", { name: "Pat Planner (The Velvet Tones)" }).first().click();
    await artist.waitForURL(`${suite.app.baseUrl}${conversationPath}`);
    await artist
      .getByRole("list", { name: "Messages" })
      .getByText("Hi! Do you play a first dance we choose?")
      .waitFor();
    // The title names the other side: the planner, and which of the artist's acts they wrote to.
    expect(await artist.getByRole("heading", { level: 1 }).textContent()).toBe("Pat Planner (The Velvet Tones)");
    // Read: the header's count is gone.
    expect(await artist.getByTestId("unread-messages").count()).toBe(0);
    await artist.getByLabel("Your message").fill("Yes, send us the song and we will learn it.");
    await artist.getByRole("button", { name: "Send" }).click();
    await artist
      .getByRole("list", { name: "Messages" })
      .getByText("Yes, send us the song and we will learn it.")
      .waitFor();
    await expect.poll(() => artist.getByLabel("Your message").inputValue()).toBe("");
    // The planner, who kept the conversation open, sees the answer arrive without reloading.
    await thread.getByText("Yes, send us the song and we will learn it.").waitFor({ timeout: 5_000 });
    expect(await axeViolations(artist)).toEqual([]);
    // On a phone the thread and its form stay within the screen.
    await artist.setViewportSize({ width: 390, height: 844 });
    expect(await artist.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await artist.setViewportSize({ width: 1280, height: 900 });

    // The planner's list shows the answer first.
    await planner.page.goto(`${suite.app.baseUrl}/messages`);
    await planner.page.getByText("Yes, send us the song and we will learn it.").waitFor();
    expect(await axeViolations(planner.page)).toEqual([]);
    await planner.page.getByRole("link", { name: "The Velvet Tones", exact: true }).first().click();
    await planner.page
      .getByRole("list", { name: "Messages" })
      .getByText("Yes, send us the song and we will learn it.")
      .waitFor();
    expect(planner.errors).toEqual([]);
    await planner.page.close();
    await artist.close();
  });

  it("a planner hearts two acts, requests quotes for an event from the shortlist, and the artist finds the request in messages", async () => {
    const planner = await (await suite.sessions.contextFor("planner")).newPage();
    await planner.goto(`${suite.app.baseUrl}/search?searchTerms=velvet`);
    const card = planner
      .getByRole("article")
      .filter({ has: planner.getByRole("heading", { name: "The Velvet Tones" }) });
    const heart = card.getByRole("button", { name: /The Velvet Tones to your shortlist/ });
    await heart.click();
    await expect.poll(() => heart.getAttribute("aria-pressed")).toBe("true");
    expect(await heart.textContent()).toContain("Saved");
    const nova = await suite.sessions.openProfile("planner", "dj-nova");
    await nova.page.getByRole("button", { name: /Save DJ Nova to your shortlist/ }).click();
    await expect
      .poll(() => nova.page.getByRole("button", { name: /DJ Nova to your shortlist/ }).getAttribute("aria-pressed"))
      .toBe("true");
    await nova.page.close();

    await planner.goto(`${suite.app.baseUrl}/shortlist`);
    await planner.getByRole("checkbox", { name: "Ask The Velvet Tones" }).check();
    await planner.getByRole("checkbox", { name: "Ask DJ Nova" }).check();
    await planner.getByRole("button", { name: "Request quotes" }).click();
    await planner.getByText("Choose an event", { exact: true }).last().waitFor();
    await planner.getByLabel("For which event").selectOption("summer-wedding");
    await planner
      .getByLabel("Your message to each act (optional)")
      .fill("About 120 guests, three hours of music. What would you charge?");
    await planner.getByRole("button", { name: "Request quotes" }).click();
    const outcome = planner.getByRole("status").filter({ hasText: "Your request" });
    await outcome.getByText(/The Velvet Tones: (asked for a quote|already invited to this event)/).waitFor();
    await outcome.getByText("DJ Nova: asked for a quote").waitFor();
    expect(await axeViolations(planner)).toEqual([]);
    await planner.close();

    // The artist of both acts finds the request in a conversation about the event.
    const artist = await (await suite.sessions.contextFor("owner")).newPage();
    await artist.goto(`${suite.app.baseUrl}/messages`);
    await artist.getByRole("link", { name: "Pat Planner (DJ Nova)" }).click();
    await artist
      .getByRole("list", { name: "Messages" })
      .getByText("About 120 guests, three hours of music. What would you charge?")
      .waitFor();
    // And beside the invite, where the offer is written.
    await artist.goto(`${suite.app.baseUrl}/invites`);
    await artist.getByText("Pat Planner asks:").first().waitFor();
    await artist.getByText("“About 120 guests, three hours of music. What would you charge?”").first().waitFor();
    expect(await axeViolations(artist)).toEqual([]);
    await artist.close();
  });

  it("a conversation works without JavaScript: the answer is a form post", async () => {
    const cookies = await (await suite.sessions.contextFor("planner")).cookies();
    const context = await suite.browser.newContext({ javaScriptEnabled: false });
    await context.addCookies(cookies);
    const page = await context.newPage();
    await page.goto(`${suite.app.baseUrl}/messages`);
    await page.getByRole("link", { name: "The Velvet Tones", exact: true }).first().click();
    await page.getByLabel("Your message").fill("Sent without a script.");
    await page.getByRole("button", { name: "Send" }).click();
    await page.getByRole("list", { name: "Messages" }).getByText("Sent without a script.").waitFor();
    await context.close();
  });

  it("a whole journey: a guest finds two acts, signs up, hearts them, asks both for quotes, talks with one, declines one offer and accepts the other", async () => {
    // A guest finds two acts.
    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const planner = await context.newPage();
    await planner.goto(`${suite.app.baseUrl}/search?searchTerms=nova`);
    await planner.getByRole("article").getByRole("link", { name: "DJ Nova" }).waitFor();
    await planner.goto(`${suite.app.baseUrl}/search?searchTerms=velvet`);
    await planner.getByRole("article").getByRole("link", { name: "The Velvet Tones" }).click();
    await planner.waitForURL(`${suite.app.baseUrl}/entertainment/the-velvet-tones`);

    // Signs up as a planner on the profile, lands back on it, and hearts it.
    const signup = planner.getByRole("region", { name: "Create a free account to book The Velvet Tones" });
    await signup.getByLabel("Name").fill("Jo Journey");
    await signup.getByLabel("Email").fill("jo.journey@example.com");
    await signup.getByLabel("Password").fill("a-long-enough-password");
    await signup.getByRole("button", { name: "Sign Up for Free" }).click();
    await planner.getByTestId("signed-in-as").waitFor();
    await planner.waitForURL(`${suite.app.baseUrl}/entertainment/the-velvet-tones`);
    await planner.getByRole("button", { name: /Save The Velvet Tones to your shortlist/ }).click();
    await expect
      .poll(() =>
        planner.getByRole("button", { name: /The Velvet Tones to your shortlist/ }).getAttribute("aria-pressed"),
      )
      .toBe("true");
    // ...and the other act from its search card.
    await planner.goto(`${suite.app.baseUrl}/search?searchTerms=nova`);
    const nova = planner.getByRole("article").filter({ has: planner.getByRole("heading", { name: "DJ Nova" }) });
    await nova.getByRole("button", { name: /DJ Nova to your shortlist/ }).click();
    await expect
      .poll(() => nova.getByRole("button", { name: /DJ Nova to your shortlist/ }).getAttribute("aria-pressed"))
      .toBe("true");

    // A new event, then one request to both acts from the shortlist.
    await planner.goto(`${suite.app.baseUrl}/events/add-event`);
    await planner.getByLabel("Event name").fill("Journey Wedding");
    await planner.getByRole("combobox", { name: "Location" }).fill("Evanston, IL");
    await planner.getByRole("option", { name: "Evanston, IL", exact: true }).click();
    await planner.getByLabel("Start time (local time where the event happens)").fill("2031-06-21T17:00");
    await planner.getByLabel("Guests").fill("90");
    await planner.getByRole("button", { name: /^Create event/ }).click();
    await planner.waitForURL(`${suite.app.baseUrl}/events`);
    await planner.goto(`${suite.app.baseUrl}/shortlist`);
    await planner.getByRole("checkbox", { name: "Ask The Velvet Tones" }).check();
    await planner.getByRole("checkbox", { name: "Ask DJ Nova" }).check();
    const eventChoice = planner.getByLabel("For which event");
    await eventChoice.selectOption(
      (await eventChoice.locator("option", { hasText: "Journey Wedding" }).getAttribute("value"))!,
    );
    await planner
      .getByLabel("Your message to each act (optional)")
      .fill("Ninety guests in a garden. Are you free, and what would you charge?");
    await planner.getByRole("button", { name: "Request quotes" }).click();
    const outcome = planner.getByRole("status").filter({ hasText: "Your request" });
    await outcome.getByText("The Velvet Tones: asked for a quote").waitFor();
    await outcome.getByText("DJ Nova: asked for a quote").waitFor();

    // The artist answers both threads and sends an offer for each act.
    const artist = await (await suite.sessions.contextFor("owner")).newPage();
    const offers = {
      "The Velvet Tones": ["4200", "Four hours, two sets."],
      "DJ Nova": ["1500", "Five hours with lights."],
    } as const;
    for (const [act, [price, note]] of Object.entries(offers)) {
      await artist.goto(`${suite.app.baseUrl}/messages`);
      await artist.getByRole("link", { name: `Jo Journey (${act})` }).click();
      const thread = artist.getByRole("list", { name: "Messages" });
      await thread.getByText("Ninety guests in a garden. Are you free, and what would you charge?").waitFor();
      await artist.getByLabel("Your message").fill(`${act} here: we are free that day, an offer follows.`);
      await artist.getByRole("button", { name: "Send" }).click();
      await thread.getByText(`${act} here: we are free that day, an offer follows.`).waitFor();
      await artist.goto(`${suite.app.baseUrl}/invites`);
      const invite = artist
        .getByRole("listitem")
        .filter({ has: artist.getByRole("heading", { name: "Journey Wedding" }) })
        .filter({ has: artist.getByRole("link", { name: act, exact: true }) });
      const form = invite.getByRole("form", { name: "Send an offer for Journey Wedding" });
      await form.getByLabel("Price (USD)").fill(price);
      await form.getByLabel("Message").fill(note);
      await form.getByRole("button", { name: "Send offer" }).click();
      await toast(artist, "Offer sent");
    }
    await artist.close();

    // The planner reads the Velvet Tones thread (its answer and its offer), and asks one more thing.
    await planner.goto(`${suite.app.baseUrl}/messages`);
    await planner.getByRole("link", { name: "The Velvet Tones", exact: true }).click();
    const velvet = planner.getByRole("list", { name: "Messages" });
    await velvet.getByText("The Velvet Tones here: we are free that day, an offer follows.").waitFor();
    await velvet
      .getByText(/\$4,200\.00/)
      .first()
      .waitFor();
    await planner.getByLabel("Your message").fill("Can you learn our first dance?");
    await planner.getByRole("button", { name: "Send" }).click();
    await velvet.getByText("Can you learn our first dance?").waitFor();

    // Declines DJ Nova's offer and accepts The Velvet Tones'.
    await planner.goto(`${suite.app.baseUrl}/events`);
    const wedding = planner
      .getByRole("listitem")
      .filter({ has: planner.getByRole("heading", { name: "Journey Wedding" }) });
    await wedding.getByRole("button", { name: "Decline the offer from DJ Nova" }).click();
    await planner
      .getByRole("dialog", { name: "Decline the offer of DJ Nova?" })
      .getByRole("button", { name: "Decline offer" })
      .click();
    await toast(planner, "Offer from DJ Nova declined");
    await wedding.getByRole("button", { name: "Accept offer from The Velvet Tones" }).click();
    const confirm = planner.getByRole("dialog", { name: "Book The Velvet Tones?" });
    await confirm.getByText("$4,200.00", { exact: true }).waitFor();
    await confirm.getByRole("button", { name: "Accept and book" }).click();
    await toast(planner, "The Velvet Tones booked for Journey Wedding");
    await wedding.getByText("Booked", { exact: true }).waitFor();

    // Each thread tells its act's side of the story.
    await planner.goto(`${suite.app.baseUrl}/messages`);
    await planner.getByRole("link", { name: "DJ Nova", exact: true }).click();
    await planner
      .getByRole("list", { name: "Messages" })
      .getByText(/declined/i)
      .first()
      .waitFor();
    expect(await axeViolations(planner)).toEqual([]);
    await planner.goto(`${suite.app.baseUrl}/messages`);
    await planner.getByRole("link", { name: "The Velvet Tones", exact: true }).click();
    await velvet
      .getByText("Jo Journey accepted the offer of $4,200.00: The Velvet Tones is booked for Journey Wedding.")
      .waitFor();
    await context.close();
  });

  it("an admin finds any conversation by act, planner or event name, on a phone and a desktop", async () => {
    const page = await (await suite.sessions.contextFor("admin")).newPage();
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${suite.app.baseUrl}/messages`);
      const search = page.getByRole("searchbox", { name: "Find conversations by act, planner or event" });
      await search.fill("Jo Journey");
      await page.getByRole("button", { name: "Search" }).click();
      await page.waitForURL(/\/messages\?q=Jo\+Journey/);
      await page.getByRole("link", { name: "The Velvet Tones and Jo Journey" }).waitFor();
      expect(await page.getByRole("link", { name: /and Pat Planner$/ }).count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await axeViolations(page)).toEqual([]);
      await search.fill("nobody by this name");
      await page.getByRole("button", { name: "Search" }).click();
      await page.getByText("No conversation's act, planner or event matches “nobody by this name”.").waitFor();
    }
    await page.close();
  });
});
