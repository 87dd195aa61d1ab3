import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_LIMITS } from "#domain/limits";
import { users } from "#modules/accounts/server/tables";
import { PASSWORD_RESET_ANSWER_MS } from "./";
import {
  ROLE_EMAILS,
  createTestServer,
  json,
  sessionCookie,
  type DemoUser,
  type TestServer,
} from "#tests/setup/api-harness";

/** Issue 28's account holes: each request below was accepted before, and must fail safely now. */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

const me = async (cookie: string | null) =>
  json<{ data: { role: string; name: string } }>(await server.request("/api/me", { cookie }));

async function signUp(email: string, password = "a-good-password", role = "PLANNER") {
  return server.request("/api/auth/sign-up/email", {
    json: { name: "New Person", email, password, role },
    ip: server.nextIp(),
  });
}

describe("no account call sets what the server keeps", () => {
  const ROLES: DemoUser[] = ["planner", "otherArtist", "owner", "admin"];
  const SERVER_KEPT = {
    role: "ADMIN",
    emailVerified: true,
    url: "admin-now",
    phone: "+1 555",
    w9Received: true,
    directDepositReceived: true,
    email: "x@example.com",
    id: "someone-else",
    createdAt: "2000-01-01T00:00:00Z",
  };

  it("update-user with role ADMIN is refused for a sign-up seconds old, unconfirmed", async () => {
    const cookie = sessionCookie(await signUp("fresh-attacker@example.com"));
    const answer = await server.request("/api/auth/update-user", { json: { role: "ADMIN" }, cookie });
    expect(answer.status).toBe(422);
    expect((await me(cookie)).data.role).toBe("PLANNER");
    expect((await server.request("/api/users/artists", { cookie })).status).toBe(403);
  });

  it.each(ROLES)("update-user as %s changes the name and nothing the server keeps", async (who) => {
    const cookie = await server.cookieFor(who);
    const [before] = await server.database.db.select().from(users).where(eq(users.email, ROLE_EMAILS[who]));
    for (const [field, value] of Object.entries(SERVER_KEPT)) {
      const alone = await server.request("/api/auth/update-user", { json: { [field]: value }, cookie });
      expect(alone.status, field).toBe(422);
      const withName = await server.request("/api/auth/update-user", {
        json: { name: before!.name, [field]: value },
        cookie,
      });
      expect(withName.status, field).toBe(200);
    }
    const [after] = await server.database.db.select().from(users).where(eq(users.email, ROLE_EMAILS[who]));
    expect(after).toMatchObject({
      role: before!.role,
      emailVerified: before!.emailVerified,
      url: before!.url,
      phone: before!.phone,
      email: before!.email,
      id: before!.id,
    });
  });

  it("better-auth's calls the product does not use are not there", async () => {
    const cookie = await server.cookieFor("planner");
    for (const path of [
      "/api/auth/list-sessions",
      "/api/auth/delete-user",
      "/api/auth/revoke-sessions",
      "/api/auth/set-password",
      "/api/auth/list-accounts",
    ]) {
      const answer = await server.request(path, { method: "POST", json: {}, cookie });
      expect(answer.status, path).toBe(404);
      expect((await json<{ code: string }>(answer)).code).toBe("not_found");
    }
  });
});

describe("names follow the sign-up rules on every change", () => {
  it.each([
    ["x".repeat(200_000), 422],
    ["x".repeat(2_000_000), 413],
    ["x".repeat(256), 422],
    ["", 422],
    ["   ", 422],
    ["Pat\r\nBcc: someone", 422],
    ["Pat\u0007", 422],
  ])("update-user %# is refused", async (name, status) => {
    const cookie = await server.cookieFor("planner");
    const answer = await server.request("/api/auth/update-user", { json: { name }, cookie });
    expect(answer.status).toBe(status);
    expect((await me(cookie)).data.name).toBe("Pat Planner");
  });

  it("sign-up refuses a name with a line break", async () => {
    const answer = await server.request("/api/auth/sign-up/email", {
      json: { name: "A\nB", email: "lines@example.com", password: "a-good-password", role: "PLANNER" },
      ip: server.nextIp(),
    });
    expect(answer.status).toBe(422);
    expect((await json<{ errors: unknown }>(answer)).errors).toEqual({
      name: ["Must not contain line breaks or control characters"],
    });
  });
});

describe("passwords: 10-128, not blank, not the email, not common", () => {
  it.each([
    ["12345678", "Must be at least 10 characters"],
    ["1234567890", "This password is too common: choose one that is harder to guess"],
    ["qwertyuiop", "This password is too common: choose one that is harder to guess"],
    ["          ", "Must not be only spaces"],
    ["weak-pass@example.com", "Must not be your email address"],
    ["x".repeat(129), "Must be 128 characters or less"],
  ])("sign-up with %s is refused", async (password, message) => {
    const answer = await signUp("weak-pass@example.com", password);
    expect(answer.status).toBe(422);
    expect((await json<{ errors: Record<string, string[]> }>(answer)).errors.password).toEqual([message]);
  });

  it("change-password and reset-password apply the same rules", async () => {
    const cookie = sessionCookie(await signUp("changer@example.com", "first-password-1"));
    for (const newPassword of ["password123", "changer@example.com", "short"]) {
      const answer = await server.request("/api/auth/change-password", {
        json: { currentPassword: "first-password-1", newPassword },
        cookie,
      });
      expect(answer.status, newPassword).toBe(422);
    }
    const reset = await server.request("/api/auth/reset-password", {
      json: { newPassword: "1234567890", token: "whatever" },
      ip: server.nextIp(),
    });
    expect(reset.status).toBe(422);
  });
});

describe("the session token stays in the http-only cookie", () => {
  it("sign-in, sign-up, get-session and change-password answer no token", async () => {
    const signIn = await server.request("/api/auth/sign-in/email", {
      json: { email: ROLE_EMAILS.otherPlanner, password: "demo-password" },
      ip: server.nextIp(),
    });
    const cookie = sessionCookie(signIn);
    const token = decodeURIComponent(cookie.split("=")[1]!).split(".")[0]!;
    const bodies = [
      await signIn.text(),
      await (await signUp("tokenless@example.com")).text(),
      await (await server.request("/api/auth/get-session", { cookie })).text(),
    ];
    const changed = await server.request("/api/auth/change-password", {
      json: { currentPassword: "demo-password", newPassword: "a-new-secret-9" },
      cookie,
    });
    expect(changed.status).toBe(200);
    bodies.push(await changed.text());
    for (const body of bodies) {
      expect(body).not.toContain(token);
      expect(JSON.parse(body)).not.toHaveProperty("token");
      expect(JSON.parse(body).session ?? {}).not.toHaveProperty("token");
    }
    // The demo password back, for the tests after this one.
    const next = sessionCookie(changed);
    expect(
      (
        await server.request("/api/auth/change-password", {
          json: { currentPassword: "a-new-secret-9", newPassword: "demo-password" },
          cookie: next,
        })
      ).status,
    ).toBe(200);
  });
});

describe("a password change ends every other session", () => {
  it("even when the caller asks to keep them", async () => {
    const first = sessionCookie(await signUp("two-devices@example.com", "first-password-1"));
    const second = await server.signIn("two-devices@example.com", "first-password-1");
    const changed = await server.request("/api/auth/change-password", {
      json: { currentPassword: "first-password-1", newPassword: "second-password-2", revokeOtherSessions: false },
      cookie: first,
    });
    expect(changed.status).toBe(200);
    expect((await server.request("/api/me", { cookie: second })).status).toBe(401);
    expect((await server.request("/api/me", { cookie: sessionCookie(changed) })).status).toBe(200);
  });
});

describe("sign-in is limited per account, from any address", () => {
  it("10 failures from 10 addresses lock the account for a while, the right password too", async () => {
    await signUp("target@example.com", "right-password-1");
    for (let n = 0; n < ACCOUNT_LIMITS.signInFailed.max; n++) {
      const answer = await server.request("/api/auth/sign-in/email", {
        json: { email: "target@example.com", password: `guess-${n}` },
        ip: server.nextIp(),
      });
      expect(answer.status).toBe(401);
    }
    const locked = await server.request("/api/auth/sign-in/email", {
      json: { email: "target@example.com", password: "right-password-1" },
      ip: server.nextIp(),
    });
    expect(locked.status).toBe(429);
    expect(await locked.json()).toMatchObject({ code: "rate_limited" });
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another account is not affected.
    expect(
      (
        await server.request("/api/auth/sign-in/email", {
          json: { email: ROLE_EMAILS.admin, password: "demo-password" },
          ip: server.nextIp(),
        })
      ).status,
    ).toBe(200);
  });
});

describe("whether an address has an account (decision 0026)", () => {
  it("a reset request takes as long for a known address as for an unknown one", async () => {
    const timed = async (email: string) => {
      const started = performance.now();
      const answer = await server.request("/api/auth/request-password-reset", {
        json: { email, redirectTo: "/reset-password" },
        ip: server.nextIp(),
      });
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({ status: true });
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let n = 0; n < 4; n++) {
      known.push(await timed(ROLE_EMAILS.otherArtist));
      unknown.push(await timed(`unknown-${n}@example.com`));
    }
    // Both wait out the same floor; what differs (a token and a queued mail) fits well inside it.
    for (const ms of [...known, ...unknown]) expect(ms).toBeGreaterThanOrEqual(PASSWORD_RESET_ANSWER_MS - 5);
  });
});

describe("auth routes redirect only to our own paths (issue 62)", () => {
  const HOSTILE = [
    "/.//evil.example.com",
    "/..//evil.example.com",
    "/a/..//evil.example.com",
    "/.%2F%2Fevil.example.com",
  ];

  it.each(HOSTILE)("verify-email with callbackURL %s and no valid token stays on our origin", async (target) => {
    const answer = await server.request(
      `/api/auth/verify-email?token=not-a-token&callbackURL=${encodeURIComponent(target)}`,
    );
    const location = answer.headers.get("location");
    if (location !== null) {
      expect(new URL(location, "http://ours.invalid").host, location).toBe("ours.invalid");
      expect(location.startsWith("//")).toBe(false);
    }
    expect(await answer.text()).not.toContain("evil.example.com");
  });
});
