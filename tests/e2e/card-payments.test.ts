import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalStripe, startLocalStripe } from "#tests/setup/stripe-server";
import { axeViolations } from "./axe";
import { browserSuite } from "./browser-session";

/**
 * Card payments in the browser, with the app server's Stripe calls going to a local server that
 * speaks Stripe's API and serves stand-ins for Stripe's onboarding and Checkout pages, whose
 * events reach the app's webhook over HTTP, signed as Stripe signs them.
 */
const env: Record<string, string> = {};
let stripe: LocalStripe;
let appBase = "";
beforeAll(async () => {
  stripe = await startLocalStripe((body, signature) =>
    fetch(`${appBase}/api/stripe/webhook`, {
      method: "POST",
      body,
      headers: { "content-type": "application/json", "stripe-signature": signature },
    }),
  );
  Object.assign(env, {
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_BASE: stripe.url,
    PLATFORM_FEE_PERCENT: "10",
  });
});
const suite = browserSuite(env);
beforeAll(() => {
  appBase = suite.app.baseUrl;
});
afterAll(async () => stripe?.close());

/** A call to our API as the signed-in person of this browser context, as its pages make them. */
async function apiAs(context: BrowserContext, method: "GET" | "POST", path: string, data?: unknown) {
  const response = await context.request.fetch(`${appBase}${path}`, {
    method,
    headers: { origin: appBase },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as { data: Record<string, unknown> & Record<string, unknown>[] };
}

describe("paying an act by card", () => {
  it("the artist sets up card payments, the planner books and pays the deposit on Checkout, and both see it paid", async () => {
    const owner = await suite.sessions.contextFor("owner");
    const artist = await owner.newPage();
    await artist.goto(`${appBase}/my-acts`);
    const card = artist
      .getByRole("listitem")
      .filter({ has: artist.getByRole("heading", { name: "The Velvet Tones", exact: true }) });
    await card.getByText("The Velvet Tones does not take card payments yet").waitFor();
    await card.getByRole("button", { name: "Set up card payments" }).click();
    await artist.getByRole("heading", { name: "Set up payouts (test)" }).waitFor();
    await artist.getByRole("button", { name: "Finish" }).click();
    await artist.waitForURL(`${appBase}/my-acts`);
    await card.getByText("The Velvet Tones takes card payments").waitFor();

    // The planner's event and the act's offer, as their own pages would send them.
    const plannerContext = await suite.sessions.contextFor("planner");
    const made = await apiAs(plannerContext, "POST", "/api/events/create", {
      name: "Card Gala",
      starttime: "2031-10-04T23:00:00.000Z",
      location: "Chicago, IL",
      actUrl: "the-velvet-tones",
    });
    const invites = (await apiAs(owner, "GET", "/api/invites?perPage=50")).data as unknown as {
      id: number;
      event: { url: string };
    }[];
    const invite = invites.find((each) => each.event.url === made.data.url)!;
    const offer = await apiAs(owner, "POST", `/api/offers/submit/${invite.id}`, { price: 2400, deposit_cents: 60_000 });
    const booked = await apiAs(plannerContext, "POST", `/api/offers/accept/${offer.data.id}`, {
      phone: "+1 312 555 0142",
    });
    const number = booked.data.booking as string;

    const planner = await plannerContext.newPage();
    await planner.goto(`${appBase}/bookings/${number}`);
    await planner.getByText("The planner pays by card through us.").waitFor();
    expect(await axeViolations(planner)).toEqual([]);
    await planner.getByRole("button", { name: "Pay the deposit of $600.00 by card" }).click();
    await planner.getByRole("heading", { name: "Pay $600.00 (test)" }).waitFor();
    await planner.getByRole("button", { name: "Pay" }).click();
    await planner.waitForURL(new RegExp(`/bookings/${number}\\?paid=\\d+$`));
    const payments = planner.getByRole("list", { name: "Payments" });
    await payments.getByText(/Paid .*, card, online/).waitFor();
    await payments.getByRole("link", { name: "Receipt of the deposit (PDF)" }).waitFor();
    // The balance is still due, and still payable by card; the deposit no longer is.
    await planner.getByRole("button", { name: "Pay the balance of $1,800.00 by card" }).waitFor();
    expect(await planner.getByRole("button", { name: /Pay the deposit/ }).count()).toBe(0);

    // The artist sees it paid, and has nothing to record by hand.
    await artist.goto(`${appBase}/bookings/${number}`);
    await artist
      .getByRole("list", { name: "Payments" })
      .getByText(/Paid .*, card, online/)
      .waitFor();
    expect(await artist.getByRole("button", { name: "Record payment" }).count()).toBe(0);
    expect(stripe.objects("sessions").filter((session) => session.status === "complete")).toHaveLength(1);
    await planner.close();
    await artist.close();
  });

  it("at 390 px: a planner finds a DJ-style package on the map, books it instantly on a free Saturday with travel, saves the card with the deposit; the balance job charges it; both download the signed agreement (issue 65)", async () => {
    const owner = await suite.sessions.contextFor("owner");
    const plannerContext = await suite.sessions.contextFor("planner");
    const admin = await suite.sessions.contextFor("admin");
    await apiAs(owner, "POST", "/api/acts/the-velvet-tones/travel", { free_miles: 20, cents_per_mile: 100 });
    const act = (await apiAs(owner, "GET", "/api/acts/the-velvet-tones")).data as unknown as {
      eventTypes: { id: number }[];
    };
    const made = await apiAs(owner, "POST", "/api/packages/create/the-velvet-tones", {
      title: "Saturday Party Set",
      description: "Four hours, sound and lights included.",
      eventTypes: [act.eventTypes[0]!.id],
      instant: { price_cents: 240_000, deposit_cents: 60_000, cancellation_policy: "moderate", terms: "" },
    });
    const offeringId = made.data.id as number;
    // A Saturday 20 weeks ahead, in Rockford (about 80 miles from Chicago).
    const saturday = new Date(Date.now() + 140 * 86_400_000);
    saturday.setUTCDate(saturday.getUTCDate() + ((6 - saturday.getUTCDay() + 7) % 7));
    saturday.setUTCHours(23, 0, 0, 0);
    const event = await apiAs(plannerContext, "POST", "/api/events/create", {
      name: "Barn Party",
      starttime: saturday.toISOString(),
      location: "Rockford, IL",
    });

    const page = await plannerContext.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${appBase}/search?view=map&instant=1`);
    await page.getByRole("link", { name: /^The Velvet Tones, Chicago, IL: see its card$/ }).click();
    await page.waitForURL(/#act-the-velvet-tones$/);
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`${appBase}/book/the-velvet-tones/${offeringId}?event=${event.data.url}`);
    await page.getByRole("status").filter({ hasText: "Free:" }).waitFor();
    await page
      .getByText(/of which travel/)
      .first()
      .waitFor();
    await page.getByRole("button", { name: /^Book now for \$2,4\d\d\.00$/ }).click();
    await page.waitForURL(/\/bookings\/[A-Z0-9]+$/);
    const number = page.url().split("/").pop()!;

    // The deposit on Checkout, saving the card for the balance.
    await page.getByLabel(/Save my card and charge the balance/).check();
    await page.getByRole("button", { name: "Pay the deposit of $600.00 by card" }).click();
    await page.getByRole("heading", { name: "Pay $600.00 (test)" }).waitFor();
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await page.waitForURL(new RegExp(`/bookings/${number}\\?paid=\\d+$`));
    await expect
      .poll(async () => {
        await page.reload();
        return page.getByText("Your card is saved for this booking").count();
      })
      .toBe(1);
    expect(await axeViolations(page)).toEqual([]);

    // On its day the job charges it: an admin runs it now, as the worker would at 9 AM.
    const jobs = (await apiAs(admin, "GET", "/api/admin/jobs?kind=payment_charge")).data as unknown as {
      id: string;
      subject: string;
    }[];
    const job = jobs.find((each) => each.subject === `Booking ${number}`)!;
    await apiAs(admin, "POST", `/api/admin/jobs/${job.id}/run-now`, { reason: "The balance's day, in the test" });
    await expect
      .poll(async () => {
        await page.reload();
        return page
          .getByRole("list", { name: "Payments" })
          .getByText(/Paid .*, card, online/)
          .count();
      })
      .toBe(2);

    // Both sides keep the agreement both signed.
    const artist = await owner.newPage();
    await artist.goto(`${appBase}/bookings/${number}`);
    for (const [context, view] of [
      [plannerContext, page],
      [owner, artist],
    ] as const) {
      const href = await view.getByRole("link", { name: "Download the agreement (PDF)" }).getAttribute("href");
      const pdf = await context.request.get(`${appBase}${href}`);
      expect([pdf.status(), pdf.headers()["content-type"]]).toEqual([200, "application/pdf"]);
      await view
        .getByText(/SHA-256/)
        .first()
        .waitFor();
    }
    await Promise.all([page.close(), artist.close()]);
  });
});
