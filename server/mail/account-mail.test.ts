import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "#start/demo/seed";
import { createTestServer, json, sessionCookie, type TestServer } from "#tests/setup/api-harness";
import { recipientOf, startSmtpServer } from "#tests/setup/smtp";

/**
 * Accounts that recover themselves, through better-auth's own flows and a real SMTP server:
 * a password reset from the link in the mail, a confirmed address at sign-up, and a new
 * address confirmed before it replaces the old one.
 */

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let server: TestServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await createTestServer({ smtpUrl: smtp.url });
});
afterAll(async () => {
  await server.close();
  await smtp.stop();
});

async function mailTo(address: string) {
  const before = smtp.received.length;
  await server.deliverMail();
  return smtp.received.slice(before).filter((mail) => recipientOf(mail) === address);
}

/** The link of an account mail, as a path on our site. */
const linkIn = (mail: ParsedMail) => /http:\/\/localhost:3000(\/\S+)/.exec(mail.text ?? "")![1]!;

describe("password reset by email", () => {
  it("sets a new password from the link in the mail; the old one and its sessions stop working", async () => {
    const ip = server.nextIp();
    const oldSession = await server.signIn("planner2@example.com");
    const asked = await server.request("/api/auth/request-password-reset", {
      json: { email: "planner2@example.com", redirectTo: "/reset-password" },
      ip,
    });
    expect(asked.status).toBe(200);
    const [mail] = await mailTo("planner2@example.com");
    expect(mail!.subject).toBe("Reset your password | EVA");
    expect(mail!.html).toContain("Choose a new password");

    // The link checks the token and sends the browser to our page with it.
    const opened = await server.request(linkIn(mail!));
    expect(opened.status).toBe(302);
    const target = new URL(opened.headers.get("location")!, "http://localhost:3000");
    expect(target.pathname).toBe("/reset-password");
    const token = target.searchParams.get("token")!;
    expect(token).toBeTruthy();

    expect(
      (await server.request("/api/auth/reset-password", { json: { newPassword: "a-brand-new-secret", token }, ip }))
        .status,
    ).toBe(200);
    expect(
      (
        await server.request("/api/auth/sign-in/email", {
          json: { email: "planner2@example.com", password: DEMO_PASSWORD },
          ip: server.nextIp(),
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await server.request("/api/auth/sign-in/email", {
          json: { email: "planner2@example.com", password: "a-brand-new-secret" },
          ip: server.nextIp(),
        })
      ).status,
    ).toBe(200);
    expect((await server.request("/api/me", { cookie: oldSession })).status).toBe(401);
    // A token works once.
    expect(
      (await server.request("/api/auth/reset-password", { json: { newPassword: "yet-another-secret", token }, ip }))
        .status,
    ).toBe(400);
  });

  it("answers the same for an address with no account, and sends nothing", async () => {
    const response = await server.request("/api/auth/request-password-reset", {
      json: { email: "nobody@example.com", redirectTo: "/reset-password" },
      ip: server.nextIp(),
    });
    expect(response.status).toBe(200);
    expect(await mailTo("nobody@example.com")).toEqual([]);
  });

  it("limits how often one address asks", async () => {
    const ip = server.nextIp();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      statuses.push(
        (
          await server.request("/api/auth/request-password-reset", {
            json: { email: "artist2@example.com", redirectTo: "/reset-password" },
            ip,
          })
        ).status,
      );
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("confirming an email address", () => {
  it("mails a new account a link that confirms its address", async () => {
    const signedUp = await server.request("/api/auth/sign-up/email", {
      json: { name: "Nia New", email: "nia@example.com", password: "long-enough-1", role: "PLANNER" },
      ip: server.nextIp(),
    });
    expect(signedUp.status).toBe(200);
    const cookie = sessionCookie(signedUp);
    const [mail] = await mailTo("nia@example.com");
    expect(mail!.subject).toBe("Confirm your email | EVA");
    const session = async () =>
      json<{ user: { emailVerified: boolean } }>(await server.request("/api/auth/get-session", { cookie }));
    expect((await session()).user.emailVerified).toBe(false);
    expect((await server.request(linkIn(mail!))).status).toBeLessThan(400);
    expect((await session()).user.emailVerified).toBe(true);
  });

  it("changes an account's address only once the new one is confirmed", async () => {
    const signedUp = await server.request("/api/auth/sign-up/email", {
      json: { name: "Omar Old", email: "omar@example.com", password: "long-enough-2", role: "ARTIST" },
      ip: server.nextIp(),
    });
    const cookie = sessionCookie(signedUp);
    expect(
      (await server.request("/api/auth/change-email", { json: { newEmail: "omar.new@example.com" }, cookie })).status,
    ).toBe(200);
    const [mail] = await mailTo("omar.new@example.com");
    expect(mail).toBeDefined();
    expect((await json<{ data: { email: string } }>(await server.request("/api/me", { cookie }))).data.email).toBe(
      "omar@example.com",
    );
    expect((await server.request(linkIn(mail!), { cookie })).status).toBeLessThan(400);
    expect((await json<{ data: { email: string } }>(await server.request("/api/me", { cookie }))).data.email).toBe(
      "omar.new@example.com",
    );
  });
});
