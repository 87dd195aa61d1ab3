import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ERROR_CODES } from "#domain/api-error";
import { createTestServer, type DemoUser, type TestServer } from "#tests/setup/api-harness";

/**
 * Every operation of the OpenAPI document, fuzzed for every role: so that an endpoint added
 * tomorrow is covered without anyone remembering to. Each answer must be below 500 and in
 * the contract's shape, and a batch of refused calls must change no row.
 */

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server.close());

type Schema = {
  $ref?: string;
  properties?: Record<string, Schema>;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};
interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  bodyFields: string[] | null;
}

const ALL_ROLES: (DemoUser | "guest")[] = ["guest", "planner", "otherArtist", "owner", "admin"];
/**
 * Every role on the embedded database. The PostgreSQL leg repeats it for the roles whose calls
 * get past the guards and reach the database's rules (where the two could answer differently),
 * not for the refusals, which the same guards decide on either database.
 */
const ROLES: (DemoUser | "guest")[] = process.env.TEST_DB === "postgres" ? ["owner", "admin"] : ALL_ROLES;

const HOSTILE_TEXT = [
  "\u0000",
  "a\u0000b",
  "\uD800",
  "x\uDFFFy",
  "x".repeat(100_000),
  "\u202Eevil\u202C",
  "🎷🎺 ok",
  "' OR 1=1 --",
  "'; DROP TABLE acts; --",
  '<script>alert("x")</script>',
  "../../etc/passwd",
];
const HOSTILE_VALUES: unknown[] = [
  ...HOSTILE_TEXT,
  0,
  -1,
  2_147_483_648,
  9_007_199_254_740_991,
  1e308,
  -1e308,
  1.5,
  true,
  null,
  [],
  ["a", "b"],
  [{}],
  { $ne: 1 },
  { nested: { deeper: ["x"] } },
];
const HOSTILE_BODIES: unknown[] = [
  [],
  "text",
  42,
  null,
  true,
  { "": 1 },
  Object.fromEntries(Array.from({ length: 200 }, (_, index) => [`k${index}`, index])),
];
/** Path and query values, as they are put into a URL. */
const HOSTILE_SEGMENTS = [
  "%00",
  "a%00b",
  "%ED%A0%80",
  "x".repeat(100_000),
  "%E2%80%AEevil",
  "%F0%9F%8E%B7",
  "'%20OR%201%3D1%20--",
  "%3Cscript%3E",
  "..%2F..%2Fetc",
  "-1",
  "0",
  "2147483648",
  "9007199254740991",
  "1e309",
  "NaN",
  "%5B%5D",
];

function resolve(
  doc: { components?: { schemas?: Record<string, Schema> } },
  schema: Schema | undefined,
): Schema | undefined {
  if (!schema?.$ref) return schema;
  return doc.components?.schemas?.[schema.$ref.split("/").pop()!];
}

function fieldsOf(doc: Parameters<typeof resolve>[0], schema: Schema | undefined): string[] {
  const resolved = resolve(doc, schema);
  if (!resolved) return [];
  const nested = [...(resolved.anyOf ?? []), ...(resolved.oneOf ?? []), ...(resolved.allOf ?? [])].flatMap((part) =>
    fieldsOf(doc, part),
  );
  return [...new Set([...Object.keys(resolved.properties ?? {}), ...nested])];
}

async function operations(): Promise<Operation[]> {
  const doc = await (await server.request("/api/openapi.json")).json();
  const found: Operation[] = [];
  for (const [path, item] of Object.entries(
    doc.paths as Record<
      string,
      Record<
        string,
        { parameters?: { in: string; name: string }[]; requestBody?: { content?: Record<string, { schema?: Schema }> } }
      >
    >,
  )) {
    for (const [method, operation] of Object.entries(item)) {
      const parameters = operation.parameters ?? [];
      const json = operation.requestBody?.content?.["application/json"]?.schema;
      found.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((parameter) => parameter.in === "path").map((parameter) => parameter.name),
        queryParams: parameters.filter((parameter) => parameter.in === "query").map((parameter) => parameter.name),
        bodyFields: json ? fieldsOf(doc, json) : null,
      });
    }
  }
  return found;
}

/** A path with every parameter filled: the demo act, an id that exists, or the fuzzed value. */
function fill(operation: Operation, override?: [string, string]): string {
  let path = operation.path;
  for (const name of operation.pathParams) {
    const value =
      override?.[0] === name ? override[1] : name === "actUrl" ? "dj-nova" : name === "uppyId" ? "uppy-1" : "1";
    path = path.replace(`{${name}}`, value);
  }
  return `/api${path}`;
}

interface Call {
  path: string;
  body?: unknown;
}

function callsFor(operation: Operation, deep: boolean): Call[] {
  const calls: Call[] = [{ path: fill(operation), body: operation.method === "GET" ? undefined : {} }];
  const withBody = operation.method !== "GET";
  if (withBody) for (const body of HOSTILE_BODIES) calls.push({ path: fill(operation), body });
  if (!deep) return calls;
  for (const name of operation.pathParams)
    for (const value of HOSTILE_SEGMENTS)
      calls.push({ path: fill(operation, [name, value]), body: withBody ? {} : undefined });
  for (const name of [...operation.queryParams, "searchTerms", "page", "unknown"]) {
    for (const value of HOSTILE_SEGMENTS)
      calls.push({ path: `${fill(operation)}?${name}=${value}&${name}[]=${value}`, body: withBody ? {} : undefined });
  }
  if (withBody)
    for (const field of operation.bodyFields ?? [])
      for (const value of HOSTILE_VALUES) calls.push({ path: fill(operation), body: { [field]: value } });
  return calls;
}

/** Tables whose writes are not the product's rows: sign-in's sessions and rate limits, the guest cache's change counter. */
const UNWATCHED = ["sessions", "rate_limits", "verifications", "content_version", "__drizzle_migrations"];

/**
 * Counts every row written to the tables the product keeps, from a trigger on each, in the
 * transaction of the write (a rolled-back write counts nothing). Reading one counter after a
 * batch of calls replaced hashing every table, which took a third of this test's time.
 */
async function watchRowChanges(): Promise<void> {
  // Both drivers answer { rows }; the shared Database type does not say so.
  const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const db = server.database.db;
  await db.execute(sql`create table fuzz_row_changes (n bigint not null)`);
  await db.execute(sql`insert into fuzz_row_changes values (0)`);
  await db.execute(
    sql.raw(`create function fuzz_count_row_change() returns trigger language plpgsql as $$
      begin update fuzz_row_changes set n = n + 1; return null; end $$`),
  );
  const tables = await db.execute(sql`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'fuzz_row_changes'
      and table_name <> all(${`{${UNWATCHED.join(",")}}`}::text[])`);
  const names = rowsOf<{ name: string }>(tables).map((row) => row.name);
  expect(names.length).toBeGreaterThan(40);
  for (const name of names)
    await db.execute(
      sql.raw(`create trigger fuzz_row_change after insert or update or delete on "${name}"
        for each row execute function fuzz_count_row_change()`),
    );
}

/** How many rows the product's tables have had written since the test began. */
async function rowChanges(): Promise<number> {
  const result = await server.database.db.execute(sql`select n from fuzz_row_changes`);
  return Number((result as unknown as { rows: { n: number | string }[] }).rows[0]!.n);
}

function expectContractShape(status: number, body: unknown, label: string) {
  expect(status, label).toBeLessThan(500);
  if (status < 400) return;
  expect(body, label).toMatchObject({ message: expect.any(String), code: expect.any(String) });
  const { code, errors, ...rest } = body as { code: keyof typeof ERROR_CODES; errors?: Record<string, unknown> };
  expect(ERROR_CODES[code], `${label}: code ${code}`).toBe(status);
  expect(
    Object.keys(rest).filter((key) => key !== "message"),
    label,
  ).toEqual([]);
  if (errors !== undefined) {
    for (const messages of Object.values(errors))
      expect(Array.isArray(messages) && messages.every((message) => typeof message === "string"), label).toBe(true);
  }
}

describe("every operation of the OpenAPI document, fuzzed", () => {
  it("answers below 500, in the contract's shape, for every role; refused calls change nothing", async () => {
    const all = await operations();
    expect(all.length).toBeGreaterThanOrEqual(45);
    let sent = 0;
    await watchRowChanges();
    // The rows written so far: the next role's "before" without reading it again.
    let current = await rowChanges();
    for (const operation of all) {
      // Whether the act's artist got past the guards: then an admin's calls would parse the same bodies again.
      let ownerPassed = false;
      for (const role of ROLES) {
        // Roles that a guard refuses get the body-shape cases; the act's artist gets them all, and so do an admin
        // where the artist was refused and a guest on a read (a planner's or another artist's reads parse alike).
        const deep =
          role === "owner" || (role === "admin" && !ownerPassed) || (operation.method === "GET" && role === "guest");
        const before = current;
        let changed = false;
        for (const call of callsFor(operation, deep)) {
          const response = await server.request(call.path, {
            method: operation.method,
            cookie: await server.cookieFor(role),
            ...(call.body === undefined
              ? {}
              : { body: JSON.stringify(call.body), headers: { "content-type": "application/json" } }),
          });
          sent += 1;
          const text = await response.text();
          const label = `${role} ${operation.method} ${call.path.slice(0, 120)} ${JSON.stringify(call.body)?.slice(0, 120)}`;
          const body = response.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text;
          expectContractShape(response.status, body, label);
          if (response.status < 400 && operation.method !== "GET") changed = true;
          if (role === "owner" && response.status !== 401 && response.status !== 403) ownerPassed = true;
        }
        current = await rowChanges();
        if (!changed)
          expect(current, `${role} ${operation.method} ${operation.path}: refused calls wrote rows`).toBe(before);
      }
    }
    // The counter sees writes: the calls that were let through wrote rows.
    expect(current).toBeGreaterThan(0);
    expect(sent).toBeGreaterThan(ROLES.length === ALL_ROLES.length ? 3000 : 1000);
  }, 600_000);
});

/** The fields an account keeps that only the server sets. */
const SERVER_KEPT_FIELDS = [
  "role",
  "emailVerified",
  "url",
  "phone",
  "w9Received",
  "directDepositReceived",
  "id",
  "email",
  "createdAt",
  "updatedAt",
  "banned",
];
/** better-auth's calls the product answers, with the fields each reads (sign-out aside: it would end the session). */
const AUTH_CALLS: Record<string, string[]> = {
  "/api/auth/update-user": ["name", "image", ...SERVER_KEPT_FIELDS],
  "/api/auth/change-email": ["newEmail", "callbackURL", ...SERVER_KEPT_FIELDS],
  "/api/auth/change-password": ["currentPassword", "newPassword", "revokeOtherSessions", ...SERVER_KEPT_FIELDS],
  "/api/auth/send-verification-email": ["email", "callbackURL"],
  "/api/auth/sign-up/email": ["name", "email", "password", ...SERVER_KEPT_FIELDS],
};

describe("better-auth's routes, fuzzed for every role", () => {
  it("answer below 500 in the contract's shape, and no call changes a role or anything else the server keeps", async () => {
    const { users } = await import("#modules/accounts/server/tables");
    const kept = async () =>
      JSON.stringify(
        (
          await server.database.db
            .select({
              email: users.email,
              role: users.role,
              emailVerified: users.emailVerified,
              url: users.url,
              phone: users.phone,
              w9: users.w9Received,
              deposit: users.directDepositReceived,
            })
            .from(users)
        ).sort((a, b) => a.email.localeCompare(b.email)),
      );
    const before = await kept();
    const values: unknown[] = ["ADMIN", "admin", true, { $set: "ADMIN" }, ["ADMIN"], ...HOSTILE_VALUES];
    for (const role of ROLES) {
      for (const [path, fields] of Object.entries(AUTH_CALLS)) {
        const bodies: unknown[] = [
          ...HOSTILE_BODIES,
          ...fields.flatMap((field) => values.map((value) => ({ [field]: value }))),
          Object.fromEntries(SERVER_KEPT_FIELDS.map((field) => [field, "ADMIN"])),
        ];
        for (const body of bodies) {
          const response = await server.request(path, {
            method: "POST",
            cookie: await server.cookieFor(role as DemoUser | "guest"),
            body: JSON.stringify(body),
            headers: { "content-type": "application/json" },
            ip: server.nextIp(),
          });
          const text = await response.text();
          const label = `${role} ${path} ${JSON.stringify(body)?.slice(0, 120)}`;
          expectContractShape(
            response.status,
            response.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text,
            label,
          );
        }
      }
    }
    // Sign-ups made new PLANNER accounts at most; every account that was there is as it was.
    const after = JSON.parse(await kept()) as { email: string; role: string }[];
    const existing = new Set((JSON.parse(before) as { email: string }[]).map((row) => row.email));
    expect(JSON.stringify(after.filter((row) => existing.has(row.email)))).toBe(before);
    expect(after.filter((row) => !existing.has(row.email)).every((row) => row.role !== "ADMIN")).toBe(true);
  }, 600_000);
});
