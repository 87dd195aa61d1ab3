import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { simpleParser } from "mailparser";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type startAppServer, startServerAndBrowser } from "./app-server";
import { axeViolations } from "./axe";
import { watchCspViolations } from "./browser-session";
import { sessionsFor } from "./demo-sessions";

/**
 * Whole journeys of issue 15 in the browser, on the built app with no SMTP server: mail is
 * written as .eml files under DATA_DIR/mail, where the README says to look.
 */

let app: Awaited<ReturnType<typeof startAppServer>>;
let browser: Browser;
const cspViolations: string[] = [];

beforeAll(async () => {
  [app, browser] = await startServerAndBrowser();
});
afterEach(() => expect(cspViolations.splice(0)).toEqual([]));
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function newPage(): Promise<Page> {
  const context: BrowserContext = await browser.newContext();
  watchCspViolations(context, cspViolations);
  return context.newPage();
}

async function signIn(page: Page, email: string, password = "demo-password") {
  await page.goto(`${app.baseUrl}/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.getByTestId("signed-in-as").waitFor();
}

/** The newest mail to this address in DATA_DIR/mail, once the worker has written it. */
async function mailTo(address: string, subject: string) {
  const folder = join(app.dataDir, "mail");
  const deadline = Date.now() + 20_000;
  for (;;) {
    const files = (() => {
      try {
        return readdirSync(folder).sort().reverse();
      } catch {
        return [];
      }
    })();
    for (const file of files) {
      const mail = await simpleParser(readFileSync(join(folder, file)));
      const to = (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address;
      if (to === address && mail.subject === subject) return mail;
    }
    if (Date.now() > deadline) throw new Error(`no mail "${subject}" to ${address} in ${folder}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe("accounts that recover themselves", () => {
  it("a planner who forgot the password gets a link by email, chooses a new one and logs in with it", async () => {
    const page = await newPage();
    await page.goto(`${app.baseUrl}/login`);
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await page.getByRole("heading", { name: "Reset your password" }).waitFor();
    await page.getByLabel("Email").fill("planner@example.com");
    await page.getByRole("button", { name: "Email me a link" }).click();
    await page.getByRole("status").filter({ hasText: "we sent it a link" }).waitFor();

    const mail = await mailTo("planner@example.com", "Reset your password | EVA");
    const link = /(http:\/\/127\.0\.0\.1:\d+\/api\/auth\/reset-password\/\S+)/.exec(mail.text ?? "")![1]!;
    await page.goto(link);
    await page.waitForURL(/\/reset-password\?token=/);
    await page.getByLabel("New password", { exact: true }).fill("a-new-planner-secret");
    await page.getByLabel("New password again").fill("a-new-planner-secret");
    await page.getByRole("button", { name: "Save the new password" }).click();
    await page.getByText("Your password is changed. Log in with the new one.").waitFor();

    // The spent link now says so, and the old password no longer works.
    await page.goto(link);
    await page.getByRole("alert").filter({ hasText: "This link has expired or was used already." }).waitFor();
    await page.goto(`${app.baseUrl}/login`);
    await page.getByLabel("Email").fill("planner@example.com");
    await page.getByLabel("Password").fill("demo-password");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.getByRole("alert").waitFor();
    await signIn(page, "planner@example.com", "a-new-planner-secret");
    expect(await page.getByTestId("signed-in-as").textContent()).toContain("Pat Planner");

    // On the account page the current password is asked before a new one is set.
    await page.goto(`${app.baseUrl}/account`);
    await page.getByLabel("Current password").fill("not-my-password");
    await page.getByLabel("New password", { exact: true }).fill("third-planner-secret");
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByText(/Invalid password/i).waitFor();
    await page.getByLabel("Current password").fill("a-new-planner-secret");
    await page.getByLabel("New password", { exact: true }).fill("third-planner-secret");
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByRole("status").filter({ hasText: "Password changed" }).waitFor();
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByRole("link", { name: "Log in" }).waitFor();
    await signIn(page, "planner@example.com", "third-planner-secret");
    await page.close();
  });

  it("an artist hears of an approval in the header, reads it, and turns that email off on the account page", async () => {
    const cookieFor = sessionsFor(app.baseUrl);
    const approved = await fetch(`${app.baseUrl}/api/acts/set-status/pending-act`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: app.baseUrl, cookie: (await cookieFor("admin"))! },
      body: JSON.stringify({ status: "approved" }),
    });
    expect(approved.status).toBe(200);

    const page = await newPage();
    await signIn(page, "artist2@example.com");
    expect(await page.getByTestId("unread-count").textContent()).toBe("1 unread");
    await page.getByRole("link", { name: /Notifications/ }).click();
    // A click that lands before the header's page is hydrated is a whole navigation; the new page's
    // "Mark all read" is a script's button, so wait for the page to be React's (tests/e2e/hydrated-pages.ts).
    await page.waitForURL(/\/notifications$/);
    const item = page.getByRole("listitem").filter({ hasText: "Pending Act is approved" });
    await item.waitFor();
    expect(await item.getByText("New").isVisible()).toBe(true);
    await page.getByRole("button", { name: "Mark all read" }).click();
    await page.getByTestId("unread-count").filter({ hasText: "0 unread" }).waitFor();

    // The mail was written too, with its way out.
    const mail = await mailTo("artist2@example.com", "Pending Act is approved | EVA");
    expect(mail.text).toContain(`${app.baseUrl}/entertainment/pending-act`);
    // Its "stop emails like this one" link asks first, then turns that kind off.
    const unsubscribe = /Stop emails like this one: (\S+)/.exec(mail.text ?? "")![1]!;
    const stopPage = await newPage();
    await stopPage.goto(unsubscribe);
    await stopPage.getByText("You get an email when an act of mine is approved.").waitFor();
    expect(await axeViolations(stopPage)).toEqual([]);
    await stopPage.getByRole("button", { name: "Stop these emails" }).click();
    await stopPage.getByRole("heading", { name: "Done" }).waitFor();
    await stopPage.close();

    await page.getByTestId("signed-in-as").click();
    await page.getByRole("heading", { name: "Your account" }).waitFor();
    // The link turned approvals off; the page turns them back on, and reviews off.
    const approvals = page.getByRole("checkbox", { name: "An act of mine is approved" });
    expect(await approvals.isChecked()).toBe(false);
    await approvals.check();
    await page.getByRole("checkbox", { name: "An act of mine is reviewed" }).uncheck();
    await page.getByRole("button", { name: "Save email settings" }).click();
    await page.getByRole("status").filter({ hasText: "Email settings saved" }).waitFor();
    await page.reload();
    expect(await page.getByRole("checkbox", { name: "An act of mine is approved" }).isChecked()).toBe(true);
    expect(await page.getByRole("checkbox", { name: "An act of mine is reviewed" }).isChecked()).toBe(false);

    await page.getByRole("textbox", { name: "Name", exact: true }).fill("Sam Renamed");
    await page.getByRole("button", { name: "Save name" }).click();
    await page.getByTestId("signed-in-as").filter({ hasText: "Sam Renamed" }).waitFor();
    await page.close();
  });
});
