import { describe, expect, it } from "vitest";
import { browserSuite, searchAnswered, toast } from "./browser-session";
import { axeViolations } from "./axe";
import { type DemoRole, sessionsFor } from "./demo-sessions";

const suite = browserSuite();
// One sign-in per role for the whole file: sign-in is rate limited per address.
let cookies: ReturnType<typeof sessionsFor> | undefined;
const cookieFor = (role: DemoRole) => (cookies ??= sessionsFor(suite.app.baseUrl))(role);

describe("queues and dashboards for every role", () => {
  it.each([
    ["/admin/acts", "admin", 200],
    ["/admin/tag-requests", "admin", 200],
    ["/my-acts", "owner", 200],
    ["/my-acts", "admin", 200],
    ["/admin/acts", "planner", 403],
    ["/admin/acts", "owner", 403],
    ["/admin/tag-requests", "otherArtist", 403],
    ["/my-acts", "planner", 403],
  ] as [string, DemoRole, number][])("%s as %s answers %i", async (path, role, status) => {
    const cookie = await cookieFor(role);
    const response = await fetch(suite.app.baseUrl + path, { headers: cookie ? { cookie } : {}, redirect: "manual" });
    expect(response.status).toBe(status);
    const html = await response.text();
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });

  it.each(["/admin/acts?status=declined", "/admin/tag-requests", "/my-acts"])(
    "a guest on %s is sent to sign in and back",
    async (path) => {
      const response = await fetch(suite.app.baseUrl + path, { redirect: "manual" });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    },
  );

  it("the sign-in and sign-up pages name the act a guest came to ask, and only an act the guest may see", async () => {
    const pageFor = async (page: string, actUrl: string) => {
      const target = encodeURIComponent(`/events/add-event?actUrl=${actUrl}`);
      return (await fetch(`${suite.app.baseUrl}${page}?redirectTo=${target}`)).text();
    };
    expect(await pageFor("/login", "the-velvet-tones")).toContain(
      "Log in or sign up to ask The Velvet Tones for a quote: you come back to it after.",
    );
    expect(await pageFor("/signup", "the-velvet-tones")).toContain(
      "Then you go on to ask The Velvet Tones for a quote.",
    );
    // An act waiting for approval is nobody's to ask yet, and a made-up one is nothing.
    for (const actUrl of ["pending-act", "no-such-act"]) {
      expect(await pageFor("/login", actUrl)).not.toContain("for a quote");
      expect(await pageFor("/signup", actUrl)).not.toContain("go on to ask");
    }
  });

  it("an admin lands on the queue, sees counts per status and what waits, and approves in place", async () => {
    const page = await (await suite.browser.newContext()).newPage();
    await page.goto(`${suite.app.baseUrl}/login`);
    await page.getByLabel("Email").fill("admin@example.com");
    await page.getByLabel("Password").fill("demo-password");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL(`${suite.app.baseUrl}/admin/acts`);
    const tabs = page.getByRole("navigation", { name: "Acts by status" });
    expect(await tabs.getByRole("link").allTextContents()).toEqual([
      "Pending Approval (1)",
      "Approved (323)",
      "Declined (1)",
      "Draft (1)",
    ]);
    expect(await tabs.locator('[aria-current="page"]').textContent()).toBe("Pending Approval (1)");
    expect(await page.getByRole("link", { name: /Moderation/ }).textContent()).toBe("Moderation 2 waiting");

    await page.getByRole("link", { name: "Tag requests: 1" }).click();
    await page.getByRole("list", { name: "Tags requested for Pending Act" }).waitFor();
    await page.getByRole("button", { name: "Decline the request for Pending Act" }).click();
    await toast(page, "Request Declined");
    await page.getByText("No tag update requests are waiting.").waitFor();

    await page.getByRole("link", { name: "Acts waiting: 1" }).click();
    // The queue shows what the act is before any decision: its checklist, marked in words too.
    const checklist = page.getByRole("list", { name: "Application checklist of Pending Act" });
    await checklist.waitFor();
    expect(await checklist.getByRole("listitem").count()).toBe(5);
    expect(await checklist.textContent()).toMatch(/A headline: (done|missing)/);
    await page.getByRole("button", { name: "Approve Pending Act" }).click();
    // Its checklist is not complete: the confirmation names what is missing before it approves.
    const approve = page.getByRole("dialog", { name: "Approve Pending Act?" });
    await approve
      .getByText("Pending Act is missing: a headline; a description; a profile photo or an image.")
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await approve.getByRole("button", { name: "Approve anyway" }).click();
    await toast(page, "Pending Act Approved");
    await page.getByText("No acts are pending approval.").waitFor();
    expect(await page.getByRole("link", { name: /Moderation/ }).textContent()).toBe("Moderation 0 waiting");
    await page.getByRole("link", { name: "Declined (1)" }).click();
    await page.getByText("Reason: Photos and videos do not show a live performance.").waitFor();
    await page.close();
  });
});

describe("listing pages", () => {
  it("a guest gets a listing without React, picks a place from its suggestions, and narrows from the search it lands on", async () => {
    const guest = await (await suite.sessions.contextFor("guest")).newPage();
    await guest.goto(`${suite.app.baseUrl}/hire/wedding/chicago-il`);
    // Plain HTML: the public layout, no router in the page, and the form's behaviours from a small script.
    expect(await guest.locator("body").getAttribute("data-layout")).toBe("public");
    expect(await guest.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    const form = guest.getByRole("search", { name: "Search entertainers" });
    const where = form.getByRole("combobox", { name: "Where" });
    expect(await where.inputValue()).toBe("Chicago, IL");
    const suggestions = guest.locator(`#${await where.getAttribute("aria-controls")} >> role=option`);

    // Suggestions as the combobox announces them; Escape closes them, the arrow keys and Enter pick one.
    await where.fill("Aust");
    const option = suggestions.filter({ hasText: /^Austin, TX$/ });
    await option.waitFor();
    expect(await where.getAttribute("aria-expanded")).toBe("true");
    await where.press("Escape");
    await expect.poll(() => where.getAttribute("aria-expanded")).toBe("false");
    expect(await suggestions.count()).toBe(0);
    await where.fill("Austi");
    await option.waitFor();
    const options = await suggestions.allTextContents();
    for (let step = 0; step <= options.indexOf("Austin, TX"); step++) await where.press("ArrowDown");
    expect(await where.getAttribute("aria-activedescendant")).toBe(await option.getAttribute("id"));
    expect(await option.getAttribute("aria-selected")).toBe("true");
    await where.press("Enter");
    await guest.waitForURL(/\/search\?.*location=Austin%2C\+TX/);
    expect(new URL(guest.url()).searchParams.getAll("eventTypes[]")).toEqual(["Wedding"]);

    // Back on the listing, a ticked value searches at once, with the listing's own filters.
    await guest.goto(`${suite.app.baseUrl}/hire/wedding/chicago-il`);
    const choice = form.getByRole("checkbox").nth(1);
    const value = (await choice.getAttribute("value"))!;
    await choice.check();
    await guest.waitForURL(/\/search\?/);
    const asked = new URL(guest.url()).searchParams;
    expect(asked.get("location")).toBe("Chicago, IL");
    expect([...asked.values()]).toContain(value);
    await expect.poll(() => guest.getByRole("status").textContent()).toMatch(/^\d+ entertainers? found$/);
    await guest.close();

    // A signed-in planner's listing is the app's own page: it hydrates.
    const planner = await (await suite.sessions.contextFor("planner")).newPage();
    await planner.goto(`${suite.app.baseUrl}/hire/wedding/chicago-il`);
    expect(await planner.locator("body").getAttribute("data-layout")).toBe("authenticated");
    await planner.waitForFunction(() => "__reactRouterContext" in window);
    await planner.close();
  });
});

describe("from search to booking", () => {
  it("a guest finds a jazz act near a city for a date, a planner invites it, its artist offers, the planner accepts", async () => {
    // A guest searches what, where and when from home, then narrows by a filter.
    const guest = await (await suite.sessions.contextFor("guest")).newPage();
    await guest.goto(`${suite.app.baseUrl}/`);
    const bar = guest.getByRole("search", { name: "Find entertainers" });
    await bar.getByLabel("What").fill("jazz");
    await bar.getByRole("combobox", { name: "Where" }).fill("Austin, TX");
    await bar.getByLabel("When").fill("2031-06-14");
    await bar.getByRole("button", { name: "Search" }).click();
    await guest.waitForURL(/\/search\?/);
    const form = guest.getByRole("search", { name: "Search entertainers" });
    await form.getByLabel("Within").selectOption("25");
    await guest.waitForURL(/radius=25/);
    await searchAnswered(guest);
    const status = guest.getByRole("status");
    const found = async () => Number((await status.textContent())?.match(/^(\d+)/)?.[1] ?? -1);
    await expect.poll(found).toBeGreaterThan(0);
    const before = await found();
    await form
      .getByRole("checkbox", { name: /^Wedding/ })
      .first()
      .check();
    await guest.waitForURL(/Wedding/);
    await searchAnswered(guest);
    await expect.poll(found).toBeLessThanOrEqual(before);
    expect(await found()).toBeGreaterThan(0);
    await guest.waitForLoadState("networkidle");
    const actName = (await guest.getByRole("article").first().getByRole("heading").textContent())!;
    await guest.getByRole("article").getByRole("link", { name: actName, exact: true }).click();
    await guest.waitForURL(/\/entertainment\//);
    const actUrl = new URL(guest.url()).pathname.split("/").pop()!;
    // A guest's profile opens with the create-account prompt over it, so the page is read by its markup.
    await expect.poll(() => guest.locator("h1").first().textContent()).toBe(actName);
    await guest.close();

    // A planner finds the same act and invites it from the result card.
    const planner = await (await suite.sessions.contextFor("planner")).newPage();
    await planner.goto(
      `${suite.app.baseUrl}/search?searchTerms=jazz&location=Austin%2C+TX&radius=25&date=2031-06-14&eventTypes[]=Wedding`,
    );
    await planner.getByRole("button", { name: `Invite ${actName}` }).click();
    const dialog = planner.getByRole("dialog", { name: "Invite To Event" });
    await dialog.getByRole("radio", { name: /Summer Wedding/ }).check();
    await dialog.getByRole("button", { name: "Invite", exact: true }).click();
    await toast(planner, `${actName} invited to Summer Wedding`);
    // The card says so at once, and still after a reload; it may invite to another event too.
    const invitedButton = planner.getByRole("button", { name: `Invited: invite ${actName} to another event` });
    expect(await invitedButton.textContent()).toBe("Invited");
    await planner.reload();
    expect(await invitedButton.textContent()).toBe("Invited");

    // The act's artist signs in, lands on My Acts, sees the invite waiting and sends an offer.
    const artist = await (await suite.browser.newContext()).newPage();
    await artist.goto(`${suite.app.baseUrl}/login`);
    await artist.getByLabel("Email").fill(`${actUrl}@artists.example.com`);
    await artist.getByLabel("Password").fill("demo-password");
    await artist.getByRole("button", { name: "Log in" }).click();
    await artist.waitForURL(`${suite.app.baseUrl}/my-acts`);
    const waiting = artist.getByRole("region", { name: /Invites waiting for your offer/ });
    expect(await waiting.getByRole("heading").textContent()).toBe("Invites waiting for your offer (1)");
    expect(await waiting.getByRole("listitem").textContent()).toContain(`Summer Wedding for ${actName}`);
    await waiting.getByRole("link", { name: "Send offers on the Invites page" }).click();
    const offer = artist.getByRole("form", { name: "Send an offer for Summer Wedding" });
    await offer.getByLabel("Price (USD)").fill("2400");
    await offer.getByLabel("Message").fill("Three sets, our own sound.");
    await offer.getByRole("button", { name: "Send offer" }).click();
    await toast(artist, "Offer sent");
    await artist.close();

    // The planner accepts the offer, which books the act.
    await planner.goto(`${suite.app.baseUrl}/events`);
    const wedding = planner
      .getByRole("listitem")
      .filter({ has: planner.getByRole("heading", { name: "Summer Wedding" }) });
    await wedding.getByRole("button", { name: `Accept offer from ${actName}` }).click();
    await planner
      .getByRole("dialog", { name: `Book ${actName}?` })
      .getByRole("button", { name: "Accept and book" })
      .click();
    await toast(planner, `${actName} booked for Summer Wedding`);
    await planner.close();
  });
});
