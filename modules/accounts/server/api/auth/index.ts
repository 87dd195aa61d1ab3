import { eq } from "drizzle-orm";
import { Hono, type Context } from "hono";
import type { ZodType } from "zod";
import { codeForStatus, isApiErrorBody } from "#domain/api-error";
import {
  changeEmailSchema,
  changePasswordSchema,
  requestPasswordResetSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
  updateUserSchema,
} from "#modules/accounts/schemas";
import type { Auth } from "#modules/accounts/server/auth";
import { MESSAGES } from "#domain/messages";
import { isUnsafeText } from "#domain/schemas/fields";
import { REDIRECT_PARAMETERS, safeRedirect } from "#domain/redirect";
import { badRequest, errorBody, notFound, unauthenticated, validationError, validationFailed } from "#server/errors";
import { socketAddress, withClientIp } from "#server/http/client-ip";
import { users, verifications } from "#modules/accounts/server/tables";
import type { Database } from "#server/db/client";
import { accountActionsLeft, clearAccountActions, takeAccountAction } from "#modules/accounts/server/account-limits";
import { newPasswordRefusal } from "#modules/accounts/server/password-policy";
import { rateLimited } from "#server/errors";
import { ACCOUNT_LIMITS } from "#domain/limits";
import type { AppEnv } from "#server/api/router";

const EMAIL_TAKEN = new Set(["USER_ALREADY_EXISTS", "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL"]);
/**
 * A reset request answers no sooner than this after it arrives, whether the address has an
 * account or not, so that its timing does not tell which (decision 0026).
 */
export const PASSWORD_RESET_ANSWER_MS = 300;

/** better-auth's failures, in the contract's error shape. */
async function reshapeFailure(response: Response): Promise<Response> {
  if (response.ok || response.status < 400) return response;
  let body: unknown = null;
  try {
    body = await response.clone().json();
  } catch {
    // Not JSON: fall through with a generic message.
  }
  if (isApiErrorBody(body) && body.code === codeForStatus(response.status)) return response;
  const upstream = (body ?? {}) as { message?: string; code?: string };
  let status = response.status;
  let result = errorBody(codeForStatus(status), upstream.message || response.statusText || "Request failed");
  if (upstream.code && EMAIL_TAKEN.has(upstream.code)) {
    status = 422;
    result = errorBody("validation_failed", "Some fields are not valid", {
      email: ["An account with this email already exists"],
    });
  } else if (status === 401) {
    result = errorBody("unauthenticated", upstream.message || "Invalid email or password");
  }
  const headers = new Headers(response.headers);
  headers.set("content-type", "application/json");
  headers.delete("content-length");
  return new Response(JSON.stringify(result), { status, headers });
}

/**
 * The session token lives only in the http-only cookie: better-auth also puts it in the JSON of
 * sign-in, sign-up, change-password and get-session, where a script on the page could read it.
 */
async function withoutToken(response: Response): Promise<Response> {
  if (!response.headers.get("content-type")?.includes("application/json")) return response;
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  if (typeof body !== "object" || body === null) return response;
  const record = body as { token?: unknown; session?: { token?: unknown } | null };
  if (!("token" in record) && !(record.session && "token" in record.session)) return response;
  delete record.token;
  if (record.session) delete record.session.token;
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(record), { status: response.status, statusText: response.statusText, headers });
}

async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  let value: unknown;
  try {
    value = await request.json();
  } catch {
    throw badRequest("Malformed JSON in request body");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw badRequest("The request body must be a JSON object");
  }
  return value as Record<string, unknown>;
}

/** The body checked with its shared schema: only the fields the schema names go on to better-auth. */
async function parsedBody<T extends Record<string, unknown>>(request: Request, schema: ZodType<T>): Promise<T> {
  const input = await readJsonObject(request);
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error, input);
  return parsed.data;
}

/** The request again, with a body of our choosing (the client-IP header set from the socket kept). */
function forwardWith(request: Request, body: Record<string, unknown>): Request {
  const headers = new Headers(request.headers);
  headers.set("content-type", "application/json");
  headers.delete("content-length");
  return new Request(request.url, { method: "POST", headers, body: JSON.stringify(body) });
}

async function refuseWeakPassword(field: string, password: string, email: string | null | undefined): Promise<void> {
  const refusal = await newPasswordRefusal(password, email);
  if (refusal) throw validationFailed({ [field]: [refusal] });
}

/** Dotted paths of the strings in a JSON value that no field of ours may hold. */
function unsafeTextPaths(value: unknown, path: string[] = []): string[] {
  if (typeof value === "string") return isUnsafeText(value) ? [path.join(".") || "_"] : [];
  if (Array.isArray(value)) return value.flatMap((item, index) => unsafeTextPaths(item, [...path, String(index)]));
  if (typeof value === "object" && value !== null)
    return Object.entries(value).flatMap(([key, item]) => unsafeTextPaths(item, [...path, key]));
  return [];
}

/**
 * better-auth's calls that take their bodies as they are (sign-out, confirmation mails): text
 * that the database cannot store is refused here first, as our own schemas refuse it.
 */
async function refuseUnsafeText(request: Request): Promise<Request> {
  if (request.method !== "POST" || !request.body) return request;
  const text = await request.text();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = null; // Not JSON: better-auth answers for itself.
  }
  const paths = unsafeTextPaths(value);
  if (paths.length > 0) throw validationFailed(Object.fromEntries(paths.map((path) => [path, [MESSAGES.unsafeText]])));
  const body = value === null ? text : JSON.stringify(withSafeBodyRedirects(value));
  const headers = new Headers(request.headers);
  headers.delete("content-length");
  return new Request(request.url, { method: request.method, headers, body });
}

/**
 * The request with every redirect target in its query made a same-origin path: better-auth
 * redirects to `callbackURL` before it looks at the token, and its own check lets
 * `/.//evil.example` through (issue 62).
 */
function withSafeRedirects(request: Request): Request {
  const url = new URL(request.url);
  let changed = false;
  for (const name of REDIRECT_PARAMETERS) {
    const value = url.searchParams.get(name);
    if (value === null) continue;
    const safe = safeRedirect(value);
    if (safe !== value) {
      url.searchParams.set(name, safe);
      changed = true;
    }
  }
  return changed ? new Request(url, request) : request;
}

/** A JSON body's redirect targets made same-origin paths, as the query's are. */
function withSafeBodyRedirects(value: unknown): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  const record = { ...(value as Record<string, unknown>) };
  for (const name of REDIRECT_PARAMETERS) if (name in record) record[name] = safeRedirect(record[name]);
  return record;
}

/** The email of the account a password-reset token was made for, or null when the token names none. */
async function emailOfResetToken(db: Database, token: string): Promise<string | null> {
  const [row] = await db
    .select({ email: users.email })
    .from(verifications)
    .innerJoin(users, eq(users.id, verifications.value))
    .where(eq(verifications.identifier, `reset-password:${token}`))
    .limit(1);
  return row?.email ?? null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * better-auth under /api/auth, through a door that lets in only the calls the product uses,
 * each body checked with our shared schemas and cut down to the fields it may set: no call can
 * set `role`, `emailVerified` or anything else the server keeps. Other better-auth endpoints
 * (list-sessions, delete-user, …) answer 404.
 */
export function authRoutes(auth: Auth, db: Database) {
  const handle = async (c: Context<AppEnv>, request: Request = c.req.raw) =>
    withoutToken(await reshapeFailure(await auth.handler(withClientIp(withSafeRedirects(request), socketAddress(c)))));
  const passThrough = async (c: Context<AppEnv>) => handle(c, await refuseUnsafeText(c.req.raw));

  return new Hono<AppEnv>()
    .post("/sign-up/email", async (c) => {
      const body = await parsedBody(c.req.raw, signUpSchema);
      await refuseWeakPassword("password", body.password, body.email);
      return handle(c, forwardWith(c.req.raw, body));
    })
    .post("/sign-in/email", async (c) => {
      const body = await parsedBody(c.req.raw, signInSchema);
      const { left, retryAfterSeconds } = await accountActionsLeft(db, "signInFailed", body.email);
      if (left === 0) throw rateLimited(ACCOUNT_LIMITS.signInFailed.message, retryAfterSeconds);
      const response = await handle(c, forwardWith(c.req.raw, body));
      if (response.status === 401) await takeAccountAction(db, "signInFailed", body.email).catch(() => undefined);
      else if (response.ok && left < ACCOUNT_LIMITS.signInFailed.max)
        await clearAccountActions(db, "signInFailed", body.email);
      return response;
    })
    .post("/update-user", async (c) => handle(c, forwardWith(c.req.raw, await parsedBody(c.req.raw, updateUserSchema))))
    .post("/change-password", async (c) => {
      const viewer = c.get("viewer");
      if (!viewer) throw unauthenticated();
      const body = await parsedBody(c.req.raw, changePasswordSchema);
      await refuseWeakPassword("newPassword", body.newPassword, viewer.email);
      // Whoever knew the old password is signed out everywhere else, whatever the caller asks.
      return handle(c, forwardWith(c.req.raw, { ...body, revokeOtherSessions: true }));
    })
    .post("/change-email", async (c) =>
      handle(c, forwardWith(c.req.raw, await parsedBody(c.req.raw, changeEmailSchema))),
    )
    .post("/request-password-reset", async (c) => {
      const body = await parsedBody(c.req.raw, requestPasswordResetSchema);
      const [response] = await Promise.all([handle(c, forwardWith(c.req.raw, body)), sleep(PASSWORD_RESET_ANSWER_MS)]);
      return response;
    })
    .post("/reset-password", async (c) => {
      const body = await parsedBody(c.req.raw, resetPasswordSchema);
      await refuseWeakPassword("newPassword", body.newPassword, await emailOfResetToken(db, body.token));
      return handle(c, forwardWith(c.req.raw, body));
    })
    .post("/sign-out", passThrough)
    .post("/send-verification-email", passThrough)
    .get("/get-session", passThrough)
    .get("/verify-email", passThrough)
    .get("/reset-password/:token", passThrough)
    .all("/*", (c) => {
      throw notFound(`No such endpoint: ${c.req.method} ${c.req.path}`);
    });
}
