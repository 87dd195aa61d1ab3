import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { browserSuite, phonePage, toast } from "./browser-session";

const suite = browserSuite();

const INSTRUCTIONS = "Zelle to pay@velvettones.example, or a check to The Velvet Tones LLC";

/** An API call as the page would make it (our origin, the context's session). */
async function call(context: BrowserContext, path: string, data: unknown) {
  const response = await context.request.post(`${suite.app.baseUrl}${path}`, {
    data,
    headers: { origin: suite.app.baseUrl },
  });
  expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as { data: Record<string, unknown> };
}

/** Each PDF link on the page gives a PDF to this side's session. */
async function downloadsPdfs(context: BrowserContext, page: Page, names: string[]) {
  for (const name of names) {
    const href = await page.getByRole("link", { name }).getAttribute("href");
    const response = await context.request.get(`${suite.app.baseUrl}${href}`);
    expect([response.status(), response.headers()["content-type"]], name).toEqual([200, "application/pdf"]);
  }
}

describe("an offline wedding, as a couple reads it on a phone (issue 63)", () => {
  it("reads the policy and how to pay before accepting, pays by the act's instructions, cancels, reads what is owed; the act records it; both keep the paper", async () => {
    const planner = await suite.sessions.contextFor("planner");
    const artist = await suite.sessions.contextFor("owner");

    // The act says how planners pay it.
    const acts = await phonePage(artist);
    await acts.goto(`${suite.app.baseUrl}/my-acts`);
    await acts.getByRole("button", { name: "Add payment instructions for The Velvet Tones" }).click();
    const dialog = acts.getByRole("dialog", { name: "How planners pay The Velvet Tones" });
    await dialog.getByLabel("Payment instructions").fill(INSTRUCTIONS);
    await dialog.getByRole("button", { name: "Save instructions" }).click();
    await toast(acts, "Payment instructions saved");
    await acts.getByText(INSTRUCTIONS).first().waitFor();

    // And what it charges to travel, which its profile tells planners (the wedding is at home: no line).
    await acts.getByRole("button", { name: "Set travel for The Velvet Tones" }).click();
    const travel = acts.getByRole("dialog", { name: "Travel for The Velvet Tones" });
    await travel.getByLabel("Free miles").fill("30");
    await travel.getByLabel("Price a mile beyond them (US dollars)").fill("12");
    await travel.getByRole("button", { name: "Save travel" }).click();
    await travel.getByText("Enter a travel price of $10 a mile or less").first().waitFor();
    expect(await axeViolations(acts)).toEqual([]);
    await travel.getByLabel("Price a mile beyond them (US dollars)").fill("2");
    await travel.getByRole("button", { name: "Save travel" }).click();
    await toast(acts, "Travel saved: First 30 miles free, then $2 a mile");
    await acts.getByText("First 30 miles free, then $2 a mile").waitFor();

    // The couple asks, and the act quotes.
    const starttime = new Date(Date.now() + 100 * 86_400_000).toISOString();
    const event = await call(planner, "/api/events/create", {
      name: "Lakeside Wedding",
      starttime,
      location: "Chicago, IL",
      venue: "The Lakeside Barn",
      hours: 4,
      actUrl: "the-velvet-tones",
    });
    const invites = (await (await artist.request.get(`${suite.app.baseUrl}/api/invites?perPage=50`)).json()) as {
      data: { id: number; event: { url: string } }[];
    };
    const invite = invites.data.find((each) => each.event.url === event.data.url)!;
    await call(artist, `/api/offers/submit/${invite.id}`, {
      price: 3200,
      deposit_cents: 80_000,
      message: "Ceremony trio, then the full band for dancing.",
    });

    // Before committing: every payment with its day, the policy's words, how to pay, the terms.
    const couple = await phonePage(planner);
    await couple.goto(`${suite.app.baseUrl}/events`);
    await couple.getByRole("button", { name: "Accept offer from The Velvet Tones" }).click();
    const accept = couple.getByRole("dialog", { name: "Book The Velvet Tones?" });
    await accept.getByText(/^\$800\.00, due \w+day, \w+ \d+, \d{4}$/).waitFor();
    await accept.getByText(/^\$2,400\.00, due \w+day, \w+ \d+, \d{4}$/).waitFor();
    await accept.getByText(/^Moderate: /).waitFor();
    await accept.getByText(`Directly to The Velvet Tones: ${INSTRUCTIONS}`).waitFor();
    expect(await accept.getByRole("link", { name: "terms" }).getAttribute("href")).toBe("/terms");
    expect(await axeViolations(couple)).toEqual([]);
    await accept.getByRole("button", { name: "Accept and book" }).click();
    await toast(couple, "The Velvet Tones booked for Lakeside Wedding");
    const wedding = couple
      .getByRole("listitem")
      .filter({ has: couple.getByRole("heading", { name: "Lakeside Wedding" }) });
    const bookingLink = wedding.getByRole("link", { name: /^Booking [A-Z0-9]{8}$/ });
    await bookingLink.waitFor();
    const number = (await bookingLink.textContent())!.replace("Booking ", "");
    await couple.goto(`${suite.app.baseUrl}/bookings/${number}`);
    await couple.getByRole("heading", { name: "How to pay The Velvet Tones" }).waitFor();
    await couple.getByText(INSTRUCTIONS, { exact: true }).waitFor();
    // Both signatures, and the digest of what they signed.
    const signed = couple.getByRole("list", { name: "Signed" });
    await signed
      .getByRole("listitem")
      .filter({ hasText: /^For the act: Riley Artist for The Velvet Tones, / })
      .waitFor();
    await signed
      .getByRole("listitem")
      .filter({ hasText: /^The planner: Pat Planner, / })
      .waitFor();
    expect(await couple.locator("code").first().textContent()).toMatch(/^[0-9a-f]{64}$/);

    // Paid as the act asked; the act records both payments.
    const act = await phonePage(artist);
    await act.goto(`${suite.app.baseUrl}/bookings/${number}`);
    for (const kind of ["deposit", "balance"]) {
      const form = act.getByRole("form", { name: `Record the ${kind} as paid` });
      await form.getByLabel("How it was paid").selectOption("check");
      await form.getByRole("button", { name: "Record payment" }).click();
      await act.getByRole("form", { name: `Record the ${kind} as paid` }).waitFor({ state: "detached" });
    }

    // The couple cancels, and reads what comes back.
    await couple.reload();
    await couple.getByText("$3,200.00", { exact: true }).first().waitFor();
    await couple.getByRole("button", { name: "Cancel booking" }).click();
    const cancel = couple.getByRole("dialog", { name: `Cancel booking ${number}?` });
    await cancel.getByLabel("Why you cancel").fill("We moved the wedding abroad");
    await cancel.getByRole("button", { name: "Cancel the booking" }).click();
    await couple.getByText("$2,400.00 owed back to the planner").waitFor();
    expect(await axeViolations(couple)).toEqual([]);

    // The act reads the same, and records the refund it owes: one form, for what is owed.
    await act.reload();
    await act.getByText("$2,400.00 owed back to the planner").waitFor();
    const refund = act.getByRole("form", { name: "Record money paid back to the planner" });
    await refund.getByText("Record money paid back to the planner (at most $2,400.00)").waitFor();
    await refund.getByLabel("How it was paid back").selectOption("check");
    await refund.getByRole("button", { name: "Record refund" }).click();
    await act.getByRole("form", { name: "Record money paid back to the planner" }).waitFor({ state: "detached" });
    expect(await act.getByText("owed back to the planner", { exact: false }).count()).toBe(0);
    expect(await axeViolations(act)).toEqual([]);

    // Both keep the paper: the agreement and each receipt.
    await couple.reload();
    await couple.getByText("$800.00", { exact: true }).first().waitFor();
    for (const [context, page] of [
      [planner, couple],
      [artist, act],
    ] as const)
      await downloadsPdfs(context, page, [
        "Download the agreement (PDF)",
        "Receipt of the deposit (PDF)",
        "Receipt of the balance (PDF)",
      ]);
    await Promise.all([acts.close(), couple.close(), act.close()]);
  });
});
