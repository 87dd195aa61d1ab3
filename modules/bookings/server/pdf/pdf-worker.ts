// The thread that draws the booking's paper (pdf-thread.ts starts it): drawing an agreement with
// long terms takes a large part of a second, which the thread that answers requests never spends.
import { parentPort } from "node:worker_threads";
import { drawPaper } from "./draw-paper";
import type { Paper } from "./paper";

export interface PdfJob {
  id: number;
  paper: Paper;
}
export type PdfJobAnswer = { id: number; bytes: Uint8Array } | { id: number; error: string };

const port = parentPort;
if (!port) throw new Error("pdf-worker.ts runs as a worker thread");

port.on("message", (job: PdfJob) => {
  drawPaper(job.paper).then(
    (drawn) => {
      // A copy of its own, so that transferring it moves no other buffer's memory.
      const bytes = new Uint8Array(drawn);
      port.postMessage({ id: job.id, bytes } satisfies PdfJobAnswer, [bytes.buffer]);
    },
    (error: unknown) => port.postMessage({ id: job.id, error: String(error) } satisfies PdfJobAnswer),
  );
});
port.postMessage({ ready: true });
