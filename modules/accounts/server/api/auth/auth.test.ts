import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLE_EMAILS, createTestServer, json, sessionCookie, type TestServer } from "#tests/setup/api-harness";

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

const me = async (cookie: string | null) => server.request("/api/me", { cookie });

describe("sign-up", () => {
  it.each(["PLANNER", "ARTIST"] as const)("anyone can sign up as %s and is signed in", async (role) => {
    const email = `new-${role.toLowerCase()}@example.com`;
    const response = await server.request("/api/auth/sign-up/email", {
      json: { name: `New ${role}`, email, password: "a-good-password", role },
      ip: server.nextIp(),
    });
    expect(response.status).toBe(200);
    const body = await json<{ data: Record<string, string> }>(await me(sessionCookie(response)));
    expect(body.data).toMatchObject({ name: `New ${role}`, email, role });
    expect(body.data.url).toMatch(/^new-[a-z]+-[a-z0-9]{6}$/);
  });

  it("never makes an ADMIN, and changes nothing", async () => {
    const response = await server.request("/api/auth/sign-up/email", {
      json: { name: "Sneaky", email: "sneaky@example.com", password: "a-good-password", role: "ADMIN" },
      ip: server.nextIp(),
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      message: "Some fields are not valid",
      code: "validation_failed",
      errors: { role: ["Choose Planner or Artist"] },
    });
    const signIn = await server.request("/api/auth/sign-in/email", {
      json: { email: "sneaky@example.com", password: "a-good-password" },
      ip: server.nextIp(),
    });
    expect(signIn.status).toBe(401);
  });

  it("gives field errors for every bad field", async () => {
    const response = await server.request("/api/auth/sign-up/email", {
      json: { email: "nope", password: "short" },
      ip: server.nextIp(),
    });
    expect(response.status).toBe(422);
    expect((await json<{ errors: unknown }>(response)).errors).toEqual({
      name: ["Name is required"],
      email: ["Enter a valid email address"],
      password: ["Must be at least 10 characters"],
      role: ["Choose Planner or Artist"],
    });
  });

  it("refuses an email that already has an account", async () => {
    const response = await server.request("/api/auth/sign-up/email", {
      json: { name: "Copy", email: "PLANNER@example.com", password: "a-good-password", role: "PLANNER" },
      ip: server.nextIp(),
    });
    expect(response.status).toBe(422);
    expect((await json<{ errors: unknown }>(response)).errors).toEqual({
      email: ["An account with this email already exists"],
    });
  });
});

describe("sign-in and sign-out", () => {
  it.each(Object.entries(ROLE_EMAILS))("the demo account %s signs in with demo-password", async (_, email) => {
    const cookie = await server.signIn(email);
    const body = await json<{ data: { email: string } }>(await me(cookie));
    expect(body.data.email).toBe(email);
  });

  it("a wrong password is 401 in the contract's shape", async () => {
    const response = await server.request("/api/auth/sign-in/email", {
      json: { email: "planner@example.com", password: "wrong-password" },
      ip: server.nextIp(),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: "unauthenticated" });
  });

  it("/api/me is 401 for a guest and after sign-out", async () => {
    expect(await json(await me(null))).toEqual({ message: "Sign in to continue", code: "unauthenticated" });
    const cookie = await server.signIn(ROLE_EMAILS.otherPlanner);
    expect((await me(cookie)).status).toBe(200);
    const out = await server.request("/api/auth/sign-out", {
      json: {},
      cookie,
      headers: { origin: "http://localhost:3000" },
    });
    expect(out.status).toBe(200);
    expect((await me(cookie)).status).toBe(401);
  });

  it("sign-in is rate limited per client address", async () => {
    const ip = "203.0.113.77";
    // A different address each time, so that only the per-address limit can refuse.
    let n = 0;
    const attempt = () =>
      server.request("/api/auth/sign-in/email", {
        json: { email: `nobody-${n++}@example.com`, password: "wrong-password" },
        ip,
      });
    for (let i = 0; i < 10; i++) expect((await attempt()).status).toBe(401);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ code: "rate_limited" });
    // Another address is not affected.
    expect(
      (
        await server.request("/api/auth/sign-in/email", {
          json: { email: "planner@example.com", password: "demo-password" },
          ip: "203.0.113.78",
        })
      ).status,
    ).toBe(200);
  });

  it("a client cannot choose its address with a header", async () => {
    const ip = "203.0.113.90";
    const attempt = (n: number) =>
      server.request("/api/auth/sign-in/email", {
        json: { email: `someone-${n}@example.com`, password: "wrong-password" },
        ip,
        headers: { "x-eva-client-ip": `198.18.0.${n}`, "x-forwarded-for": `198.18.1.${n}` },
      });
    for (let i = 0; i < 10; i++) await attempt(i);
    expect((await attempt(99)).status).toBe(429);
  });
});
