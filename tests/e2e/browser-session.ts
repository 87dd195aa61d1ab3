import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { type startAppServer, startServerAndBrowser } from "./app-server";
import { DEMO, type DemoRole } from "./demo-sessions";

/**
 * Collects every Content-Security-Policy violation the pages of a context report (Chromium
 * logs each to the console), so that a test fails on any.
 */
export function watchCspViolations(context: BrowserContext, violations: string[]): void {
  context.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text()))
      violations.push(`${message.page()?.url() ?? ""}: ${message.text()}`);
  });
}

/** Browser contexts per role, each signed in once through the sign-in page. */
export function browserSessions(browser: Browser, baseUrl: string, cspViolations: string[] = []) {
  const contexts = new Map<DemoRole, BrowserContext>();
  async function contextFor(role: DemoRole): Promise<BrowserContext> {
    const known = contexts.get(role);
    if (known) return known;
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    watchCspViolations(context, cspViolations);
    if (role !== "guest") {
      const page = await context.newPage();
      await page.goto(`${baseUrl}/login`);
      await page.getByLabel("Email").fill(DEMO[role]);
      await page.getByLabel("Password").fill("demo-password");
      await page.getByRole("button", { name: "Log in" }).click();
      await page.getByTestId("signed-in-as").waitFor();
      await page.close();
    }
    contexts.set(role, context);
    return context;
  }
  /** A page of the act's profile as this role, with any page error failing the test. */
  async function openProfile(role: DemoRole, actUrl: string): Promise<{ page: Page; errors: string[] }> {
    const page = await (await contextFor(role)).newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(`${baseUrl}/entertainment/${actUrl}`);
    await page.waitForLoadState("networkidle");
    return { page, errors };
  }
  return { contextFor, openProfile };
}

/**
 * One built app server and one Chromium for a test file, with per-role sessions; the fields
 * are filled before the file's first test runs.
 */
export function browserSuite(extraEnv: Record<string, string> = {}) {
  const suite = {} as {
    app: Awaited<ReturnType<typeof startAppServer>>;
    browser: Browser;
    sessions: ReturnType<typeof browserSessions>;
    cspViolations: string[];
  };
  beforeAll(async () => {
    [suite.app, suite.browser] = await startServerAndBrowser(extraEnv);
    suite.cspViolations = [];
    suite.sessions = browserSessions(suite.browser, suite.app.baseUrl, suite.cspViolations);
  });
  // The policy is enforced: a page that breaks it has a broken part, so the test fails.
  afterEach(() => {
    const reported = suite.cspViolations?.splice(0) ?? [];
    expect(reported).toEqual([]);
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.app?.stop();
  });
  return suite;
}

/** Waits for a toast with this text. */
export function toast(page: Page, text: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: text }).first().waitFor();
}

/**
 * Waits until the search form on the page shows its newest answer: the address changes as soon
 * as a search is asked, and the form is aria-busy until its answer is in, so a check made after
 * this never reads an older search's results.
 */
export async function searchAnswered(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.querySelector('form[aria-label="Search entertainers"]')?.getAttribute("aria-busy") !== "true",
  );
}

/** A page as a phone shows it, 390 pixels wide. */
export async function phonePage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  return page;
}
