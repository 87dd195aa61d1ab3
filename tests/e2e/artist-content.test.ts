import type { Locator, Page } from "playwright-core";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gradientPng, simplePdf } from "#start/demo/demo-files";
import { axeViolations } from "./axe";
import { browserSuite, searchAnswered, toast } from "./browser-session";

const suite = browserSuite();

/**
 * Picks an item up with Space, moves it one place up with the arrow key, and drops it, each key
 * once the last was taken. dnd-kit listens for the keys of a drag only from a timer after the
 * pick-up, so on a busy machine a key can come before it listens; a key that changed nothing
 * (the handle's pressed state, or the live region's announcement) is pressed again. One move
 * too many is harmless here: the moves go to the top, where another does nothing.
 */
async function moveUp(page: Page, handle: Locator) {
  const announced = () => page.locator('[id^="DndLiveRegion"]').first().textContent();
  const dragging = async () => (await handle.getAttribute("aria-pressed")) === "true";
  const taken = async (key: string, done: () => Promise<boolean>) => {
    for (let attempt = 0; attempt < 3; attempt++) {
      await page.keyboard.press(key);
      try {
        await expect.poll(done, { timeout: 5_000 }).toBe(true);
        return;
      } catch {
        // Not taken: pressed again.
      }
    }
    throw new Error(`dnd-kit never took ${key}`);
  };
  await handle.focus();
  await taken("Space", dragging);
  const before = await announced();
  await taken("ArrowUp", async () => (await announced()) !== before);
  await taken("Space", async () => !(await dragging()));
}

const names = (page: Page) =>
  page.getByRole("list", { name: "Testimonials" }).locator("figcaption .font-semibold").allTextContents();

describe("an artist manages testimonials and offerings", () => {
  it("adds, edits, reorders (by keyboard) and deletes a testimonial", async () => {
    const { page, errors } = await suite.sessions.openProfile("owner", "the-velvet-tones");
    const section = page.getByRole("region", { name: "Testimonials" });

    await section.getByRole("button", { name: "Add Testimonial" }).click();
    let dialog = page.getByRole("dialog", { name: "Add Testimonial" });
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.getByText("Name is required").waitFor();
    expect(await dialog.getByText("Description is required").isVisible()).toBe(true);
    await dialog.getByLabel("Name").fill("Jo Park");
    await dialog.getByLabel("Organization").fill("Park Weddings");
    await dialog.getByLabel("Testimonial").fill("They were perfect.");
    await dialog.getByRole("button", { name: "Save" }).click();
    await toast(page, "Testimonial added");
    await section.getByText("They were perfect.").waitFor();
    expect(await names(page)).toEqual(["Laura Chen", "Marcus Hill", "Sofia Alvarez", "Jo Park"]);

    await section.getByRole("button", { name: "Edit testimonial from Jo Park" }).click();
    dialog = page.getByRole("dialog", { name: "Edit Testimonial" });
    expect(await dialog.getByLabel("Name").inputValue()).toBe("Jo Park");
    await dialog.getByLabel("Testimonial").fill("They were perfect, twice.");
    await dialog.getByRole("button", { name: "Save" }).click();
    await section.getByText("They were perfect, twice.").waitFor();

    // Reorder, then cancel: the old order comes back.
    await section.getByRole("button", { name: "Reorder" }).click();
    await moveUp(page, section.getByRole("button", { name: "Move testimonial from Jo Park" }));
    await section.getByRole("button", { name: "Cancel" }).click();
    expect(await names(page)).toEqual(["Laura Chen", "Marcus Hill", "Sofia Alvarez", "Jo Park"]);

    // Reorder by keyboard and save: Jo Park moves to the top.
    await section.getByRole("button", { name: "Reorder" }).click();
    const handle = section.getByRole("button", { name: "Move testimonial from Jo Park" });
    for (let i = 0; i < 3; i++) await moveUp(page, handle);
    expect(
      await section.getByRole("list", { name: "New order" }).getByRole("button").first().getAttribute("aria-label"),
    ).toBe("Move testimonial from Jo Park");
    await section.getByRole("button", { name: "Save Order" }).click();
    // The list comes back at once and shows the saved order when the page's data has reloaded.
    await expect.poll(() => names(page)).toEqual(["Jo Park", "Laura Chen", "Marcus Hill", "Sofia Alvarez"]);
    await page.reload();
    expect(await names(page)).toEqual(["Jo Park", "Laura Chen", "Marcus Hill", "Sofia Alvarez"]);

    await section.getByRole("button", { name: "Delete testimonial from Jo Park" }).click();
    await page
      .getByRole("dialog", { name: "Delete Testimonial" })
      .getByRole("button", { name: "Delete Testimonial" })
      .click();
    await toast(page, "Testimonial deleted");
    await page.getByRole("dialog", { name: "Delete Testimonial" }).waitFor({ state: "detached" });
    await section.getByText("They were perfect, twice.").waitFor({ state: "detached" });
    expect(errors).toEqual([]);
    await page.close();
  });

  it("adds an offering with an event type and deletes one", async () => {
    const { page } = await suite.sessions.openProfile("owner", "the-velvet-tones");
    const section = page.getByRole("region", { name: "Offerings" });
    await section.getByRole("button", { name: "Add Offering" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Offering" });
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.getByText("At least one Event Type must be selected").waitFor();
    await dialog.getByLabel("Title").fill("Brunch Set");
    await dialog.getByLabel("Description").fill("Acoustic soul for the morning after.");
    expect(await dialog.getByText("36/750").isVisible()).toBe(true);
    await dialog.getByRole("checkbox", { name: "Wedding" }).check();
    // A price range in dollars, checked in the browser before it is sent.
    await dialog.getByLabel("From", { exact: true }).fill("1,200");
    await dialog.getByLabel("To (optional)").fill("800");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.getByText("The top of the range can't be below its start").waitFor();
    await dialog.getByLabel("To (optional)").fill("1800");
    await dialog.getByRole("button", { name: "Save" }).click();
    await toast(page, "Offering added");
    await section.getByRole("heading", { name: "Brunch Set" }).waitFor();
    await section.getByText("$1,200 – $1,800").waitFor();
    // The act's "from" price is now the new offering's.
    await page.getByText("From $1,200", { exact: true }).waitFor();
    await section.getByRole("button", { name: "Delete Full Reception" }).click();
    await page
      .getByRole("dialog", { name: "Delete Offering" })
      .getByRole("button", { name: "Delete Offering" })
      .click();
    await toast(page, "Full Reception Deleted");
    // While the confirmation is open Radix hides the page from the accessibility tree, so
    // wait for it to close before looking for the list by role.
    await page.getByRole("dialog", { name: "Delete Offering" }).waitFor({ state: "detached" });
    await section.getByRole("heading", { name: "Full Reception" }).waitFor({ state: "detached" });
    expect(await section.getByRole("heading", { level: 3 }).allTextContents()).toEqual([
      "Ceremony and Cocktail Hour",
      "Corporate Showcase",
      "Brunch Set",
    ]);
    await page.close();
  });

  it("uploads an image, sees it in the lightbox, and deletes it", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "eva-upload-")), "stage.png");
    writeFileSync(file, gradientPng(600, 400, [20, 120, 200], [240, 200, 40]));
    const { page, errors } = await suite.sessions.openProfile("owner", "dj-nova");
    const photos = page.getByRole("region", { name: "Photos" });
    await photos.getByRole("button", { name: "Add Image" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Image" });
    await dialog.getByRole("button", { name: "Add Image" }).click();
    await dialog.getByText("Image is required").waitFor();
    await dialog.getByLabel(/Image \(JPEG/).setInputFiles(file);
    await dialog.getByRole("button", { name: "Add Image" }).click();
    await toast(page, "Image added");
    await photos.getByRole("link", { name: "Open photo 1 of 1" }).click();
    await page.locator(".pswp").waitFor({ state: "visible" });
    await page.locator('.pswp img.pswp__img[src*="/files/images/"][alt="DJ Nova, photo 1"]').waitFor();
    await page.waitForFunction(() => document.activeElement?.classList.contains("pswp"));
    await page.keyboard.press("Escape");
    await page.locator(".pswp").waitFor({ state: "detached" });
    await photos.getByRole("button", { name: "Delete photo 1" }).click();
    await page.getByRole("dialog", { name: "Delete Image" }).getByRole("button", { name: "Delete Image" }).click();
    await toast(page, "Image Deleted");
    await photos.getByText("You have no photos yet.", { exact: false }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it("uploads a document, and an admin approves it onto the profile", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "eva-upload-")), "Tech Rider.pdf");
    writeFileSync(file, simplePdf("Tech rider"));
    const artist = await (await suite.sessions.contextFor("owner")).newPage();
    await artist.goto(`${suite.app.baseUrl}/entertainment/dj-nova`);
    await artist.getByRole("link", { name: "Manage Documents" }).click();
    await artist.getByRole("heading", { name: "Manage Documents" }).waitFor();
    const form = artist.getByRole("form", { name: "Upload a document" });
    await form.getByRole("button", { name: "Upload Document" }).click();
    await form.getByText("Title is required").waitFor();
    expect(await form.getByText("Document is required").isVisible()).toBe(true);
    await form.getByLabel("Act").selectOption({ label: "DJ Nova" });
    await form.getByLabel("Title").fill("Tech Rider");
    await form.getByLabel(/^File/).setInputFiles(file);
    await form.getByRole("button", { name: "Upload Document" }).click();
    await toast(artist, "Tech Rider uploaded");
    const row = artist.getByRole("row").filter({ hasText: "Tech Rider" });
    await row.getByText("Pending").waitFor();
    expect(await row.getByText("PDF Document").isVisible()).toBe(true);
    await artist.close();

    const admin = await (await suite.sessions.contextFor("admin")).newPage();
    await admin.goto(`${suite.app.baseUrl}/documents`);
    await admin
      .getByRole("row")
      .filter({ hasText: "Tech Rider" })
      .getByRole("button", { name: "Approve Tech Rider" })
      .click();
    await toast(admin, "Tech Rider Approved");
    await admin.close();

    const guest = await (await suite.sessions.contextFor("guest")).newPage();
    await guest.goto(`${suite.app.baseUrl}/entertainment/dj-nova`);
    const documents = guest.getByRole("region", { name: "Documents" });
    expect(await documents.getByRole("link", { name: "Tech Rider" }).isVisible()).toBe(true);
    expect(await documents.getByText("PDF Document").isVisible()).toBe(true);
    await guest.close();
  });

  it("creates an act from My Acts, fills in the profile, and submits it once its checklist is done", async () => {
    const page = await (await suite.sessions.contextFor("owner")).newPage();
    await page.goto(`${suite.app.baseUrl}/my-acts`);
    await page.getByRole("link", { name: "Create an act" }).click();
    await page.getByLabel("Act name").fill("Velvet Strings");
    await page.getByRole("button", { name: "Create act" }).click();
    await page.getByRole("heading", { name: "Update Profile: Velvet Strings" }).waitFor();
    await page.getByLabel("Headline").fill("A string quartet for ceremonies");
    // The city fields suggest known places as they are typed.
    await page.getByRole("combobox", { name: "Location", exact: true }).fill("Chicag");
    await page.getByRole("option", { name: "Chicago, IL", exact: true }).click();
    await page.getByRole("button", { name: "Add a location" }).click();
    await page.getByRole("combobox", { name: "Additional location 1" }).fill("Milwauk");
    await page.getByRole("option", { name: "Milwaukee, WI", exact: true }).click();
    await page.getByLabel("Instagram").fill("instagram dot com");
    await page.getByRole("button", { name: "Save Profile" }).click();
    await page.getByText("Enter a link starting with https://").waitFor();
    await page.getByLabel("Instagram").fill("https://instagram.com/velvetstrings");
    await page.getByRole("button", { name: "Save Profile" }).click();
    await page.getByRole("heading", { level: 1, name: "Velvet Strings", exact: true }).waitFor();
    expect(await page.getByText("A string quartet for ceremonies").isVisible()).toBe(true);
    expect(await page.getByText("(also Milwaukee, WI)").isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Instagram" }).getAttribute("href")).toBe(
      "https://instagram.com/velvetstrings",
    );
    const profileUrl = page.url();

    // Submitting too early is refused, naming what is missing.
    await page.getByRole("link", { name: "Update Profile" }).click();
    await page.getByRole("button", { name: "Submit for Approval" }).click();
    await toast(
      page,
      "Before you submit, add: a description; a profile photo or an image; genres and tags (or a request for them)",
    );

    // My Acts shows the same checklist, and the button waits for it.
    await page.goto(`${suite.app.baseUrl}/my-acts`);
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Velvet Strings" }) });
    const checklist = card.getByRole("list", { name: "Checklist for Velvet Strings" });
    expect(await checklist.getByRole("listitem").allTextContents()).toEqual([
      "✓ A headline: done",
      "○ A description: missing",
      "✓ A home city: done",
      "○ A profile photo or an image: missing",
      "○ Genres and tags (or a request for them): missing",
    ]);
    expect(await card.getByRole("button", { name: "Submit for Approval" }).isDisabled()).toBe(true);
    // Disabled says why, in words anyone reaches (not a hover tip), and the button is described by them.
    const why = card.getByText("Finish the checklist above to submit Velvet Strings for approval.");
    await why.waitFor();
    expect(await card.getByRole("button", { name: "Submit for Approval" }).getAttribute("aria-describedby")).toBe(
      await why.getAttribute("id"),
    );

    await card.getByRole("link", { name: "Update Profile" }).click();
    await page.getByLabel("Description").fill("Four players from the Chicago Symphony's substitute list.");
    await page.getByLabel(/^Avatar/).setInputFiles({
      name: "quartet.png",
      mimeType: "image/png",
      buffer: gradientPng(64, 64, [40, 40, 90], [200, 180, 90]),
    });
    await page.getByRole("img", { name: "Current avatar" }).waitFor();
    await page.getByRole("button", { name: "Save Profile" }).click();
    await page.waitForURL(profileUrl);
    await page.getByRole("button", { name: "Request to Update Genres and Tags or Styles" }).click();
    const dialog = page.getByRole("dialog", { name: "Request to Update Genres and Tags or Styles" });
    await dialog.getByRole("checkbox", { name: "Classical" }).check();
    await dialog.getByRole("checkbox", { name: "Ceremony Music" }).check();
    await dialog.getByRole("checkbox", { name: "4-6 Piece Band" }).check();
    await dialog.getByRole("button", { name: "Send Request" }).click();
    await toast(page, "Request sent");

    await page.goto(`${suite.app.baseUrl}/my-acts`);
    expect(await checklist.getByText("missing").count()).toBe(0);
    await card.getByRole("button", { name: "Submit for Approval" }).click();
    await toast(page, "Application submitted for approval");
    await card.getByText("Pending Approval", { exact: true }).waitFor();
    expect(await card.getByRole("button", { name: "Submit for Approval" }).count()).toBe(0);
    await page.close();
  });

  it("says which languages the act performs in, and a guest finds it by one and reads it on the card", async () => {
    const page = await (await suite.sessions.contextFor("owner")).newPage();
    await page.goto(`${suite.app.baseUrl}/entertainment/update/dj-nova`);
    const languages = page.getByRole("group", { name: /^Languages/ });
    // Ticked out of order, said in the list's.
    await languages.getByRole("checkbox", { name: "Spanish" }).check();
    await languages.getByRole("checkbox", { name: "English" }).check();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Save Profile" }).click();
    await page.waitForURL(`${suite.app.baseUrl}/entertainment/dj-nova`);
    await page.getByRole("region", { name: "About" }).getByText("Performs in English and Spanish").waitFor();
    await page.close();

    const guest = await (await suite.sessions.contextFor("guest")).newPage();
    await guest.goto(`${suite.app.baseUrl}/search`);
    const form = guest.getByRole("search", { name: "Search entertainers" });
    await form
      .getByRole("group", { name: "Languages" })
      .getByRole("checkbox", { name: /^Spanish/ })
      .check();
    await guest.waitForURL(/languages%5B%5D=Spanish|languages\[\]=Spanish/);
    await searchAnswered(guest);
    await expect.poll(() => guest.getByRole("status").textContent()).toBe("1 entertainer found");
    await guest.getByRole("article", { name: "DJ Nova" }).getByText("Performs in English and Spanish").waitFor();
    expect(await axeViolations(guest)).toEqual([]);
    await guest.close();
  });

  it("adds a video by link, then uploads one with the progress bar and sees it on the page", async () => {
    const { page, errors } = await suite.sessions.openProfile("owner", "dj-nova");
    const section = page.getByRole("region", { name: "Videos" });
    await section.getByRole("button", { name: "Add Video" }).click();
    let dialog = page.getByRole("dialog", { name: "Add Video" });
    await dialog.getByLabel("YouTube or Vimeo link").fill("https://example.com/not-a-video");
    await dialog.getByRole("button", { name: "Add Video" }).click();
    await dialog.getByText("Error: Invalid link").waitFor();
    await dialog.getByLabel("YouTube or Vimeo link").fill("https://www.youtube.com/watch?v= dQw4w9WgXcQ");
    await dialog.getByRole("button", { name: "Add Video" }).click();
    dialog = page.getByRole("dialog", { name: "Video Uploaded" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Add Another Video" }).click();

    dialog = page.getByRole("dialog", { name: "Add Video" });
    await dialog.getByRole("radio", { name: "Direct Upload" }).check();
    const clip = new Uint8Array(12 * 1024 * 1024);
    clip.set([0, 0, 0, 0x18, ...new TextEncoder().encode("ftypmp42")]);
    const input = dialog.getByLabel(/^Video file/);
    await input.setInputFiles([
      { name: "a.mp4", mimeType: "video/mp4", buffer: Buffer.from(clip.slice(0, 1024)) },
      { name: "b.mp4", mimeType: "video/mp4", buffer: Buffer.from(clip.slice(0, 1024)) },
    ]);
    await dialog.getByRole("button", { name: "Upload Video" }).click();
    await dialog.getByText("Please upload only one video at a time.").waitFor();

    // Slow the upload down so the progress bar can be seen.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 4 * 1024 * 1024,
    });
    await input.setInputFiles({ name: "first-dance.mp4", mimeType: "video/mp4", buffer: Buffer.from(clip) });
    await dialog.getByRole("button", { name: "Upload Video" }).click();
    await dialog.getByRole("progressbar").waitFor();
    expect(await dialog.getByText(/Uploading… \d+%/).isVisible()).toBe(true);
    dialog = page.getByRole("dialog", { name: "Video Uploaded" });
    await dialog.waitFor({ timeout: 30_000 });
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await dialog.getByRole("button", { name: "Done" }).click();
    await section.locator('video[src^="/files/videos/"]').waitFor();
    expect(await section.getByRole("button", { name: /Play DJ Nova video 1 \(YouTube\)/ }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });
});
