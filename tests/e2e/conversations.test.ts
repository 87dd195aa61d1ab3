import { describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { browserSuite } from "./browser-session";

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
    await artist.getByRole("link", { name: "The Velvet Tones and Pat Planner" }).first().click();
    await artist.waitForURL(`${suite.app.baseUrl}${conversationPath}`);
    await artist.getByRole("list", { name: "Messages" }).getByText("Hi! Do you play a first dance we choose?").waitFor();
    // Read: the header's count is gone.
    expect(await artist.getByTestId("unread-messages").count()).toBe(0);
    await artist.getByLabel("Your message").fill("Yes, send us the song and we will learn it.");
    await artist.getByRole("button", { name: "Send" }).click();
    await artist.getByRole("list", { name: "Messages" }).getByText("Yes, send us the song and we will learn it.").waitFor();
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
    await planner.page.getByRole("link", { name: "The Velvet Tones and Pat Planner" }).first().click();
    await planner.page.getByRole("list", { name: "Messages" }).getByText("Yes, send us the song and we will learn it.").waitFor();
    expect(planner.errors).toEqual([]);
    await planner.page.close();
    await artist.close();
  });

  it("a planner hearts two acts, requests quotes for an event from the shortlist, and the artist finds the request in messages", async () => {
    const planner = await (await suite.sessions.contextFor("planner")).newPage();
    await planner.goto(`${suite.app.baseUrl}/search?searchTerms=velvet`);
    const card = planner.getByRole("article").filter({ has: planner.getByRole("heading", { name: "The Velvet Tones" }) });
    const heart = card.getByRole("button", { name: /The Velvet Tones to your shortlist/ });
    await heart.click();
    await expect.poll(() => heart.getAttribute("aria-pressed")).toBe("true");
    expect(await heart.textContent()).toContain("Saved");
    const nova = await suite.sessions.openProfile("planner", "dj-nova");
    await nova.page.getByRole("button", { name: /Save DJ Nova to your shortlist/ }).click();
    await expect.poll(() => nova.page.getByRole("button", { name: /DJ Nova to your shortlist/ }).getAttribute("aria-pressed")).toBe("true");
    await nova.page.close();

    await planner.goto(`${suite.app.baseUrl}/shortlist`);
    await planner.getByRole("checkbox", { name: "Ask The Velvet Tones" }).check();
    await planner.getByRole("checkbox", { name: "Ask DJ Nova" }).check();
    await planner.getByRole("button", { name: "Request quotes" }).click();
    await planner.getByText("Choose an event", { exact: true }).last().waitFor();
    await planner.getByLabel("For which event").selectOption("summer-wedding");
    await planner.getByLabel("Your message to each act (optional)").fill("About 120 guests, three hours of music. What would you charge?");
    await planner.getByRole("button", { name: "Request quotes" }).click();
    const outcome = planner.getByRole("status").filter({ hasText: "Your request" });
    await outcome.getByText(/The Velvet Tones: (asked for a quote|already invited to this event)/).waitFor();
    await outcome.getByText("DJ Nova: asked for a quote").waitFor();
    expect(await axeViolations(planner)).toEqual([]);
    await planner.close();

    // The artist of both acts finds the request in a conversation about the event.
    const artist = await (await suite.sessions.contextFor("owner")).newPage();
    await artist.goto(`${suite.app.baseUrl}/messages`);
    await artist.getByRole("link", { name: "DJ Nova and Pat Planner" }).click();
    await artist.getByRole("list", { name: "Messages" }).getByText("About 120 guests, three hours of music. What would you charge?").waitFor();
    await artist.close();
  });

  it("a conversation works without JavaScript: the answer is a form post", async () => {
    const cookies = await (await suite.sessions.contextFor("planner")).cookies();
    const context = await suite.browser.newContext({ javaScriptEnabled: false });
    await context.addCookies(cookies);
    const page = await context.newPage();
    await page.goto(`${suite.app.baseUrl}/messages`);
    await page.getByRole("link", { name: "The Velvet Tones and Pat Planner" }).first().click();
    await page.getByLabel("Your message").fill("Sent without a script.");
    await page.getByRole("button", { name: "Send" }).click();
    await page.getByRole("list", { name: "Messages" }).getByText("Sent without a script.").waitFor();
    await context.close();
  });
});
