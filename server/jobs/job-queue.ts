import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { type DrizzleTransactionLike, fromDrizzle, PgBoss, type Queue } from "pg-boss";
import type { Logger } from "pino";
import {
  JOB_KINDS,
  JOB_KIND_NAMES,
  JOB_PAYLOADS,
  type JobKind,
  type JobPayload,
  type JobPayloadInput,
} from "#domain/jobs";
import type { DatabaseHandle, Executor } from "../db/client";

/** The PostgreSQL schema the job library keeps its tables in. */
export const JOB_SCHEMA = "pgboss";

/**
 * How each kind's jobs are kept. A recurring kind has at most one job waiting and one running
 * (the library's "stately" policy), so a slow round never overlaps the next and servers that
 * were down leave no pile; a job of a change (a reminder) is one per key, tried again for a
 * day with a growing delay. Finished jobs are kept for admins to read: a day for the recurring
 * kinds, a month for the others.
 */
function queueOptions(kind: JobKind): Omit<Queue, "name"> {
  const retry = { retryDelay: 30, retryBackoff: true, retryDelayMax: 3600, expireInSeconds: 15 * 60 };
  return JOB_KINDS[kind].every
    ? { ...retry, policy: "stately", retryLimit: 2, deleteAfterSeconds: 24 * 60 * 60 }
    : { ...retry, policy: "standard", retryLimit: 8, deleteAfterSeconds: 30 * 24 * 60 * 60 };
}

/** What runs a job of each kind, given what the job carries as its kind declares it (domain/jobs.ts). */
/**
 * Kinds a server works only when it can: `pages_ahead` needs the guests' pages stored in the
 * database, which a server with its guest cache off (or PAGES_AHEAD=0) does not keep. A server
 * without the handler leaves the kind to those with it.
 */
type OptionalJobKind = "pages_ahead";
type JobHandler<K extends JobKind> = (data: JobPayload<K>) => Promise<unknown>;
export type JobHandlers = { [K in Exclude<JobKind, OptionalJobKind>]: JobHandler<K> } & {
  [K in OptionalJobKind]?: JobHandler<K>;
};

/** A one-off job: what it is about and what its handler needs, as its kind declares it. */
type OneOffJob<K extends JobKind> = { key: string; runAt: Date; data: NonNullable<JobPayloadInput<K>> };

/**
 * Parses the job's data by its kind before its handler sees it: a job with a wrong field throws
 * here, which the library records as the try's error (admins read it on /admin/jobs).
 */
export function parseJobPayload<K extends JobKind>(kind: K, data: unknown): JobPayload<K> {
  const parsed = JOB_PAYLOADS[kind].safeParse(data);
  if (parsed.success) return parsed.data as JobPayload<K>;
  const issues = parsed.error.issues.map((issue) => `${issue.path.join(".") || "its data"}: ${issue.message}`);
  throw new Error(`A ${kind} job carries ${issues.join("; ")}`);
}

function runJob<K extends JobKind>(handler: JobHandler<K>, kind: K, data: unknown): Promise<unknown> {
  return handler(parseJobPayload(kind, data));
}

/** Quicker timing for tests: how often idle workers look for jobs, and a short fixed delay between tries. */
export interface JobQueueTiming {
  pollingIntervalSeconds?: number;
  retryDelaySeconds?: number;
}

/**
 * A job's id from its kind and key: the same change asking twice (or two servers at once) makes
 * one job, and a job done is not made again.
 */
export function jobId(kind: JobKind, key: string): string {
  const hex = createHash("sha1").update(`${kind}:${key}`).digest("hex");
  // A name-based (version 5) UUID: the library's id column is a uuid.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((Number.parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

export interface JobQueue {
  /**
   * Schedules a job in the caller's transaction, so that it exists exactly when the change
   * commits; a second one of the same kind and key is nothing.
   */
  schedule<K extends JobKind>(tx: Executor, kind: K, job: OneOffJob<K>): Promise<void>;
  /** Calls off the job of a kind and key if it has not run, in the caller's transaction. */
  cancel(tx: Executor, kind: JobKind, key: string): Promise<void>;
  /**
   * Works every kind's queue on this server, among however many servers share the database:
   * the library claims each job for one of them. The recurring kinds are scheduled (the same
   * schedule from every server is one schedule) and asked for once now, as the timers they
   * replaced ran once at start: servers starting together ask once between them.
   */
  work(handlers: JobHandlers, timing?: JobQueueTiming): Promise<void>;
  /** Stops taking jobs, waits for the ones running, and closes the queue's connections. */
  stop(): Promise<void>;
}

/**
 * The library's writes inside our transaction. Our driver-neutral Database type leaves what
 * execute answers unknown; both drivers answer the rows the adapter unwraps.
 */
const inTransaction = (tx: Executor) => ({ db: fromDrizzle(tx as unknown as DrizzleTransactionLike, sql) });

function createBoss(database: DatabaseHandle, options: { work: boolean }) {
  return new PgBoss({
    ...database.jobConnection,
    schema: JOB_SCHEMA,
    migrate: true,
    // Only a server that works the queues keeps their schedules and maintenance.
    supervise: options.work,
    schedule: options.work,
  });
}

/**
 * Creates the job library's tables (or brings them to the installed version) and one queue
 * per kind; run with the schema migrations, so that every database (a test's too) has them.
 */
export async function installJobQueue(database: DatabaseHandle): Promise<void> {
  const boss = createBoss(database, { work: false });
  await boss.start();
  try {
    for (const kind of JOB_KIND_NAMES) {
      const { policy, ...kept } = queueOptions(kind);
      // A queue's policy is fixed when it is made; the rest follows this code on every start.
      if (await boss.getQueue(kind)) await boss.updateQueue(kind, kept);
      else await boss.createQueue(kind, { policy, ...kept });
    }
  } finally {
    await boss.stop({ graceful: false, close: database.kind !== "pglite" });
  }
}

/** The job queue of a server: it schedules jobs always, and works them once asked to (`work`). */
export async function openJobQueue(
  database: DatabaseHandle,
  logger: Logger,
  options: { work: boolean },
): Promise<JobQueue> {
  const boss = createBoss(database, options);
  boss.on("error", (err: unknown) => logger.warn({ err }, "job queue error"));
  await boss.start();
  return {
    async schedule(tx, kind, job) {
      await boss.send(kind, job.data, { id: jobId(kind, job.key), startAfter: job.runAt, ...inTransaction(tx) });
    },
    async cancel(tx, kind, key) {
      await boss.cancel(kind, jobId(kind, key), inTransaction(tx));
    },
    async work(handlers, timing = {}) {
      for (const kind of JOB_KIND_NAMES) {
        const handler = (handlers as { [K in JobKind]?: JobHandler<K> })[kind] as JobHandler<JobKind> | undefined;
        if (!handler) continue;
        if (timing.retryDelaySeconds)
          await boss.updateQueue(kind, { retryDelay: timing.retryDelaySeconds, retryBackoff: false });
        await boss.work(
          kind,
          { pollingIntervalSeconds: timing.pollingIntervalSeconds ?? 2, batchSize: 1 },
          async ([job]) => {
            await runJob(handler, kind, job?.data ?? null);
          },
        );
        const { every } = JOB_KINDS[kind];
        if (every) {
          await boss.schedule(kind, every, null, { tz: "UTC" });
          await boss.sendThrottled(kind, null, null, 60, "start");
        }
      }
    },
    stop: () => boss.stop({ graceful: true, timeout: 20_000, close: database.kind !== "pglite" }),
  };
}
