import { Hono } from "hono";
import type { ZodType } from "zod";
import { codeForStatus, isApiErrorBody } from "../../../domain/api-error";
import { signInSchema, signUpSchema } from "../../../domain/schemas/auth";
import type { Auth } from "../../auth";
import { MESSAGES } from "../../../domain/messages";
import { isUnsafeText } from "../../../domain/schemas/fields";
import { badRequest, errorBody, validationError, validationFailed } from "../../errors";
import { socketAddress, withClientIp } from "../../client-ip";
import type { AppEnv } from "../router";

const EMAIL_TAKEN = new Set(["USER_ALREADY_EXISTS", "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL"]);

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

/** Checks the body with the shared schema before better-auth sees it. */
function validated(schema: ZodType<Record<string, unknown>>, auth: Auth) {
  return async (request: Request): Promise<Response> => {
    // The client-IP header was set from the socket before this point; keep it.
    const input = await readJsonObject(request);
    const parsed = schema.safeParse(input);
    if (!parsed.success) throw validationError(parsed.error, input);
    const headers = new Headers(request.headers);
    headers.set("content-type", "application/json");
    headers.delete("content-length");
    const forwarded = new Request(request.url, { method: "POST", headers, body: JSON.stringify(parsed.data) });
    return reshapeFailure(await auth.handler(forwarded));
  };
}

/** Dotted paths of the strings in a JSON value that no field of ours may hold. */
function unsafeTextPaths(value: unknown, path: string[] = []): string[] {
  if (typeof value === "string") return isUnsafeText(value) ? [path.join(".") || "_"] : [];
  if (Array.isArray(value)) return value.flatMap((item, index) => unsafeTextPaths(item, [...path, String(index)]));
  if (typeof value === "object" && value !== null) return Object.entries(value).flatMap(([key, item]) => unsafeTextPaths(item, [...path, key]));
  return [];
}

/**
 * better-auth's other calls (sign-out, password reset, ...) take their bodies as they are;
 * text that the database cannot store is refused here first, as our own schemas refuse it.
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
  return new Request(request.url, { method: request.method, headers: request.headers, body: text });
}

export function authRoutes(auth: Auth) {
  const signUp = validated(signUpSchema, auth);
  const signIn = validated(signInSchema, auth);
  return new Hono<AppEnv>()
    .post("/sign-up/email", (c) => signUp(withClientIp(c.req.raw, socketAddress(c))))
    .post("/sign-in/email", (c) => signIn(withClientIp(c.req.raw, socketAddress(c))))
    .all("/*", async (c) => reshapeFailure(await auth.handler(withClientIp(await refuseUnsafeText(c.req.raw), socketAddress(c)))));
}

