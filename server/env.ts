import { z } from "zod";

const flag = z.enum(["0", "1"]).transform((value) => value === "1");

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  APP_NAME: z.string().min(1).max(60).default("EVA"),
  PUBLIC_URL: z.url().optional(),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  SEED_DEMO: flag.optional(),
  CHAT_WIDGET_SRC: z.url().optional(),
  GUEST_PAGE_CACHE: flag.default(true),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).max(200).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
});

export interface Env {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  appName: string;
  publicUrl: string;
  authSecret: string | undefined;
  seedDemo: boolean;
  chatWidgetSrc: string | undefined;
  /** Keep guests' pages in memory (on by default; off for measuring a first render). */
  guestPageCache: boolean;
  /** Where mail goes; without it, mail is written as .eml files under DATA_DIR/mail. */
  smtpUrl: string | undefined;
  /** The From of our mail. */
  mailFrom: string;
  logLevel: string;
  nodeEnv: "development" | "production" | "test";
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
  return {
    port: value.PORT,
    host: value.HOST,
    dataDir: value.DATA_DIR,
    databaseUrl: value.DATABASE_URL,
    appName: value.APP_NAME,
    publicUrl,
    authSecret: value.AUTH_SECRET,
    seedDemo: value.SEED_DEMO ?? !value.DATABASE_URL,
    chatWidgetSrc: value.CHAT_WIDGET_SRC,
    guestPageCache: value.GUEST_PAGE_CACHE,
    smtpUrl: value.SMTP_URL,
    mailFrom: value.MAIL_FROM ?? `"${value.APP_NAME}" <no-reply@${new URL(publicUrl).hostname}>`,
    logLevel: value.LOG_LEVEL,
    nodeEnv: value.NODE_ENV,
  };
}
