import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { LIMITS } from "#domain/limits";
import { SELF_SERVICE_ROLES } from "#domain/roles";
import { uniqueSlug } from "#domain/slug";
import type { Database } from "#server/db/client";
import * as schema from "./tables";
import type { Env } from "#server/env";
import { ApiError } from "#server/errors";
import { queueMail } from "#server/mail/queue";
import { renderAccountMail } from "#server/mail/render";
import { CLIENT_IP_HEADER } from "#server/http/session-cookie";

export const SIGN_IN_LIMIT = { window: 60, max: 10 } as const;
export const SIGN_UP_LIMIT = { window: 60, max: 10 } as const;
/** Reset mail per client address: enough for a typo or two, too few to flood an inbox. */
export const PASSWORD_RESET_LIMIT = { window: 300, max: 5 } as const;

export function createAuth(db: Database, env: Env, secret: string) {
  return betterAuth({
    appName: env.appName,
    baseURL: env.publicUrl,
    basePath: "/api/auth",
    secret,
    trustedOrigins: [env.publicUrl],
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: schema.users,
        session: schema.sessions,
        account: schema.accounts,
        verification: schema.verifications,
        rateLimit: schema.rateLimits,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: LIMITS.passwordMin,
      maxPasswordLength: LIMITS.passwordMax,
      autoSignIn: true,
      // A reset ends every session, so whoever knew the old password is signed out too.
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url }) =>
        queueMail(
          db,
          user.email,
          renderAccountMail({
            appName: env.appName,
            title: "Reset your password",
            body: `Someone (we hope you) asked to reset the password of your ${env.appName} account.`,
            action: "Choose a new password",
            url,
            note: "The link works for an hour. If you did not ask for it, ignore this email: your password stays as it is.",
          }),
        ),
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      sendVerificationEmail: async ({ user, url }) =>
        queueMail(
          db,
          user.email,
          renderAccountMail({
            appName: env.appName,
            title: "Confirm your email",
            body: `Confirm that ${user.email} is the address of your ${env.appName} account.`,
            action: "Confirm my email",
            url,
            note: "If you did not make this account or change its email, ignore this email.",
          }),
        ),
    },
    user: {
      // A new address is confirmed by a link sent to it before it replaces the old one.
      changeEmail: { enabled: true },
      additionalFields: {
        role: { type: "string", required: true, input: true },
        url: { type: "string", required: false, input: false },
        phone: { type: "string", required: false, input: false },
        w9Received: { type: "boolean", required: false, input: false },
        directDepositReceived: { type: "boolean", required: false, input: false },
      },
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => {
            // Admins are made by the operator's script, never through sign-up.
            const role = (user as { role?: unknown }).role;
            if (!(SELF_SERVICE_ROLES as readonly unknown[]).includes(role)) {
              throw new ApiError("validation_failed", "Some fields are not valid", {
                role: ["Choose Planner or Artist"],
              });
            }
            return { data: { ...user, url: uniqueSlug(user.name) } };
          },
        },
        update: {
          // The account's own update call changes its name and nothing else, whatever reaches it
          // (api/auth/index.ts already cuts the body down; this holds if a route is added).
          before: async (user, context) => {
            if (context?.path !== "/update-user") return;
            const { name } = user as { name?: unknown };
            return { data: typeof name === "string" ? { name } : {} };
          },
        },
      },
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 300,
      customRules: {
        "/sign-in/email": SIGN_IN_LIMIT,
        "/sign-up/email": SIGN_UP_LIMIT,
        "/request-password-reset": PASSWORD_RESET_LIMIT,
        "/reset-password": PASSWORD_RESET_LIMIT,
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: env.publicUrl.startsWith("https://"),
      cookiePrefix: "eva",
    },
    telemetry: { enabled: false },
    logger: { disabled: env.logLevel === "silent" },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** AUTH_SECRET, or for the embedded database one generated once and kept in DATA_DIR. */
export function resolveAuthSecret(env: Env): string {
  if (env.authSecret) return env.authSecret;
  mkdirSync(env.dataDir, { recursive: true });
  const file = join(env.dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
