import { Agent, fetch as fetchFrom } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer } from "./app-server";
import { sessionsFor } from "./demo-sessions";

/** Issue 28's page-level holes, probed over HTTP against the built server as an attacker would. */

let app: Awaited<ReturnType<typeof startAppServer>>;
let cookieFor: ReturnType<typeof sessionsFor>;
beforeAll(async () => {
  app = await startAppServer();
  cookieFor = sessionsFor(app.baseUrl);
});
afterAll(async () => app?.stop());

const HOSTILE_TARGETS = [
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\nX-Injected: 1",
  "/%09/evil.example",
  "/%0A/evil.example",
  "//evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "/\\/evil.example",
  "https://evil.example/",
  "http:/evil.example",
  "javascript:alert(1)",
  "%2F%2Fevil.example",
  " //evil.example",
];

/** Where a response sends the browser, resolved as a browser would, or null when it sends it nowhere. */
function landing(response: Response): URL | null {
  const location = response.headers.get("location");
  return location === null ? null : new URL(location, app.baseUrl);
}

function expectOurs(response: Response, what: string) {
  expect(response.status, what).toBeLessThan(500);
  const target = landing(response);
  if (target) {
    expect(target.origin, what).toBe(app.baseUrl);
    expect(response.headers.get("location"), what).not.toMatch(/[\s\u0000-\u001f]/);
  }
}

describe("redirect targets stay on our origin", () => {
  it("GET /login and /signup signed in, with every hostile redirectTo", async () => {
    const cookie = (await cookieFor("planner"))!;
    for (const page of ["/login", "/signup"]) {
      for (const target of HOSTILE_TARGETS) {
        const response = await fetch(`${app.baseUrl}${page}?redirectTo=${encodeURIComponent(target)}`, {
          headers: { cookie },
          redirect: "manual",
        });
        expect(response.status, `${page} ${JSON.stringify(target)}`).toBe(302);
        expectOurs(response, `${page} ${JSON.stringify(target)}`);
      }
      const fine = await fetch(`${app.baseUrl}${page}?redirectTo=${encodeURIComponent("/events?x=1")}`, {
        headers: { cookie },
        redirect: "manual",
      });
      expect(landing(fine)?.href).toBe(`${app.baseUrl}/events?x=1`);
    }
  });

  it("the login form's redirectTo after a real sign-in", async () => {
    for (const [index, target] of HOSTILE_TARGETS.entries()) {
      const body = new URLSearchParams({
        email: "planner2@example.com",
        password: "demo-password",
        redirectTo: target,
      });
      // Each sign-in from an address of its own, so that the per-address sign-in limit stays out of it.
      const dispatcher = new Agent({ localAddress: `127.0.3.${index + 1}` });
      const response = (await fetchFrom(`${app.baseUrl}/login`, {
        method: "POST",
        body,
        headers: { origin: app.baseUrl },
        redirect: "manual",
        dispatcher,
      })) as unknown as Response;
      await dispatcher.close();
      expect(response.status, JSON.stringify(target)).toBe(302);
      expectOurs(response, JSON.stringify(target));
    }
  });

  it("better-auth's callbackURL and redirectTo are cut down to a path", async () => {
    const cookie = (await cookieFor("planner2"))!;
    const reset = await fetch(`${app.baseUrl}/api/auth/request-password-reset`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: app.baseUrl },
      body: JSON.stringify({ email: "planner2@example.com", redirectTo: "https://evil.example/steal" }),
    });
    expect(reset.status).toBe(200);
    const change = await fetch(`${app.baseUrl}/api/auth/change-email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: app.baseUrl, cookie },
      body: JSON.stringify({ newEmail: "planner2-new@example.com", callbackURL: "/\t/evil.example" }),
    });
    expect(change.status).toBe(200);
  });
});

describe("page forms take only our own, form-encoded posts", () => {
  const EVENT = new URLSearchParams({ name: "Forged party", starttime: "2027-06-01T18:00", location: "Chicago, IL" });

  it("a cross-site post to add-event or logout changes nothing", async () => {
    const cookie = (await cookieFor("planner"))!;
    const forgeries: Record<string, string>[] = [
      {},
      { referer: "https://evil.example/page" },
      { origin: "https://evil.example" },
      { origin: app.baseUrl, "sec-fetch-site": "cross-site" },
      { origin: "null" },
    ];
    for (const headers of forgeries) {
      const added = await fetch(`${app.baseUrl}/events/add-event`, {
        method: "POST",
        body: EVENT,
        headers: { cookie, ...headers },
        redirect: "manual",
      });
      expect(added.status, JSON.stringify(headers)).toBe(403);
      const out = await fetch(`${app.baseUrl}/logout`, {
        method: "POST",
        body: new URLSearchParams(),
        headers: { cookie, ...headers },
        redirect: "manual",
      });
      expect(out.status, JSON.stringify(headers)).toBe(403);
    }
    const events = await (await fetch(`${app.baseUrl}/api/events?perPage=50`, { headers: { cookie } })).json();
    expect(JSON.stringify(events)).not.toContain("Forged party");
    expect((await fetch(`${app.baseUrl}/api/me`, { headers: { cookie } })).status).toBe(200);
    // Our own page's post, by Origin or by Referer alone, is taken.
    const ours = await fetch(`${app.baseUrl}/events/add-event`, {
      method: "POST",
      body: new URLSearchParams({ ...Object.fromEntries(EVENT), name: "Real party" }),
      headers: { cookie, referer: `${app.baseUrl}/events/add-event` },
      redirect: "manual",
    });
    expect(ours.status).toBe(302);
  });

  it("a post whose body is no form encoding is 415 on every page form, never 500", async () => {
    const cookie = (await cookieFor("planner"))!;
    for (const page of [
      "/login",
      "/signup",
      "/account",
      "/forgot-password",
      "/reset-password",
      "/events/add-event",
      "/logout",
      "/entertainment/the-velvet-tones",
    ]) {
      for (const type of ["text/plain", "application/json", "application/xml", ""]) {
        const response = await fetch(`${app.baseUrl}${page}`, {
          method: "POST",
          body: type === "application/json" ? "{}" : "email=a",
          headers: { cookie, origin: app.baseUrl, ...(type ? { "content-type": type } : {}) },
          redirect: "manual",
        });
        // fetch gives a string body text/plain itself when no type is set.
        expect(response.status, `${page} ${type}`).toBe(415);
      }
    }
  });
});

describe("paths no route could name", () => {
  it("NUL, broken Unicode and bad escapes are the not-found page, on every page route", async () => {
    for (const path of [
      "/entertainment/%00",
      "/entertainment/a%00b",
      "/entertainment/%ED%A0%80",
      "/entertainment/%E0%A4",
      "/hire/%00/chicago-il",
      "/guides/%00",
      "/entertainment/update/%00",
      "/%00",
    ]) {
      for (const role of ["guest", "owner"] as const) {
        const cookie = await cookieFor(role);
        const response = await fetch(`${app.baseUrl}${path}`, { headers: cookie ? { cookie } : {} });
        expect(response.status, `${role} ${path}`).toBe(404);
        expect(await response.text(), path).toContain("Page not found");
      }
    }
  });
});

describe("one client's burst of page renders", () => {
  it("30 uncached searches at once from one guest: some 429 at once, none 5xx, and another guest is served", async () => {
    const statuses = await Promise.all(
      Array.from(
        { length: 30 },
        async (_, n) => (await fetch(`${app.baseUrl}/search?searchTerms=burst${n}&location=Chicago%2C+IL`)).status,
      ),
    );
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(4);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    const dispatcher = new Agent({ localAddress: "127.0.3.200" });
    expect((await fetchFrom(`${app.baseUrl}/search?searchTerms=another`, { dispatcher })).status).toBe(200);
    await dispatcher.close();
  });
});
