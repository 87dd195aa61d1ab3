import { PgBoss } from "pg-boss";
import type { Logger } from "pino";
import { JOB_KINDS, JOB_KIND_NAMES, type JobKind } from "../../domain/jobs";
import type { DatabaseHandle } from "../db/client";

/** The PostgreSQL schema the job library keeps its tables in. */
export const JOB_SCHEMA = "pgboss";

/**
 * How each kind's jobs are kept. A recurring kind has at most one job waiting and one running
 * (the library's "stately" policy), so a slow round never overlaps the next and servers that
 * were down do not leave a pile; its finished jobs are kept a day for admins to read.
 */
const QUEUE_OPTIONS = {
  policy: "stately",
  retryLimit: 2,
  retryDelay: 30,
  retryBackoff: true,
  retryDelayMax: 3600,
  expireInSeconds: 15 * 60,
  deleteAfterSeconds: 24 * 60 * 60,
} as const;

/** What runs a job of each kind. */
export type JobHandlers = Record<JobKind, () => Promise<unknown>>;

function createBoss(database: DatabaseHandle, options: { work: boolean }) {
  return new PgBoss({
    ...database.jobConnection,
    schema: JOB_SCHEMA,
    migrate: true,
    // Only a server that works its queues keeps their schedules and maintenance.
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
      if (await boss.getQueue(kind)) await boss.updateQueue(kind, QUEUE_OPTIONS);
      else await boss.createQueue(kind, QUEUE_OPTIONS);
    }
  } finally {
    await boss.stop({ graceful: false, close: database.kind !== "pglite" });
  }
}

export interface JobQueue {
  /** Stops taking jobs, waits for the ones running, and closes the queue's connections. */
  stop(): Promise<void>;
}

/** Quicker timing for tests: how often idle workers look for jobs, and a short fixed delay between tries. */
export interface JobQueueTiming {
  pollingIntervalSeconds?: number;
  retryDelaySeconds?: number;
}

/**
 * Works every kind's queue on this server, among however many servers share the database:
 * the library claims each job for one of them. The recurring kinds are scheduled (the same
 * schedule from every server is one schedule) and asked for once at start, as the timers
 * they replace ran once at start: servers starting together ask once between them.
 */
export async function startJobQueue(database: DatabaseHandle, handlers: JobHandlers, logger: Logger, timing: JobQueueTiming = {}): Promise<JobQueue> {
  const boss = createBoss(database, { work: true });
  boss.on("error", (err: unknown) => logger.warn({ err }, "job queue error"));
  await boss.start();
  for (const kind of JOB_KIND_NAMES) {
    if (timing.retryDelaySeconds) await boss.updateQueue(kind, { retryDelay: timing.retryDelaySeconds, retryBackoff: false });
    await boss.work(kind, { pollingIntervalSeconds: timing.pollingIntervalSeconds ?? 2, batchSize: 1 }, async () => {
      await handlers[kind]();
    });
    const { every } = JOB_KINDS[kind];
    if (every) {
      await boss.schedule(kind, every, null, { tz: "UTC" });
      await boss.sendThrottled(kind, null, null, 60, "start");
    }
  }
  return {
    stop: () => boss.stop({ graceful: true, timeout: 20_000, close: database.kind !== "pglite" }),
  };
}
