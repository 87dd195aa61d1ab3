import { axeViolations } from "./axe";
import { describe, expect, it } from "vitest";
import { browserSuite, toast } from "./browser-session";

const suite = browserSuite();

describe("an admin moderates in the browser", () => {
  it("features an act and sees the toast and the badge", async () => {
    const { page, errors } = await suite.sessions.openProfile("admin", "dj-nova");
    await page.getByRole("button", { name: "Feature", exact: true }).click();
    await toast(page, "DJ Nova is now a Featured Entertainer");
    await page.getByRole("button", { name: "Unfeature" }).waitFor();
    expect(await page.locator("header").getByText("Featured", { exact: true }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("an artist requests a tag update and an admin accepts it", async () => {
    const artist = await suite.sessions.openProfile("owner", "dj-nova");
    await artist.page.getByRole("button", { name: "Request to Update Genres and Tags or Styles" }).click();
    const dialog = artist.page.getByRole("dialog", { name: "Request to Update Genres and Tags or Styles" });
    await dialog.getByRole("checkbox", { name: "Jazz" }).waitFor();
    await dialog.getByRole("button", { name: "Send Request" }).click();
    await dialog.getByText("At least one Genre must be selected").waitFor();
    expect(await dialog.getByText("At least one Set Type must be selected").isVisible()).toBe(true);
    expect(await dialog.getByText("At least one Group Size must be selected").isVisible()).toBe(true);
    await dialog.getByRole("checkbox", { name: "Jazz" }).check();
    await dialog.getByRole("checkbox", { name: "Background Music" }).check();
    await dialog.getByRole("checkbox", { name: "Trio" }).check();
    await dialog.getByRole("button", { name: "Send Request" }).click();
    await toast(artist.page, "Request sent");
    await artist.page.getByRole("group", { name: "Pending tag update request" }).waitFor();
    expect(artist.errors).toEqual([]);
    await artist.page.close();

    const admin = await suite.sessions.openProfile("admin", "dj-nova");
    const request = admin.page.getByRole("group", { name: "Pending tag update request" });
    expect(await request.getByRole("list", { name: "Requested tags" }).textContent()).toBe("Background MusicJazzTrio");
    await request.getByRole("button", { name: "Accept Request" }).click();
    await toast(admin.page, "Request Accepted");
    await request.waitFor({ state: "detached" });
    expect(await admin.page.getByRole("list", { name: "Tags" }).textContent()).toBe("Background MusicJazzTrio");
    await admin.page.close();
  });

  it("approves a pending act, and a guest can then see it", async () => {
    const guest = await (await suite.sessions.contextFor("guest")).newPage();
    expect((await guest.goto(`${suite.app.baseUrl}/entertainment/pending-act`))!.status()).toBe(404);
    const { page } = await suite.sessions.openProfile("admin", "pending-act");
    expect(await page.getByTestId("status-badge").textContent()).toBe("Status: Pending Approval");
    await page.getByRole("button", { name: "Approve" }).click();
    // Asked first: nothing changes until the admin confirms.
    const confirm = page.getByRole("dialog", { name: "Approve Pending Act?" });
    await confirm.getByText("Pending Act becomes visible to every planner").waitFor();
    expect(await page.getByTestId("status-badge").textContent()).toBe("Status: Pending Approval");
    await confirm.getByRole("button", { name: "Approve" }).click();
    await toast(page, "Pending Act Approved");
    await page.getByText("Status: Approved").waitFor();
    expect((await guest.goto(`${suite.app.baseUrl}/entertainment/pending-act`))!.status()).toBe(200);
    expect(await guest.getByRole("heading", { level: 1 }).textContent()).toBe("Pending Act");
    await guest.close();
    await page.close();
  });

  it("reassigns an act to another entertainer account", async () => {
    const { page } = await suite.sessions.openProfile("admin", "keynote-kim");
    await page.getByRole("button", { name: "Reassign" }).click();
    const dialog = page.getByRole("dialog", { name: "Reassign Act" });
    expect(await dialog.getByRole("note").textContent()).toContain("removes its “For Internal Use Only” mark");
    await dialog.getByRole("button", { name: "Reassign Act" }).click();
    await dialog.getByText("Entertainer Account is required").waitFor();
    await dialog.getByRole("searchbox").fill("Riley");
    await dialog.getByRole("radio", { name: /Riley Artist/ }).check();
    await dialog.getByRole("button", { name: "Reassign Act" }).click();
    await toast(page, "Keynote Kim reassigned to Riley Artist");
    await page.getByRole("group", { name: "Manager" }).getByText("artist@example.com").waitFor();
    expect(await page.getByText("For Internal Use Only", { exact: true }).count()).toBe(0);
    await page.close();
  });

  it("marks the manager's W-9 and direct deposit as received, which payouts wait for", async () => {
    const { page, errors } = await suite.sessions.openProfile("admin", "the-velvet-tones");
    const manager = page.getByRole("group", { name: "Manager" });
    await manager.getByLabel("W-9 received").check();
    await manager.getByLabel("Direct-deposit details received").check();
    expect(await axeViolations(page)).toEqual([]);
    await manager.getByRole("button", { name: "Save marks" }).click();
    await toast(page, "Payout marks saved");
    await page.reload();
    await expect.poll(() => manager.textContent()).not.toContain("not received");
    expect(await manager.getByLabel("W-9 received").isChecked()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("declines an act with a reason, which the history records", async () => {
    const { page } = await suite.sessions.openProfile("admin", "dj-nova");
    await page.getByRole("button", { name: "Decline", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Decline Act" });
    await dialog.getByLabel("Reason (optional)").fill("Please add a live set video.");
    expect(await dialog.getByText("28/1000").isVisible()).toBe(true);
    await dialog.getByRole("button", { name: "Decline Act" }).click();
    await toast(page, "DJ Nova Declined");
    await page.getByText("Status: Declined").waitFor();
    const history = page.getByRole("list", { name: "Moderation history" });
    const entry = (await history.getByRole("listitem").first().textContent()) ?? "";
    expect(entry).toMatch(/^Declined by Avery Admin/);
    // People's words, not the stored fields.
    expect(entry).toContain("Status: Approved → changed to Declined");
    expect(entry).toContain("Decline reason: — → changed to Please add a live set video.");
    expect(entry).not.toMatch(/decline_reason|active: |application_complete/);
    expect(await page.getByText("Please add a live set video.").first().isVisible()).toBe(true);
    await page.close();
    // The act's artist reads the reason on My Acts with what is left to fix, then sends it again.
    const mine = await (await suite.sessions.contextFor("owner")).newPage();
    await mine.goto(`${suite.app.baseUrl}/my-acts`);
    const card = mine.getByRole("listitem").filter({ has: mine.getByRole("heading", { name: "DJ Nova" }) });
    expect(await card.getByText("Reason given: Please add a live set video.").isVisible()).toBe(true);
    const again = card.getByRole("button", { name: "Submit again for approval" });
    expect(await again.isDisabled()).toBe(true);
    expect(await card.getByText("Finish the checklist above to submit DJ Nova for approval.").isVisible()).toBe(true);
    expect(await card.getByRole("list", { name: "Checklist for DJ Nova" }).textContent()).toContain("missing");
    await mine.close();
  });

  it("adds a review with a reviewer name and deletes it after confirming", async () => {
    const { page } = await suite.sessions.openProfile("admin", "the-velvet-tones");
    await page.getByRole("button", { name: "Add Review" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Review" });
    await dialog.getByRole("button", { name: "Submit Review" }).click();
    await dialog.getByText("Rating is required").waitFor();
    expect(await dialog.getByText("Reviewer Name is required").isVisible()).toBe(true);
    expect(await dialog.getByText("Review Title is required").isVisible()).toBe(true);
    expect(await dialog.getByText("Review is required").isVisible()).toBe(true);
    await dialog.getByLabel("Reviewer Name").fill("Quinn Q.");
    await dialog.getByLabel("Why you are adding it").fill("From the act's former website");
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole("radio", { name: "5 stars" }).check();
    await dialog.getByLabel("Review Title").fill("Unforgettable");
    await dialog.getByLabel("Review", { exact: true }).fill("They made our gala.");
    await dialog.getByRole("button", { name: "Submit Review" }).click();
    await toast(page, "Review added");
    await page.getByText("13 reviews").first().waitFor();
    // It says an admin added it, and why.
    expect(await page.getByRole("article", { name: "Unforgettable" }).first().textContent()).toContain(
      "Added by EVA · From the act's former website",
    );
    await page.getByRole("button", { name: "Delete review “Unforgettable”" }).first().click();
    const removal = page.getByRole("dialog", { name: "Delete Review" });
    await removal.getByLabel("Reason").fill("Added to the wrong act.");
    expect(await axeViolations(page)).toEqual([]);
    await removal.getByRole("button", { name: "Delete Review" }).click();
    await toast(page, "Review deleted");
    await page.getByText("12 reviews").first().waitFor();
    await page.close();
  });

  it("the act's artist answers a review once, in public, and everyone reads the answer under it", async () => {
    const { page, errors } = await suite.sessions.openProfile("owner", "the-velvet-tones");
    const reviews = page.getByRole("region", { name: "Reviews" });
    const first = reviews.getByRole("article").first();
    const title = (await first.getAttribute("aria-label"))!;
    await first.getByRole("button", { name: `Answer the review “${title}”` }).click();
    const dialog = page.getByRole("dialog", { name: "Answer the review" });
    await dialog.getByRole("button", { name: "Post answer" }).click();
    await dialog.getByText("Reply is required").waitFor();
    await dialog.getByLabel("Your answer").fill("Thank you! We loved playing for you.");
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Post answer" }).click();
    await toast(page, "Answer posted");
    await first.getByText("Answer from The Velvet Tones").waitFor();
    // Answered once: no second Answer button on it, but the answer may be changed in its first day.
    expect(await first.getByRole("button", { name: `Answer the review “${title}”` }).count()).toBe(0);
    await first.getByRole("button", { name: `Edit the answer to “${title}”` }).click();
    const change = page.getByRole("dialog", { name: "Change the answer" });
    expect(await change.getByLabel("Your answer").inputValue()).toBe("Thank you! We loved playing for you.");
    await change.getByLabel("Your answer").fill("Thank you! We loved playing for you. Congratulations!");
    expect(await axeViolations(page)).toEqual([]);
    await change.getByRole("button", { name: "Save answer" }).click();
    await toast(page, "Answer changed");
    await first.getByText("(edited)").waitFor();
    // The artist cannot take it down: that is an admin's moderation.
    expect(await first.getByRole("button", { name: /^Take down/ }).count()).toBe(0);
    expect(errors).toEqual([]);
    // A guest on a phone reads it under the review.
    const context = await suite.browser.newContext({ viewport: { width: 390, height: 844 } });
    const guest = await context.newPage();
    await guest.goto(`${suite.app.baseUrl}/entertainment/the-velvet-tones`);
    await guest
      .getByRole("article", { name: title })
      .first()
      .getByText("Thank you! We loved playing for you. Congratulations!")
      .waitFor();
    expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
    await page.close();
  });
});

describe("times in the reader's own zone", () => {
  // One component (LocalTime) writes every such time: notifications, an act's history, its latest offer.
  it("an admin in Chicago reads the act's latest offer in Chicago time, not UTC", async () => {
    // The admin's session, in a browser whose clock is set to Chicago.
    const cookies = await (await suite.sessions.contextFor("admin")).cookies();
    const context = await suite.browser.newContext({ timezoneId: "America/Chicago" });
    await context.addCookies(cookies);
    const page = await context.newPage();
    await page.goto(`${suite.app.baseUrl}/entertainment/the-velvet-tones`);
    const offer = page.getByRole("region", { name: "Latest Offer" }).locator("time");
    await expect
      .poll(() => offer.textContent(), { timeout: 15_000 })
      .toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M C[SD]T$/);
    expect(await offer.getAttribute("datetime")).toMatch(/Z$/);
    await context.close();
  });
});
