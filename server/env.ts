import { z } from "zod";
import { CLIENT_CONCURRENCY } from "#domain/limits";
import { LIVE_STREAMS } from "#domain/limits";
import type { S3Settings } from "./storage/s3";

const flag = z.enum(["0", "1"]).transform((value) => value === "1");

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATA_DIR: z.string().min(1).default("./data"),
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^[1-9][0-9]{0,5}(kB|MB|GB)$/, 'must be a size such as "512MB"')
    .optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  APP_NAME: z.string().min(1).max(60).default("EVA"),
  PUBLIC_URL: z.url().optional(),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SEED_DEMO: flag.optional(),
  CHAT_WIDGET_SRC: z.url().optional(),
  MAP_STYLE_URL: z.url().optional(),
  GUEST_PAGE_CACHE: flag.default(true),
  GUEST_DOCUMENT: flag.default(true),
  PAGES_AHEAD: flag.default(true),
  VIEW_COUNTING: flag.default(true),
  STATEMENT_COUNT: flag.default(false),
  CLIENT_CONCURRENCY: z.coerce.number().int().min(0).max(10_000).default(CLIENT_CONCURRENCY),
  STREAMS_PER_ACCOUNT: z.coerce.number().int().min(0).max(10_000).default(LIVE_STREAMS.perAccount),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).max(200).optional(),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      "must be an S3 bucket name: 3 to 63 lowercase letters, digits, dots and hyphens",
    )
    .optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// address" }).optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,40}$/, "must be a region name such as us-east-1")
    .default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).max(256).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).max(256).optional(),
  S3_FORCE_PATH_STYLE: flag.optional(),
  CALENDAR_REFRESH_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  CALENDAR_ALLOW_PRIVATE_URLS: flag.default(false),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_[A-Za-z0-9_]{8,}$/, "must be a Stripe secret key (sk_… or rk_…)")
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9_]{8,}$/, "must be a webhook secret (whsec_…)")
    .optional(),
  STRIPE_API_BASE: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// address" }).optional(),
  PLATFORM_FEE_PERCENT: z.coerce.number().min(0).max(50).default(0),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
});

export interface Env {
  port: number;
  host: string;
  dataDir: string;
  /** The embedded database's shared_buffers, when not PostgreSQL's default 128 MB. */
  pgliteSharedBuffers: string | undefined;
  databaseUrl: string | undefined;
  appName: string;
  publicUrl: string;
  authSecret: string | undefined;
  seedDemo: boolean;
  chatWidgetSrc: string | undefined;
  /** Keep guests' pages in memory (on by default; off for measuring a first render). */
  guestPageCache: boolean;
  /** Draw guests' public pages without React Router (decision 0066; off to compare with the router's). */
  guestDocument: boolean;
  /** Work the `pages_ahead` round here: the sitemap's pages stored before a crawler asks (decision 0067). */
  pagesAhead: boolean;
  /** A MapLibre style (vector tiles) for the map view; without it the map is the states drawn on the server. */
  mapStyleUrl: string | undefined;
  /** Count profile views and search appearances for acts' insights (on by default; off for the bench's side by side). */
  viewCounting: boolean;
  /** /healthz says how many statements the process has sent its database (the bench turns it on). */
  statementCount: boolean;
  /** Searches or uncached renders one client may have in progress; 0 for no limit. */
  clientConcurrency: number;
  /** Live conversation streams one account may hold open on a server; 0 is no limit (benchmarks). */
  streamsPerAccount: number;
  /** Where mail goes; without it, mail is written as .eml files under DATA_DIR/mail. */
  smtpUrl: string | undefined;
  /** The From of our mail. */
  mailFrom: string;
  /** Files in this S3-compatible bucket; without it, under DATA_DIR on this machine. */
  s3: S3Settings | undefined;
  /** How often each subscribed calendar is read again (issue 31). */
  calendarRefreshMinutes: number;
  /** Read calendars on loopback and private networks too: for tests that serve them locally. */
  calendarAllowPrivateUrls: boolean;
  /** Card payments through Stripe (issue 43); without them, bookings are paid to the act directly. */
  stripe: StripeSettings | undefined;
  logLevel: string;
  nodeEnv: "development" | "production" | "test";
}

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Where the SDK sends its calls: Stripe itself unless a test points it at a local server. */
  apiBase: string | undefined;
  /** Of what is released to an act, the platform keeps this percentage. */
  feePercent: number;
}

export class EnvError extends Error {}

/** Reads and checks the environment once; a bad value stops start-up with a clear message. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ""));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new EnvError(`Invalid environment:\n${lines.join("\n")}`);
  }
  const value = parsed.data;
  const publicUrl = (value.PUBLIC_URL ?? `http://localhost:${value.PORT}`).replace(/\/$/, "");
  if (value.DATABASE_URL && !value.AUTH_SECRET) {
    throw new EnvError("Invalid environment:\n  AUTH_SECRET: required when DATABASE_URL is set");
  }
  if (value.STRIPE_SECRET_KEY && !value.STRIPE_WEBHOOK_SECRET) {
    throw new EnvError("Invalid environment:\n  STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set");
  }
  return {
    s3: s3Settings(value),
    port: value.PORT,
    host: value.HOST,
    dataDir: value.DATA_DIR,
    pgliteSharedBuffers: value.PGLITE_SHARED_BUFFERS,
    databaseUrl: value.DATABASE_URL,
    appName: value.APP_NAME,
    publicUrl,
    authSecret: value.AUTH_SECRET,
    seedDemo: value.SEED_DEMO ?? !value.DATABASE_URL,
    chatWidgetSrc: value.CHAT_WIDGET_SRC,
    guestPageCache: value.GUEST_PAGE_CACHE,
    guestDocument: value.GUEST_DOCUMENT,
    pagesAhead: value.PAGES_AHEAD,
    mapStyleUrl: value.MAP_STYLE_URL,
    viewCounting: value.VIEW_COUNTING,
    statementCount: value.STATEMENT_COUNT,
    clientConcurrency: value.CLIENT_CONCURRENCY,
    streamsPerAccount: value.STREAMS_PER_ACCOUNT,
    smtpUrl: value.SMTP_URL,
    mailFrom: value.MAIL_FROM ?? `"${value.APP_NAME}" <no-reply@${new URL(publicUrl).hostname}>`,
    calendarRefreshMinutes: value.CALENDAR_REFRESH_MINUTES,
    calendarAllowPrivateUrls: value.CALENDAR_ALLOW_PRIVATE_URLS,
    stripe:
      value.STRIPE_SECRET_KEY && value.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: value.STRIPE_SECRET_KEY,
            webhookSecret: value.STRIPE_WEBHOOK_SECRET,
            apiBase: value.STRIPE_API_BASE,
            feePercent: value.PLATFORM_FEE_PERCENT,
          }
        : undefined,
    logLevel: value.LOG_LEVEL,
    nodeEnv: value.NODE_ENV,
  };
}

/** S3 is all or nothing: a key without a bucket, or half a key pair, is a mistake to name at start. */
function s3Settings(value: z.infer<typeof envSchema>): S3Settings | undefined {
  const given = (["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_FORCE_PATH_STYLE"] as const).filter(
    (name) => value[name] !== undefined,
  );
  if (!value.S3_BUCKET) {
    if (given.length > 0)
      throw new EnvError(
        `Invalid environment:\n  S3_BUCKET: required when ${given.join(", ")} ${given.length === 1 ? "is" : "are"} set`,
      );
    return undefined;
  }
  if ((value.S3_ACCESS_KEY_ID === undefined) !== (value.S3_SECRET_ACCESS_KEY === undefined)) {
    throw new EnvError(
      "Invalid environment:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither to use the SDK's own credentials",
    );
  }
  return {
    bucket: value.S3_BUCKET,
    endpoint: value.S3_ENDPOINT,
    region: value.S3_REGION,
    accessKeyId: value.S3_ACCESS_KEY_ID,
    secretAccessKey: value.S3_SECRET_ACCESS_KEY,
    // Self-hosted services (MinIO, Ceph, s3rver) put the bucket in the path; AWS in the host.
    forcePathStyle: value.S3_FORCE_PATH_STYLE ?? value.S3_ENDPOINT !== undefined,
  };
}
