import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "#domain/messages";
import { axeViolations } from "./axe";
import { watchCspViolations, browserSuite } from "./browser-session";
import type { DemoRole } from "./demo-sessions";

const suite = browserSuite();
beforeAll(() => {
  mkdirSync("test-results", { recursive: true });
});

async function openProfile(role: DemoRole, actUrl = "the-velvet-tones"): Promise<Page> {
  const { page, errors } = await suite.sessions.openProfile(role, actUrl);
  expect(errors).toEqual([]);
  return page;
}

describe("a guest on the profile", () => {
  it("loads photos and the avatar as WebP copies sized for their slots, not the uploaded files", async () => {
    const page = await openProfile("guest");
    const avatar = page.getByRole("img", { name: "The Velvet Tones avatar" });
    await expect
      .poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    // A 112-pixel slot on a screen of density 1 takes the 160-pixel copy.
    expect(await avatar.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)).toMatch(
      /^\/files\/avatars\/[0-9a-f-]+\.jpg\.160w\.webp$/,
    );
    const photo = page.getByRole("img", { name: "The Velvet Tones, photo 1" });
    await photo.scrollIntoViewIfNeeded();
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    expect(await photo.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.(640|1280)w\.webp$/);
    await page.close();
  });

  it("opens a photo in the lightbox and closes it with Escape", async () => {
    const page = await openProfile("guest");
    await page.getByRole("link", { name: "Open photo 2 of 6" }).click();
    const lightbox = page.locator(".pswp");
    await lightbox.waitFor({ state: "visible" });
    expect(await page.locator(".pswp__counter").textContent()).toMatch(/2\s*\/\s*6/);
    // Focus moves into the lightbox once it has opened; Escape then closes it.
    await page.waitForFunction(() => document.activeElement?.classList.contains("pswp"));
    await page.keyboard.press("Escape");
    await lightbox.waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Open photo 2 of 6");
    await page.close();
  });

  it("opens View All Reviews with the keyboard, sees all twelve, and Escape returns focus", async () => {
    const page = await openProfile("guest");
    const trigger = page.getByRole("button", { name: "View All Reviews" });
    await trigger.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "All Reviews" });
    await dialog.waitFor({ state: "visible" });
    expect(await dialog.getByRole("article").count()).toBe(12);
    expect(await page.evaluate(() => document.activeElement?.closest("dialog")?.id)).toBe("all-reviews");
    // Focus stays in the modal: tabbing never reaches the page behind it.
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press("Tab");
      const inside = await page.evaluate(
        () => Boolean(document.activeElement?.closest("dialog")) || document.activeElement === document.body,
      );
      expect(inside).toBe(true);
    }
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("View All Reviews");
    await page.close();
  });

  it("downloads a photo under the spec's file name", async () => {
    const page = await openProfile("guest");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download photo 1" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("The_Velvet_Tones_photo_1.jpg");
    await page.close();
  });

  it("a video loads its player only when played", async () => {
    const page = await openProfile("guest");
    expect(await page.locator("iframe").count()).toBe(0);
    await page.getByRole("button", { name: /Play The Velvet Tones video 2 \(Vimeo\)/ }).click();
    expect(await page.locator('iframe[src^="https://player.vimeo.com/video/76979871"]').count()).toBe(1);
    await page.close();
  });

  it("signs up from the create-account prompt: rules said first, checked in the browser, and a refusal keeps what was typed", async () => {
    const context = await suite.browser.newContext();
    watchCspViolations(context, suite.cspViolations);
    const page = await context.newPage();
    await page.goto(`${suite.app.baseUrl}/entertainment/dj-nova`);
    const form = page.locator('form[name="Entertainer Profile - DJ Nova"]');
    const password = form.getByLabel("Password");
    // The rules are said before anything is typed, and read with the field.
    expect(await form.getByText(MESSAGES.passwordRules).isVisible()).toBe(true);
    expect(await password.getAttribute("aria-describedby")).toBeTruthy();
    // The browser checks first: an empty form and a short password never leave the page.
    await form.getByRole("button", { name: "Sign Up for Free" }).click();
    expect(await form.getByLabel("Name").evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
    await form.getByLabel("Name").fill("Gina Guest");
    await form.getByLabel("Email").fill("gina@example.com");
    await password.fill("short");
    await form.getByRole("button", { name: "Sign Up for Free" }).click();
    expect(
      await password.evaluate(
        (input: HTMLInputElement) => input.validity.tooShort || input.validity.patternMismatch || !input.validity.valid,
      ),
    ).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/entertainment/dj-nova");
    // The server's own rules: a common password is refused, and the name and email stay.
    await password.fill("password123");
    await form.getByRole("button", { name: "Sign Up for Free" }).click();
    await page.getByText(MESSAGES.passwordTooCommon).waitFor();
    expect(await form.getByLabel("Name").inputValue()).toBe("Gina Guest");
    expect(await form.getByLabel("Email").inputValue()).toBe("gina@example.com");
    expect(await password.inputValue()).toBe("");
    await password.fill("a-good-password");
    await form.getByRole("button", { name: "Sign Up for Free" }).click();
    await page.getByTestId("signed-in-as").waitFor();
    expect(await page.getByTestId("signed-in-as").textContent()).toBe("Gina Guest");
    expect(new URL(page.url()).pathname).toBe("/entertainment/dj-nova");
    await context.close();
  });
});

describe("layout", () => {
  it.each([
    [375, "beneath"],
    [1280, "beside"],
  ] as const)("at %i px the side column is %s the main content", async (width, where) => {
    const context = await suite.browser.newContext({ viewport: { width, height: 900 } });
    watchCspViolations(context, suite.cspViolations);
    const page = await context.newPage();
    await page.goto(`${suite.app.baseUrl}/entertainment/the-velvet-tones`);
    await page.screenshot({ path: `test-results/profile-guest-${width}.png`, fullPage: true });
    const main = (await page.getByTestId("main-content").boundingBox())!;
    const side = (await page.getByTestId("side-column").boundingBox())!;
    if (where === "beneath") {
      expect(side.y).toBeGreaterThanOrEqual(main.y + main.height);
      expect(Math.abs(side.x - main.x)).toBeLessThan(2);
    } else {
      expect(side.x).toBeGreaterThanOrEqual(main.x + main.width);
      expect(Math.abs(side.y - main.y)).toBeLessThan(2);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await context.close();
  });
});

describe("accessibility", () => {
  it.each(["guest", "planner", "owner", "admin"] as const)(
    "axe finds no violations on the profile as %s",
    async (role) => {
      const page = await openProfile(role);
      expect(await axeViolations(page)).toEqual([]);
      // The dialog too, opened.
      await page.getByRole("button", { name: "View All Reviews" }).click();
      await page.getByRole("dialog", { name: "All Reviews" }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.close();
    },
  );

  it("every control on the page is reachable with the keyboard", async () => {
    const page = await openProfile("admin");
    const controls = await page.evaluate(() =>
      [
        ...document.querySelectorAll(
          "main a[href], main button:not([disabled]), main input, main select, main textarea",
        ),
      ]
        .filter((element) => !element.closest("dialog") && (element as HTMLElement).offsetParent !== null)
        .map((element) => element.outerHTML.slice(0, 80)),
    );
    const reached = new Set<string>();
    for (let i = 0; i < controls.length + 40; i++) {
      await page.keyboard.press("Tab");
      const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 80) ?? "");
      reached.add(focused);
    }
    expect(controls.filter((control) => !reached.has(control))).toEqual([]);
    await page.close();
  });
});
