import type { Browser, BrowserContext, Page, Response } from "playwright-core";

/**
 * A signed-in page is drawn before its scripts load (decision 0046), so the load event no longer
 * means it is interactive: a click right after `goto` could land on a button React has not yet
 * taken over. Every page of the run's browser waits, after each navigation, until the page has
 * hydrated (the root marks it), as a person waits for a page to respond. Guests' pages in the
 * public layout hydrate nothing and are not waited for, nor are contexts without JavaScript.
 */
export function waitForHydration(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    if (options?.javaScriptEnabled !== false) hydrateEachPage(context);
    return context;
  };
  return browser;
}

const patched = new WeakSet<Page>();

function hydrateEachPage(context: BrowserContext): void {
  context.on("page", patch);
  const newPage = context.newPage.bind(context);
  context.newPage = async () => patch(await newPage());
}

function patch(page: Page): Page {
  if (patched.has(page)) return page;
  patched.add(page);
  const after =
    <A extends unknown[], R>(navigate: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const result = await navigate(...args);
      await hydrated(page, isResponse(result) ? result : null);
      return result;
    };
  page.goto = after(page.goto.bind(page));
  page.reload = after(page.reload.bind(page));
  page.goBack = after(page.goBack.bind(page));
  page.waitForURL = after(page.waitForURL.bind(page));
  return page;
}

function isResponse(value: unknown): value is Response {
  return typeof value === "object" && value !== null && "headers" in value && "status" in value;
}

async function hydrated(page: Page, response: Response | null): Promise<void> {
  // A file (a PDF, a calendar, JSON) has nothing to hydrate.
  if (response && !(response.headers()["content-type"] ?? "").includes("text/html")) return;
  await page.waitForFunction(
    () => document.body?.dataset.layout !== "authenticated" || document.documentElement.hasAttribute("data-hydrated"),
  );
}
