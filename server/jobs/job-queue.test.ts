import { PgBoss, type SendOptions } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JOB_KINDS, JOB_KIND_NAMES, type JobKind } from "#domain/jobs";
import type { AdminJob, JobCount } from "#domain/resources/jobs";
import { createPeerServer, createTestServer, type TestServer } from "#tests/setup/api-harness";
import { bookThroughApi } from "#tests/setup/booking-fixture";
import { eventually } from "#tests/setup/eventually";
import type { DatabaseHandle } from "../db/client";
import { createLogger } from "../logger";
import { JOB_SCHEMA, type JobHandlers, type JobQueue, installJobQueue, openJobQueue } from "./job-queue";

/**
 * The job queue on both databases: two servers share one (on PostgreSQL, two connections as two
 * processes would have; on the embedded database, two queues in its one process), each job runs
 * on one of them, a failing one is tried again and then shown failed to admins, and one that came
 * due while no server ran is run when one starts.
 */

const RECURRING = JOB_KIND_NAMES.filter((kind) => JOB_KINDS[kind].every);
let server: TestServer;
let second: DatabaseHandle;
let closeSecond: () => Promise<void> = async () => undefined;
const runs = new Map<JobKind, number>();
let failing: JobKind | null = null;

const handlers = Object.fromEntries(
  JOB_KIND_NAMES.map((kind) => [
    kind,
    async () => {
      runs.set(kind, (runs.get(kind) ?? 0) + 1);
      if (kind === failing) throw new Error(`could not ${JOB_KINDS[kind].label.toLowerCase()}: the test says no`);
    },
  ]),
) as unknown as JobHandlers;

async function start(database: DatabaseHandle): Promise<JobQueue> {
  const queue = await openJobQueue(database, createLogger("silent"), { work: true });
  await queue.work(handlers, { pollingIntervalSeconds: 0.5, retryDelaySeconds: 1 });
  return queue;
}

/** A job written straight into the queue's tables, with no server working it and none of our checks. */
async function sendWithoutServer(kind: JobKind, data: object, options: SendOptions = {}): Promise<string | null> {
  const sender = new PgBoss({
    ...server.database.jobConnection,
    schema: JOB_SCHEMA,
    supervise: false,
    schedule: false,
    migrate: false,
  });
  await sender.start();
  try {
    return await sender.send(kind, data, options);
  } finally {
    await sender.stop({ graceful: false, close: server.database.kind !== "pglite" });
  }
}

async function jobs(query = ""): Promise<AdminJob[]> {
  const response = await server.get(`/api/admin/jobs?perPage=50${query}`, "admin");
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: AdminJob[] }).data;
}

beforeAll(async () => {
  server = await createTestServer();
  if (process.env.TEST_DB === "postgres") {
    const peer = await createPeerServer(server);
    second = peer.database;
    closeSecond = peer.close;
  } else second = server.database;
});
afterAll(async () => {
  await closeSecond();
  await server.close();
});

describe("durable jobs", () => {
  it("a server starting again on its database finds the queues in place", async () => {
    await expect(installJobQueue(server.database)).resolves.toBeUndefined();
  });

  it("only admins read the jobs, and a state or kind that does not exist is refused", async () => {
    expect((await server.request("/api/admin/jobs")).status).toBe(401);
    for (const role of ["planner", "owner", "otherArtist"] as const) {
      expect((await server.get("/api/admin/jobs", role)).status).toBe(403);
      expect((await server.get("/api/admin/jobs/counts", role)).status).toBe(403);
    }
    expect((await server.get("/api/admin/jobs?state=lost", "admin")).status).toBe(422);
    expect((await server.get("/api/admin/jobs?kind=nap", "admin")).status).toBe(422);
    // The demo's one booking is scheduled as any booking is (start/demo/seed.ts); nothing else waits.
    expect((await jobs()).filter((job) => !job.subject?.startsWith("Booking "))).toEqual([]);
    expect(new Set((await jobs()).map((job) => job.kind))).toEqual(
      new Set(["event_reminder", "payment_due", "review_request"]),
    );
  });

  it("a job that came due while no server ran is run by the first to start, and two servers run each start-up job once between them", async () => {
    // Sent with no server working the queue, as a server that wrote it and went down would leave it.
    const id = await sendWithoutServer(
      "upload_sweep",
      { subject: "left while down" },
      { startAfter: new Date(Date.now() - 60_000) },
    );
    expect((await jobs("&state=scheduled")).map((job) => [job.id, job.subject, job.attempts])).toContainEqual([
      id,
      "left while down",
      0,
    ]);

    const queues: JobQueue[] = [await start(server.database), await start(second)];
    try {
      await eventually(async () => (await jobs("&state=done")).some((job) => job.id === id));
      await eventually(async () => RECURRING.every((kind) => (runs.get(kind) ?? 0) >= 1));
      const done = await jobs("&state=done");
      // Each job ran once: as many runs of a kind as it has finished jobs, whichever server took them.
      for (const kind of RECURRING) expect(runs.get(kind)).toBe(done.filter((job) => job.kind === kind).length);
      // The start-up jobs were asked for once between the two servers (a schedule's minute may add one).
      expect(done.filter((job) => job.kind === "response_facts").length).toBeLessThanOrEqual(2);
      expect(done.find((job) => job.id === id)).toMatchObject({
        kind: "upload_sweep",
        attempts: 1,
        last_error: null,
        subject: "left while down",
      });
    } finally {
      await Promise.all(queues.map((queue) => queue.stop()));
    }
  });

  it("a job of one kind and key is one job, however many times and from however many servers it is asked for", async () => {
    const [a, b] = [
      await openJobQueue(server.database, createLogger("silent"), { work: false }),
      await openJobQueue(second, createLogger("silent"), { work: false }),
    ];
    try {
      const runAt = new Date(Date.now() + 86_400_000);
      for (const queue of [a, b, a])
        await (queue === a ? server.database : second).db.transaction((tx) =>
          queue.schedule(tx, "offer_expire", {
            key: "test-key",
            runAt,
            data: { subject: "Offer of the test", offerId: 1 },
          }),
        );
      // Asked inside a transaction that rolls back, it is not there at all.
      await server.database.db
        .transaction(async (tx) => {
          await a.schedule(tx, "offer_expiring", {
            key: "rolled-back",
            runAt,
            data: { subject: "Rolled back", offerId: 2 },
          });
          throw new Error("the change fails");
        })
        .catch(() => undefined);
      const all = await jobs();
      expect(all.filter((job) => job.subject === "Offer of the test")).toHaveLength(1);
      expect(all.filter((job) => job.subject === "Rolled back")).toHaveLength(0);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it("a job that fails is tried again, then shown failed to admins with its error", async () => {
    failing = "response_facts";
    const id = await sendWithoutServer("response_facts", { subject: "the test's" });
    const queues: JobQueue[] = [await start(server.database), await start(second)];
    try {
      await eventually(async () => (await jobs("&state=failed&kind=response_facts")).some((job) => job.id === id));
      const [failed] = (await jobs("&state=failed&kind=response_facts")).filter((job) => job.id === id);
      expect(failed).toMatchObject({
        state: "failed",
        attempts: 3,
        subject: "the test's",
        last_error: "could not refresh acts' response facts: the test says no",
      });
      const counts = ((await (await server.get("/api/admin/jobs/counts", "admin")).json()) as { data: JobCount[] })
        .data;
      expect(
        counts.find((count) => count.kind === "response_facts" && count.state === "failed")?.count,
      ).toBeGreaterThanOrEqual(1);
      expect(
        counts.find((count) => count.kind === "upload_sweep" && count.state === "done")?.count,
      ).toBeGreaterThanOrEqual(1);
    } finally {
      failing = null;
      await Promise.all(queues.map((queue) => queue.stop()));
    }
  });
});

describe("what a job carries (issue 64)", () => {
  it("a job with a wrong field fails with the field named, and its handler never runs on it", async () => {
    // Written by hand with the key misspelt, as an old or careless sender might.
    const id = await sendWithoutServer("offer_expire", { subject: "A misspelt offer", offerID: 7 });
    const before = runs.get("offer_expire") ?? 0;
    const queue = await start(server.database);
    try {
      await eventually(async () =>
        Boolean((await jobs("&kind=offer_expire")).find((job) => job.id === id)?.last_error),
      );
      const job = (await jobs("&kind=offer_expire")).find((each) => each.id === id)!;
      expect(job.state).not.toBe("done");
      expect(job.last_error).toMatch(/^A offer_expire job carries offerId: /);
      expect(runs.get("offer_expire") ?? 0).toBe(before);
    } finally {
      await queue.stop();
    }
  });
});

describe("an admin's hand on the jobs (issue 63)", () => {
  it("a scheduled job runs now with a reason kept on it; a cancelled one reads as cancelled; others may not", async () => {
    const { number } = await bookThroughApi(server, { name: "Jobs Party", days: 120 });
    const [waiting] = (await jobs("&state=scheduled&kind=review_request")).filter(
      (job) => job.subject === `Booking ${number}`,
    );
    expect(waiting).toBeDefined();
    const path = `/api/admin/jobs/${waiting!.id}/run-now`;
    for (const [role, status] of [
      ["guest", 401],
      ["planner", 403],
      ["owner", 403],
      ["otherArtist", 403],
    ] as const)
      expect((await server.post(path, role, { reason: "Testing" })).status, role).toBe(status);
    const unsaid = await server.post(path, "admin", { reason: " " });
    expect(unsaid.status).toBe(422);
    expect(((await unsaid.json()) as { errors: unknown }).errors).toEqual({ reason: ["Say why it runs now"] });
    expect((await server.post(path, "admin", { reason: "The planner asked to review today" })).status).toBe(200);
    const ran = (await jobs("&kind=review_request")).find((job) => job.id === waiting!.id)!;
    expect(ran.run_now).toMatchObject({ by: "Avery Admin", reason: "The planner asked to review today" });
    expect(Date.parse(ran.run_at)).toBeLessThanOrEqual(Date.now());
    expect((await server.post("/api/admin/jobs/not-a-job/run-now", "admin", { reason: "Why not" })).status).toBe(409);

    // The booking's reminders are called off with it: done, and read as cancelled.
    expect(
      (await server.post(`/api/bookings/${number}/cancel`, "planner", { reason: "Testing the jobs page" })).status,
    ).toBe(200);
    const cancelled = (await jobs("&state=done&kind=event_reminder")).filter((job) => job.subject === waiting!.subject);
    expect(cancelled.length).toBeGreaterThan(0);
    expect(cancelled.every((job) => job.cancelled)).toBe(true);
  });
});
