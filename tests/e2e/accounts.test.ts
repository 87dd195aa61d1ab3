import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startAppServer, startServerAndBrowser } from "./app-server";
import { watchCspViolations } from "./browser-session";

let app: Awaited<ReturnType<typeof startAppServer>>;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await startServerAndBrowser();
});
const cspViolations: string[] = [];
afterEach(() => expect(cspViolations.splice(0)).toEqual([]));

async function newContext(): Promise<BrowserContext> {
  const context = await browser.newContext();
  watchCspViolations(context, cspViolations);
  return context;
}
const newPage = async () => (await newContext()).newPage();

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function signInThroughPage(page: Page, email: string, password = "demo-password") {
  await page.goto(`${app.baseUrl}/login`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

describe("accounts in the browser", () => {
  it("a guest sees the log-in and sign-up links", async () => {
    const page = await newPage();
    await page.goto(app.baseUrl);
    expect(await page.getByRole("link", { name: "Log in" }).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Sign up" }).isVisible()).toBe(true);
    expect(await page.getByTestId("signed-in-as").count()).toBe(0);
    await page.close();
  });

  it.each([
    ["admin@example.com", "Avery Admin", "ADMIN"],
    ["artist@example.com", "Riley Artist", "ARTIST"],
    ["planner@example.com", "Pat Planner", "PLANNER"],
  ])("%s signs in through the sign-in page and sees who they are", async (email, name, _role) => {
    const context = await newContext();
    const page = await context.newPage();
    await signInThroughPage(page, email);
    await page.getByTestId("signed-in-as").waitFor();
    expect(await page.getByTestId("signed-in-as").textContent()).toBe(name);
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByRole("link", { name: "Log in" }).waitFor();
    expect(await page.getByTestId("signed-in-as").count()).toBe(0);
    await context.close();
  });

  it("a wrong password shows an error and signs nobody in", async () => {
    const page = await newPage();
    await signInThroughPage(page, "planner@example.com", "not-the-password");
    await page.getByRole("alert").waitFor();
    expect(await page.getByRole("alert").textContent()).toBe("Invalid email or password");
    expect(await page.getByTestId("signed-in-as").count()).toBe(0);
    await page.close();
  });

  it("a new artist signs up, sees field errors first, and is signed in", async () => {
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(`${app.baseUrl}/signup`);
    await page.getByLabel("An entertainer").check();
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Password").fill("short");
    await page.getByRole("button", { name: "Sign up" }).click();
    await page.getByText("Enter a valid email address").waitFor();
    expect(await page.getByText("Name is required").isVisible()).toBe(true);
    expect(await page.getByText("Must be at least 10 characters").isVisible()).toBe(true);
    expect(await page.getByLabel("Email").getAttribute("aria-invalid")).toBe("true");

    await page.getByLabel("Name").fill("Nina Newact");
    await page.getByLabel("Email").fill("nina@example.com");
    await page.getByLabel("Password").fill("a-good-password");
    await page.getByLabel("An entertainer").check();
    await page.getByRole("button", { name: "Sign up" }).click();
    await page.getByTestId("signed-in-as").waitFor();
    expect(await page.getByTestId("signed-in-as").textContent()).toBe("Nina Newact");
    await context.close();
  });
});

describe("the server process", () => {
  it("stops on SIGTERM with exit code 0", async () => {
    const other = await startAppServer();
    expect((await fetch(`${other.baseUrl}/readyz`)).status).toBe(200);
    expect(await other.stop()).toBe(0);
  });
});
