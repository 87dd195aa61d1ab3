import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { eq, sql } from "drizzle-orm";
import type { Role } from "#domain/roles";
import type { SessionUser } from "#domain/session-user";
import { users } from "#modules/accounts/server/tables";
import { inject } from "vitest";
import { createApp, type SsrHandler } from "#start/app";
import { createGuestPageCache } from "#server/cache/guest-cache";
import { createStoredPages } from "#server/cache/stored-pages";
import { createTaggedStore } from "#server/cache/tagged-store";

/** What the tests' own pages read of the query string (the real routes declare theirs in their handles). */
const TEST_PAGE_QUERY_PARAMS = ["redirectTo"];
import { createAuth } from "#modules/accounts/server/start";
import { type DatabaseHandle, openDatabase } from "#server/db/client";
import { migrateDatabase } from "#start/migrate";
import { DEMO_PASSWORD, seedDemoData } from "#start/demo/seed";
import { loadEnv } from "#server/env";
import { createFileStorage } from "#server/storage/create-storage";
import { startS3Server } from "./s3";
import { createViewerCache } from "#server/cache/viewer-cache";
import { type HubTimes, createConversationHub } from "#modules/conversations/server/start";
import { createLogger } from "#server/logger";
import { deliverDueMail } from "#server/mail/outbox";
import { notificationMailer } from "#modules/notifications/server/start";
import { createMailTransport } from "#server/mail/transport";
import { JOB_SCHEMA, jobId, openJobQueue, parseJobPayload } from "#server/jobs/job-queue";
import type { JobPayload } from "#domain/jobs";
import { type ProcessJobKind, processJobHandlers } from "#modules/bookings/server/start";
import { releaseHeldPayments, releasePayment } from "#modules/bookings/server/start";
import { openCardGateway } from "#server/payments/card-gateway";
import { startLocalStripe } from "./stripe-server";
import { type AnswerChecker, createAnswerChecker, recordCheckedAnswers } from "./openapi-answers";

export const ROLE_EMAILS = {
  admin: "admin@example.com",
  owner: "artist@example.com",
  otherArtist: "artist2@example.com",
  planner: "planner@example.com",
  otherPlanner: "planner2@example.com",
} as const;
export type DemoUser = keyof typeof ROLE_EMAILS;

export interface RequestOptions {
  method?: string;
  json?: unknown;
  body?: BodyInit;
  cookie?: string | null;
  headers?: Record<string, string>;
  /** The socket address the request appears to come from. */
  ip?: string;
  /** The Origin header of a cookie-authenticated call: ours by default, null for none. */
  origin?: string | null;
}

/** The request a test describes, as the app takes it. */
function requestFor(options: RequestOptions) {
  const headers = new Headers(options.headers);
  let body = options.body;
  if (options.json !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(options.json);
  }
  if (options.cookie) {
    headers.set("cookie", options.cookie);
    // Browsers send the page's origin with every write; a test of a forgery sets its own.
    const origin = options.origin === undefined ? "http://localhost:3000" : options.origin;
    if (origin !== null && !headers.has("origin")) headers.set("origin", origin);
  }
  // app.request takes Node's bindings; the socket address is all our code reads of them.
  const bindings = { incoming: { socket: { remoteAddress: options.ip ?? "192.0.2.1" } } } as never;
  const method = options.method ?? (body === undefined ? "GET" : "POST");
  return { method, init: { method, headers, body } as RequestInit, bindings };
}

/** A fresh database on the PostgreSQL server (a copy of template, when given), for the second run of the API suite. */
async function createServerDatabase(baseUrl: string, template: string | undefined) {
  const name = `eva_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    // An autovacuum worker may be on the template for a moment, and a copy needs it alone.
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
        break;
      } catch (error) {
        if (!template || attempt >= 40 || !/being accessed by other users/.test(String(error))) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      try {
        // An autovacuum worker on the new database may still hold it; it finishes in moments,
        // and only a superuser could end it sooner.
        for (let attempt = 1; ; attempt++) {
          try {
            await client.query(`drop database if exists ${name} with (force)`);
            break;
          } catch (error) {
            if (attempt >= 20) throw error;
            await new Promise((resolve) => setTimeout(resolve, 250));
          }
        }
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * The whole API in process on a new, seeded database: PGlite in memory, or a new
 * database on the PostgreSQL server when the suite runs with TEST_DB=postgres.
 */
export interface TestServerOptions {
  /** A page renderer standing in for React Router, for tests of what wraps it. */
  ssr?: SsrHandler;
  guestCache?: boolean;
  /** With the guest cache: its pages stored in the database for every server, made with this build (decision 0067). */
  storedPages?: string;
  sitemapMaxUrls?: number;
  /** Where mail goes (an SMTP server the test started); without it, .eml files in DATA_DIR/mail. */
  smtpUrl?: string;
  /** Whether answers are checked against the OpenAPI document (the default). */
  checkAnswers?: boolean;
  /** Whether viewers' facts and acts' rows are kept in memory, as in production (the default). */
  viewerCache?: boolean;
  /** Where files go: DATA_DIR, or a real S3-compatible server started for this test server. */
  storage?: "local" | "s3";
  /** How often live streams' readers are checked and how long a stream lives (production's by default). */
  liveStreams?: HubTimes;
  /** Card payments through a local server speaking Stripe's API (tests/setup/stripe-server.ts), with this fee. */
  stripe?: { feePercent?: number };
  /**
   * Card payments through Stripe's own test mode with this secret key (npm run test:stripe): no
   * local server; the test signs the events Stripe would send with a webhook secret of its own.
   */
  stripeTestMode?: { secretKey: string; webhookSecret: string };
}

/** The project's choice (the api-s3 project runs the file tests on S3), else the local disk. */
const defaultStorage = (): "local" | "s3" => (process.env.TEST_STORAGE === "s3" ? "s3" : "local");

export async function createTestServer(options: TestServerOptions = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), "eva-api-"));
  const baseUrl = process.env.TEST_DATABASE_URL;
  const s3 = (options.storage ?? defaultStorage()) === "s3" ? await startS3Server() : null;
  // Stripe's webhook calls reach this server in process, as they would over the network.
  let deliverWebhook = (_body: string, _signature: string): Promise<Response> => {
    throw new Error("the app is not built yet");
  };
  const stripe = options.stripe ? await startLocalStripe((body, signature) => deliverWebhook(body, signature)) : null;
  // The run's seeded database (tests/setup/api-global-setup.ts), copied; files on S3 are seeded afresh.
  const seeded = s3 ? undefined : inject("seededStart");
  const serverDb =
    process.env.TEST_DB === "postgres" && baseUrl
      ? await createServerDatabase(baseUrl, seeded?.templateDatabase)
      : null;
  const env = loadEnv({
    ...s3?.env,
    DATA_DIR: dataDir,
    DATABASE_URL: serverDb?.url,
    AUTH_SECRET: randomBytes(32).toString("hex"),
    PUBLIC_URL: "http://localhost:3000",
    LOG_LEVEL: "silent",
    NODE_ENV: "test",
    SMTP_URL: options.smtpUrl,
    // Calendars are served by the tests' own local servers (issue 31).
    CALENDAR_ALLOW_PRIVATE_URLS: "1",
    STRIPE_SECRET_KEY: stripe?.secretKey ?? options.stripeTestMode?.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe?.webhookSecret ?? options.stripeTestMode?.webhookSecret,
    STRIPE_API_BASE: stripe?.url,
    PLATFORM_FEE_PERCENT: options.stripe?.feePercent === undefined ? undefined : String(options.stripe.feePercent),
  });
  const snapshot = seeded?.snapshotFile && !serverDb ? readFileSync(seeded.snapshotFile) : undefined;
  const database = await openDatabase({ databaseUrl: env.databaseUrl, snapshot });
  const storage = createFileStorage(env);
  if (seeded && (snapshot || seeded.templateDatabase)) {
    cpSync(seeded.filesDir, dataDir, { recursive: true });
  } else {
    await migrateDatabase(database);
    await seedDemoData(database, { storage });
  }
  await storage.check();
  const auth = createAuth(database.db, env, env.authSecret!);
  const logger = createLogger("silent");
  const store =
    options.guestCache || options.viewerCache !== false ? await createTaggedStore(database, logger) : undefined;
  const guestCache =
    store && options.guestCache ? createGuestPageCache(store, guestCacheOptions(database, options)) : undefined;
  const viewerCache = store && options.viewerCache !== false ? createViewerCache(store) : undefined;
  const readCache = options.viewerCache !== false ? store : undefined;
  const conversationHub = await createConversationHub(database, logger, options.liveStreams);
  // Changes schedule their jobs here; a test reads them (GET /api/admin/jobs) or works them.
  const jobs = await openJobQueue(database, logger, { work: false });
  // One gateway for the app and the jobs a test runs, as production makes one per process.
  const cards = openCardGateway(env.stripe, env.publicUrl);
  const build = () =>
    createApp({
      env,
      database,
      jobs,
      cards,
      auth,
      logger,
      storage,
      ssr: options.ssr,
      store,
      guestCache,
      viewerCache,
      readCache,
      conversationHub,
      sitemapMaxUrls: options.sitemapMaxUrls,
    });
  let app = build();
  deliverWebhook = (body, signature) =>
    request("/api/stripe/webhook", {
      method: "POST",
      body,
      headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signature },
    });

  let ipCounter = 0;
  const nextIp = () => {
    ipCounter += 1;
    return `198.51.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
  };

  let checker: AnswerChecker | undefined;
  /** Every JSON answer is checked against the published document (tests/setup/openapi-answers.ts). */
  async function checkAnswer(method: string, path: string, response: Response) {
    if (options.checkAnswers === false) return;
    checker ??= createAnswerChecker(await (await app.request("/api/openapi.json")).json());
    await checker.check(method, path, response);
  }

  async function request(path: string, options: RequestOptions = {}): Promise<Response> {
    const { method, init, bindings } = requestFor(options);
    const response = await app.request(path, init, bindings);
    await checkAnswer(method, path, response);
    return response;
  }

  async function signIn(email: string, password = DEMO_PASSWORD): Promise<string> {
    const response = await request("/api/auth/sign-in/email", { json: { email, password }, ip: nextIp() });
    if (!response.ok) throw new Error(`sign-in failed for ${email}: ${response.status} ${await response.text()}`);
    return sessionCookie(response);
  }

  const cookies = new Map<DemoUser, string>();
  /** The session cookie of a demo user, signed in once per test file. */
  async function cookieFor(user: DemoUser | "guest"): Promise<string | null> {
    if (user === "guest") return null;
    let cookie = cookies.get(user);
    if (!cookie) {
      cookie = await signIn(ROLE_EMAILS[user]);
      cookies.set(user, cookie);
    }
    return cookie;
  }

  let accountsMade = 0;
  /**
   * A new account made through sign-up, signed in; `verified` confirms its email as its link
   * would. For what needs more people than the demo data has, or a new account's limits.
   */
  async function newAccount(
    role: "PLANNER" | "ARTIST",
    options: { verified?: boolean } = {},
  ): Promise<{ cookie: string; email: string; id: string; name: string }> {
    accountsMade += 1;
    const email = `new-${role.toLowerCase()}-${accountsMade}-${randomBytes(3).toString("hex")}@example.com`;
    const name = `New ${role === "PLANNER" ? "Planner" : "Artist"} ${accountsMade}`;
    const response = await request("/api/auth/sign-up/email", {
      json: { name, email, password: "a-long-enough-passphrase", role },
      ip: nextIp(),
    });
    if (!response.ok) throw new Error(`sign-up failed for ${email}: ${response.status} ${await response.text()}`);
    const { rows } = (await database.db.execute(
      sql`update users set email_verified = ${options.verified ?? false} where email = ${email} returning id`,
    )) as unknown as { rows: { id: string }[] };
    return { cookie: sessionCookie(response), email, id: rows[0]!.id, name };
  }

  const mailDeps = {
    transport: createMailTransport(env),
    logger: createLogger("silent"),
    notificationMail: notificationMailer({
      appName: env.appName,
      publicUrl: env.publicUrl,
      secret: auth.options.secret as string,
    }),
  };
  /** One pass of the mail worker, as if at this moment. */
  const deliverMail = (now?: Date) => deliverDueMail(database.db, mailDeps, now);
  /**
   * Runs a scheduled job of the booking process now, with the data it was stored with, as the
   * worker would when its time comes; answers what its handler answered (whether it acted).
   */
  async function runJob(kind: ProcessJobKind, key: string): Promise<unknown> {
    const result = await database.db.execute(
      sql`select data from ${sql.raw(`${JOB_SCHEMA}.job`)} where id = ${jobId(kind, key)}::uuid`,
    );
    const [row] = (result as unknown as { rows: { data: unknown }[] }).rows;
    if (!row) throw new Error(`no ${kind} job for ${key}`);
    const handler = processJobHandlers(database.db, jobs, cards)[kind] as (data: unknown) => Promise<unknown>;
    return handler(parseJobPayload(kind, row.data));
  }

  /**
   * The release pass as if at `now`, then each payment's release job it scheduled, as the worker
   * would run them: answers how many payments were released. A release Stripe refuses leaves
   * its error on the payment, as the job would, and the others go on.
   */
  async function releaseDue(now = new Date()): Promise<number> {
    await releaseHeldPayments(database.db, jobs, cards, now);
    const result = await database.db.execute(
      sql`select data from ${sql.raw(`${JOB_SCHEMA}.job`)} where name = 'card_payout' and state = 'created' order by created_on`,
    );
    let released = 0;
    for (const row of (result as unknown as { rows: { data: unknown }[] }).rows) {
      const data: JobPayload<"card_payout"> = parseJobPayload("card_payout", row.data);
      // A refusal is kept on the payment (release_error), as the job's error would be.
      const done = await releasePayment(database.db, jobs, cards, data.paymentId, data.attempt, now).catch(() => false);
      await database.db.execute(
        sql`update ${sql.raw(`${JOB_SCHEMA}.job`)} set state = 'completed' where id = ${jobId("card_payout", `${data.paymentId}:${data.attempt}`)}::uuid`,
      );
      if (done) released += 1;
    }
    return released;
  }

  async function close() {
    mailDeps.transport.close();
    if (checker) recordCheckedAnswers(checker);
    await store?.stop();
    await conversationHub.stop();
    await jobs.stop();
    await database.close();
    await serverDb?.drop();
    await s3?.close();
    await stripe?.close();
    rmSync(dataDir, { recursive: true, force: true });
  }

  /** A JSON POST as a demo user (or a guest). */
  async function post(path: string, as: DemoUser | "guest", body: unknown = {}) {
    return request(path, { method: "POST", cookie: await cookieFor(as), json: body });
  }

  async function get(path: string, as: DemoUser | "guest") {
    return request(path, { cookie: await cookieFor(as) });
  }

  /** The invite of an event made with one act invited (`actUrl` on create): the id its offer answers. */
  async function inviteOf(eventUrl: string): Promise<number> {
    const found = await database.db.execute(
      sql`select i.id from invites i join events e on e.id = i.event_id where e.url = ${eventUrl}`,
    );
    const [row] = (found as unknown as { rows: { id: number }[] }).rows;
    if (!row) throw new Error(`no invite to ${eventUrl}`);
    return row.id;
  }

  /** What a page's action hands runCommand for `who`: the database, the job queue and the signed-in viewer. */
  async function pageContext(who: DemoUser | "guest") {
    if (who === "guest") return { db: database.db, jobs, viewer: null };
    const [row] = await database.db.select().from(users).where(eq(users.email, ROLE_EMAILS[who]));
    const viewer: SessionUser = {
      id: row!.id,
      url: row!.url,
      name: row!.name,
      email: row!.email,
      role: row!.role as Role,
    };
    return { db: database.db, jobs, viewer };
  }

  /** A new app on the same database and DATA_DIR: what a process restart leaves behind. */
  function restart() {
    app = build();
  }

  return {
    get app() {
      return app;
    },
    database,
    /** The reads the server keeps (undefined with viewerCache: false), for tests of a kept read itself. */
    readCache,
    /** The guest page cache, when asked for (`guestCache`): its requests made ahead, for their tests. */
    guestCache,
    env,
    storage,
    s3,
    stripe,
    cards,
    deliverMail,
    jobs,
    runJob,
    mailDeps,
    request,
    post,
    get,
    signIn,
    cookieFor,
    newAccount,
    inviteOf,
    pageContext,
    releaseDue,
    nextIp,
    close,
    restart,
  };
}

export type TestServer = Awaited<ReturnType<typeof createTestServer>>;

export function sessionCookie(response: Response): string {
  const cookie = response.headers.getSetCookie().find((value) => value.includes("session_token="));
  if (!cookie) throw new Error("no session cookie in the response");
  return cookie.split(";")[0]!;
}

export async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/** The guest cache's options for a test: its pages stored for every server when the test names a build. */
function guestCacheOptions(database: DatabaseHandle, options: Pick<TestServerOptions, "storedPages">) {
  return {
    queryParams: TEST_PAGE_QUERY_PARAMS,
    stored: options.storedPages === undefined ? undefined : createStoredPages(database.db, options.storedPages),
    onStoreError: (error: unknown) => console.error(error),
  };
}

/**
 * A second app server on the same PostgreSQL database as `server`, with its own connection
 * pool, auth and guest page cache: what a second machine behind the load balancer runs.
 */
export async function createPeerServer(
  server: TestServer,
  options: Pick<TestServerOptions, "ssr" | "guestCache" | "storedPages" | "liveStreams"> = {},
) {
  const { env } = server;
  if (!env.databaseUrl) throw new Error("a peer server needs a PostgreSQL database");
  const database = await openDatabase({ databaseUrl: env.databaseUrl });
  const auth = createAuth(database.db, env, env.authSecret!);
  const logger = createLogger("silent");
  const store = await createTaggedStore(database, logger);
  const guestCache = options.guestCache ? createGuestPageCache(store, guestCacheOptions(database, options)) : undefined;
  const viewerCache = createViewerCache(store);
  const conversationHub = await createConversationHub(database, logger, options.liveStreams);
  const jobs = await openJobQueue(database, logger, { work: false });
  const app = createApp({
    env,
    database,
    jobs,
    auth,
    logger,
    storage: createFileStorage(env),
    ssr: options.ssr,
    store,
    guestCache,
    viewerCache,
    readCache: store,
    conversationHub,
  });
  async function request(path: string, options: RequestOptions = {}): Promise<Response> {
    const { init, bindings } = requestFor(options);
    return app.request(path, init, bindings);
  }
  async function close() {
    await store.stop();
    await conversationHub.stop();
    await jobs.stop();
    await database.close();
  }
  return { database, request, close };
}
