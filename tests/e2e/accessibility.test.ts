import { describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { browserSuite } from "./browser-session";
import type { DemoRole } from "./demo-sessions";

const suite = browserSuite();

describe("axe finds no violations", () => {
  it.each([
    ["guest", "/"],
    ["guest", "/search"],
    ["guest", "/search?searchTerms=velvet&location=Chicago,%20IL&radius=25"],
    ["planner", "/search?searchTerms=zzzzqq&styles[]=Soul&location=Chicago,%20IL"],
    ["guest", "/login"],
    ["guest", "/signup"],
    ["planner", "/events"],
    ["planner", "/messages"],
    ["planner", "/shortlist"],
    ["planner", "/events/add-event?actUrl=the-velvet-tones"],
    ["planner", "/events/edit/summer-wedding"],
    ["owner", "/invites"],
    ["owner", "/documents"],
    ["admin", "/documents"],
    ["owner", "/entertainment/update/the-velvet-tones"],
    ["admin", "/entertainment/update/the-velvet-tones"],
    ["owner", "/acts/new"],
    ["owner", "/my-acts"],
    ["otherArtist", "/my-acts"],
    ["admin", "/admin/acts"],
    ["admin", "/admin/acts?status=declined"],
    ["admin", "/admin/tag-requests"],
    ["admin", "/admin/seo?tab=listing"],
    ["admin", "/admin/seo/entry?id=1"],
    ["admin", "/admin/seo/guide?slug=choosing-a-wedding-band"],
    ["planner", "/search?searchTerms=jazz"],
    ["guest", "/hire/dj/dallas-tx"],
    ["guest", "/guides"],
    ["guest", "/guides/choosing-a-wedding-band"],
    ["guest", "/entertainment/no-such-act"],
    ["guest", "/forgot-password"],
    ["guest", "/reset-password?token=not-a-real-token"],
    ["owner", "/account"],
    ["planner", "/account"],
    ["owner", "/notifications"],
  ] as [DemoRole, string][])("as %s on %s", async (role, path) => {
    const page = await (await suite.sessions.contextFor(role)).newPage();
    await page.goto(suite.app.baseUrl + path);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it.each([
    ["admin", "pending-act", "Decline", "Decline Act"],
    ["admin", "pending-act", "Reassign", "Reassign Act"],
    ["admin", "dj-nova", "Edit Tags", "Edit Tags"],
    ["admin", "the-velvet-tones", "Add Review", "Add Review"],
    ["planner", "the-velvet-tones", "Invite To Event", "Invite To Event"],
    ["planner", "the-velvet-tones", "Add Review", "Add Review"],
    ["owner", "dj-nova", "Add Video", "Add Video"],
    ["owner", "dj-nova", "Add Image", "Add Image"],
    ["owner", "dj-nova", "Add Testimonial", "Add Testimonial"],
    ["owner", "dj-nova", "Add Offering", "Add Offering"],
  ] as [DemoRole, string, string, string][])(
    "as %s in the dialog behind %s › %s",
    async (role, actUrl, button, dialogName) => {
      const { page } = await suite.sessions.openProfile(role, actUrl);
      await page.getByRole("button", { name: button, exact: true }).click();
      const dialog = page.getByRole("dialog", { name: dialogName });
      await dialog.waitFor();
      // Focus is inside the dialog, and Escape returns it to the button that opened it.
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
      // Judged as it stands once its opening animation is over, not halfway through a fade.
      await dialog.evaluate((element) =>
        Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
      );
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });
      // Focus goes back in the dialog's unmount, a moment after it leaves the page.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent), { timeout: 15_000 })
        .toBe(button);
      await page.close();
    },
  );
});
