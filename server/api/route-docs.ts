import { createRoute, type RouteConfig, z } from "@hono/zod-openapi";
import { ERROR_CODES, type ErrorCode } from "#domain/api-error";
import type { Guard } from "../http/app-env";

/**
 * What the OpenAPI document says about every operation beyond its own declaration (issue 16):
 * who may call it, whether it needs the session cookie, and every error status it can answer,
 * each with the contract's error shape and its one code. Routes declare what is theirs (the
 * success answer, the conflicts they raise); `apiRoute` adds what follows from the guard and
 * from what the request carries, so no route can forget a 401 or a 400.
 */

/** Who may call an operation, as its guard decides. */
export interface Access {
  /** The roles or relations that may call it, in words, for the description. */
  who: string;
  /** "required": a guest gets 401; "optional": the answer depends on who asks. */
  session: "required" | "optional";
  /** Whether a signed-in caller can still be refused (403). */
  forbids: boolean;
  /** Whether the guard looks up an act or item that may not exist for this caller (404). */
  finds?: boolean;
}

const ACCESS = new WeakMap<Guard, Access>();

/** Records who a guard lets through, for the document. */
export function describedGuard(guard: Guard, access: Access): Guard {
  ACCESS.set(guard, access);
  return guard;
}

const ERROR_TEXT: Record<ErrorCode, string> = {
  bad_request: "The body is not JSON, not an object, or of the wrong types; or the path is malformed",
  unauthenticated: "No valid session: sign in first",
  forbidden: "Signed in, but this role or this user may not",
  not_found: "No such item, or one the caller may not see",
  method_not_allowed: "The path does not answer this method",
  conflict: "A limit or the item's state forbids it",
  payload_too_large: "The body or file is over its limit",
  unsupported_media_type: "The file's content is not an allowed type",
  validation_failed: "Field rules: `errors` holds the messages per field",
  rate_limited: "Too many attempts",
  internal: "Something went wrong on our side; the log has it, with the request id",
};

const EXAMPLES: Partial<Record<ErrorCode, string>> = {
  unauthenticated: "Sign in to continue",
  forbidden: "You may not do this to this act",
  not_found: "Not found",
  validation_failed: "Some fields are not valid",
};

const componentName = (code: ErrorCode) =>
  `${code.replace(/(^|_)([a-z])/g, (_match, _sep, letter: string) => letter.toUpperCase())}Error`;

/** Field errors: always with a failed validation; with a wrong type, the field it is in. */
const fieldErrors = (code: ErrorCode) => {
  const errors = z.record(z.string(), z.array(z.string())).describe("The messages per field; `_` for the body itself");
  return code === "validation_failed" ? errors : errors.optional();
};

/** One schema per error code, so a client knows the code each status carries. */
const ERROR_SCHEMAS = {} as Record<ErrorCode, z.ZodType>;
for (const code of Object.keys(ERROR_CODES) as ErrorCode[]) {
  ERROR_SCHEMAS[code] = z
    .object({
      message: z.string(),
      code: z.literal(code),
      ...(code === "validation_failed" || code === "bad_request" ? { errors: fieldErrors(code) } : {}),
    })
    .openapi(componentName(code), {
      description: ERROR_TEXT[code],
      example: {
        message: EXAMPLES[code] ?? ERROR_TEXT[code],
        code,
        ...(code === "validation_failed" ? { errors: { name: ["Name is required"] } } : {}),
      },
    });
}

const codeOf = (status: number) =>
  (Object.keys(ERROR_CODES) as ErrorCode[]).find((code) => ERROR_CODES[code] === status);

/** The error answers for these statuses, each in the contract's shape with its code. */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(
    statuses.map((status) => {
      const code = codeOf(status);
      if (!code) throw new Error(`No error code for status ${status}`);
      return [
        status,
        { description: ERROR_TEXT[code], content: { "application/json": { schema: ERROR_SCHEMAS[code] } } },
      ];
    }),
  );
}

/** A success answer: `{data: …}` in the contract's shape. */
export function dataResponse<D extends z.ZodType>(description: string, data: D) {
  return { description, content: { "application/json": { schema: z.object({ data }) } } };
}

/** Where a paged list's answer stands: its page, page size and how many items there are in all. */
export const pageMetaSchema = z.object({ page: z.number().int(), perPage: z.number().int(), total: z.number().int() });

/** A page of a list that grows with use: `{data: [...], meta: {page, perPage, total}}`. */
export function pagedResponse<D extends z.ZodType>(description: string, item: D) {
  return {
    description,
    content: { "application/json": { schema: z.object({ data: z.array(item), meta: pageMetaSchema }) } },
  };
}

const PUBLIC: Access = { who: "Anyone, signed in or not", session: "optional", forbids: false };

/**
 * createRoute, with the access and the errors that follow from the guard and the request:
 * 401 and 403 from the guard; 400 and 404 for path parameters; 400, 413 and 422 for a body;
 * 400 and 422 for a query; 500 for all. The route's own responses win.
 */
export function apiRoute<P extends string, R extends Omit<RouteConfig, "path"> & { path: P }>(
  config: R,
  explicit?: Access,
) {
  const guard = (Array.isArray(config.middleware) ? config.middleware[0] : config.middleware) as Guard | undefined;
  const access = explicit ?? (guard && ACCESS.get(guard)) ?? PUBLIC;
  const request = config.request ?? {};
  const statuses = new Set<number>([500]);
  if (access.session === "required") statuses.add(401);
  if (access.forbids) statuses.add(403);
  if (access.finds) statuses.add(404);
  const add = (...codes: number[]) => {
    for (const status of codes) statuses.add(status);
  };
  if (request.params && Object.keys((request.params as z.ZodObject).shape).length > 0) add(400, 404);
  if (request.body) add(400, 413, 422);
  if (request.query) add(400, 422);
  const security = access.session === "required" ? [{ sessionCookie: [] }] : [{}, { sessionCookie: [] }];
  const who = `**Who may call:** ${access.who}.`;
  return createRoute({
    ...config,
    security,
    description: config.description ? `${config.description}\n\n${who}` : who,
    responses: { ...errorResponses(...[...statuses].sort()), ...config.responses },
  } as R);
}

/** The document's resource groups, in the order the reference shows them. */
export const API_TAGS = [
  { name: "Accounts", description: "Who is signed in, and the artist accounts admins reassign acts to" },
  { name: "Acts", description: "Search, profiles, and an artist's own acts" },
  { name: "Tags", description: "The tag catalogue, an act's tags, and artists' requests to change them" },
  { name: "Places", description: "US cities for the location fields" },
  { name: "Moderation", description: "What admins decide about acts" },
  { name: "Testimonials", description: "Quotes the artist adds to the profile" },
  { name: "Offerings", description: "The packages an act offers" },
  { name: "Files", description: "Uploads of images, avatars and documents" },
  { name: "Images", description: "An act's photos" },
  {
    name: "Videos",
    description: "An act's videos: links, and uploads over tus at /api/videos/upload/{actUrl}/{userUrl}",
  },
  { name: "Documents", description: "An act's documents, which admins approve" },
  { name: "Events", description: "Planners' events, invites, offers and bookings" },
  {
    name: "Bookings",
    description: "Booked acts: the agreement, the payment schedule, payments recorded, what a cancellation refunds",
  },
  { name: "Shortlist", description: "The acts a planner saved to compare and ask for quotes" },
  {
    name: "Conversations",
    description: "Planners and acts writing to each other, with their events' invites, offers and bookings",
  },
  {
    name: "Availability",
    description: "An act's calendar: blocked days, subscribed calendars, its private feed, and which days it is free",
  },
  { name: "Reviews", description: "Verified reviews of acts" },
  {
    name: "Notifications",
    description: "What happened that the user should know of, and which of it they get by email",
  },
  { name: "Search-engine copy", description: "Curated titles, descriptions and guides (admins)" },
  { name: "Jobs", description: "Work done later or elsewhere, as admins follow it" },
];
