import { Worker } from "node:worker_threads";
import { workerEntry } from "#server/workers/worker-entry";
import type { Paper } from "./paper";
import type { PdfJobAnswer } from "./pdf-worker";

/** A worker with nothing to draw for this long ends; the next document starts another. */
const IDLE_MS = 60_000;
/** A document that takes longer than this is given up, and its worker with it. */
const DRAW_TIMEOUT_MS = 30_000;

interface Pending {
  resolve: (bytes: Buffer) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * The booking's paper is drawn on one worker thread, one document after another in the order
 * asked (each client has at most a few renders in progress, server/http/client-concurrency.ts),
 * so that drawing never holds the thread that answers requests.
 */
function createPdfThread() {
  let worker: Worker | null = null;
  let idle: NodeJS.Timeout | null = null;
  const pending = new Map<number, Pending>();
  let nextId = 1;

  const fail = (error: Error) => {
    for (const [id, each] of pending) {
      clearTimeout(each.timer);
      each.reject(error);
      pending.delete(id);
    }
  };

  const stop = () => {
    const ending = worker;
    worker = null;
    void ending?.terminate();
  };

  const started = (): Worker => {
    if (worker) return worker;
    const { file, execArgv } = workerEntry(import.meta.url, "pdf-worker");
    const made = new Worker(file, { execArgv });
    made.unref();
    made.on("message", (message: PdfJobAnswer | { ready: true }) => {
      if (!("id" in message)) return;
      const waiting = pending.get(message.id);
      if (!waiting) return;
      pending.delete(message.id);
      clearTimeout(waiting.timer);
      if ("bytes" in message)
        waiting.resolve(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength));
      else waiting.reject(new Error(message.error));
      if (pending.size === 0) idle = setTimeout(stop, IDLE_MS).unref();
    });
    made.on("error", (error) => fail(error));
    made.once("exit", () => {
      if (worker === made) worker = null;
      fail(new Error("the PDF worker stopped"));
    });
    worker = made;
    return made;
  };

  return {
    draw(paper: Paper): Promise<Buffer> {
      if (idle) clearTimeout(idle);
      idle = null;
      const id = nextId++;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new Error("drawing the PDF took too long"));
          stop();
        }, DRAW_TIMEOUT_MS);
        pending.set(id, { resolve, reject, timer });
        started().postMessage({ id, paper });
      });
    },
  };
}

const thread = createPdfThread();

/** Draws a document of the booking's paper on the PDF worker thread. */
export function drawOnPdfThread(paper: Paper): Promise<Buffer> {
  return thread.draw(paper);
}
