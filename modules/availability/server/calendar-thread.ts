import { Worker } from "node:worker_threads";
import { workerEntry } from "#server/workers/worker-entry";
import { AVAILABILITY, AVAILABILITY_MESSAGES } from "../availability";
import { CalendarBudgetError, NotICalendarError } from "./calendar-busy-days";
import type { CalendarJob, CalendarJobAnswer } from "./calendar-worker";

/** A worker with nothing to do for this long ends; the next calendar starts another. */
const IDLE_MS = 30_000;
/**
 * The worker checks its own deadline as it goes; past it by this much it is stopped from outside
 * (a parse that never reaches a check), and a new one takes the next calendar.
 */
const HARD_STOP_SLACK_MS = 3_000;
/** A file that would need more memory than this ends its worker, not the server. */
const WORKER_HEAP_MB = 256;

interface Waiting {
  job: Omit<CalendarJob, "id">;
  resolve: (days: Map<string, string | null>) => void;
  reject: (error: Error) => void;
}

/**
 * Who waits, fairly: each owner (an account subscribing, the refresh round) has its own line,
 * and the next calendar read is the first of the owner served longest ago (one never served
 * first), so one account's slow feeds wait behind each other, never in front of another's.
 */
function createFairQueue() {
  const lines = new Map<string, Waiting[]>();
  const lastServed = new Map<string, number>();
  let served = 0;
  return {
    push(owner: string, waiting: Waiting) {
      const line = lines.get(owner);
      if (line) line.push(waiting);
      else lines.set(owner, [waiting]);
    },
    shift(): Waiting | undefined {
      let chosen: string | undefined;
      for (const owner of lines.keys())
        if (chosen === undefined || (lastServed.get(owner) ?? 0) < (lastServed.get(chosen) ?? 0)) chosen = owner;
      if (chosen === undefined) return undefined;
      const line = lines.get(chosen)!;
      const next = line.shift();
      if (line.length === 0) lines.delete(chosen);
      lastServed.set(chosen, ++served);
      // Owners with nothing waiting are forgotten after a while: a served count is only an order.
      if (lastServed.size > 1_000)
        for (const owner of lastServed.keys()) if (!lines.has(owner)) lastServed.delete(owner);
      return next;
    },
    get size() {
      return lines.size;
    },
  };
}

/**
 * Calendars are read into busy days one at a time on one worker thread, within a budget of work
 * and occurrences per feed (AVAILABILITY.feedWorkMs, feedMaxOccurrences): a feed that would take
 * seconds, or a memory bomb, costs the worker, never the thread that answers requests. The
 * worker takes them from a fair queue (createFairQueue).
 */
function createCalendarThread() {
  const queue = createFairQueue();
  let worker: Worker | null = null;
  let ready: Promise<void> | null = null;
  let busy = false;
  let idle: NodeJS.Timeout | null = null;
  let nextId = 1;

  const stopWorker = () => {
    const ending = worker;
    worker = null;
    ready = null;
    void ending?.terminate();
  };

  const start = (): Promise<void> => {
    const { file, execArgv } = workerEntry(import.meta.url, "calendar-worker");
    const made = new Worker(file, { execArgv, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    made.unref();
    // A failure in the worker (out of memory, say) ends it; the job waiting on it hears of the exit.
    made.on("error", () => undefined);
    worker = made;
    return new Promise((resolve, reject) => {
      const onMessage = (message: { ready?: boolean }) => {
        if (!message.ready) return;
        made.off("message", onMessage);
        resolve();
      };
      made.on("message", onMessage);
      made.once("error", reject);
      made.once("exit", () => reject(new Error("the calendar worker stopped")));
    });
  };

  const runNext = async (): Promise<void> => {
    if (busy) return;
    const waiting = queue.shift();
    if (!waiting) {
      idle ??= setTimeout(() => {
        idle = null;
        if (!busy && queue.size === 0) stopWorker();
      }, IDLE_MS).unref();
      return;
    }
    if (idle) clearTimeout(idle);
    idle = null;
    busy = true;
    try {
      ready ??= start();
      await ready;
      waiting.resolve(await answer(worker!, { ...waiting.job, id: nextId++ }));
    } catch (error) {
      // A worker that failed or overran is ended; the next calendar gets a new one.
      stopWorker();
      waiting.reject(error instanceof Error ? error : new Error(String(error)));
    } finally {
      busy = false;
      void runNext();
    }
  };

  return {
    read(owner: string, job: Omit<CalendarJob, "id">): Promise<Map<string, string | null>> {
      return new Promise((resolve, reject) => {
        queue.push(owner, { job, resolve, reject });
        void runNext();
      });
    },
  };
}

/** Sends one job and waits for its answer, stopping a worker that overruns its budget. */
function answer(worker: Worker, job: CalendarJob): Promise<Map<string, string | null>> {
  return new Promise((resolve, reject) => {
    const cleanUp = () => {
      clearTimeout(timer);
      worker.off("message", onMessage);
      worker.off("exit", onExit);
    };
    const timer = setTimeout(() => {
      cleanUp();
      reject(new CalendarBudgetError(AVAILABILITY_MESSAGES.calendarTooSlow));
    }, job.workMs + HARD_STOP_SLACK_MS);
    const onExit = () => {
      cleanUp();
      // Out of memory (resourceLimits) is a feed too large to read.
      reject(new CalendarBudgetError(AVAILABILITY_MESSAGES.calendarTooManyEvents));
    };
    const onMessage = (message: CalendarJobAnswer) => {
      if (message.id !== job.id) return;
      cleanUp();
      if ("days" in message) return resolve(new Map(message.days));
      if (message.failure === "not-icalendar") return reject(new NotICalendarError());
      if (message.failure === "budget") return reject(new CalendarBudgetError(message.message));
      reject(new Error(message.message));
    };
    worker.on("message", onMessage);
    worker.once("exit", onExit);
    worker.postMessage(job);
  });
}

const thread = createCalendarThread();

/**
 * The busy days of a calendar's text (see busyDaysOf), read on the calendar worker within the
 * feed budget, in `owner`'s line of the fair queue (an account's id, or the refresh round's).
 * Rejects with NotICalendarError or CalendarBudgetError (its message for the artist).
 */
export function readBusyDays(
  owner: string,
  ics: string,
  zone: string,
  now = new Date(),
): Promise<Map<string, string | null>> {
  return thread.read(owner, {
    ics,
    zone,
    now: now.getTime(),
    workMs: AVAILABILITY.feedWorkMs,
    maxOccurrences: AVAILABILITY.feedMaxOccurrences,
  });
}
