// The thread that turns a subscribed calendar's text into busy days (calendar-thread.ts
// sends it the text): parsing and expanding recurrences is work a user's file decides the size
// of, so it never runs on the thread that answers requests.
import { parentPort } from "node:worker_threads";
import { CalendarBudgetError, NotICalendarError, busyDaysOf } from "./calendar-busy-days";

export interface CalendarJob {
  id: number;
  ics: string;
  zone: string;
  now: number;
  workMs: number;
  maxOccurrences: number;
}

export type CalendarJobAnswer =
  | { id: number; days: [string, string | null][] }
  | { id: number; failure: "not-icalendar" | "budget" | "error"; message: string };

const port = parentPort;
if (!port) throw new Error("calendar-worker.ts runs as a worker thread");

port.on("message", (job: CalendarJob) => {
  let answer: CalendarJobAnswer;
  try {
    const days = busyDaysOf(job.ics, job.zone, new Date(job.now), {
      deadline: performance.now() + job.workMs,
      maxOccurrences: job.maxOccurrences,
    });
    answer = { id: job.id, days: [...days.entries()] };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const failure =
      error instanceof NotICalendarError ? "not-icalendar" : error instanceof CalendarBudgetError ? "budget" : "error";
    answer = { id: job.id, failure, message };
  }
  port.postMessage(answer);
});
port.postMessage({ ready: true });
