import type { Context } from "hono";
import { sendError } from "./error-response";

/** Past this much, or this long, a refused body is not read to its end: the connection is cut. */
const DRAIN_MAX_BYTES = 64 * 1024 * 1024;
const DRAIN_MAX_MS = 10_000;

/**
 * Reads and discards what is left of a request body. A client such as fetch (undici) reads
 * the answer only once it has sent its whole body, so an answer sent while the body is still
 * arriving, with the connection then closed, reaches it as "other side closed" instead.
 */
export async function drainBody(request: Request): Promise<void> {
  if (!request.body || request.bodyUsed || request.body.locked) return;
  const reader = request.body.getReader();
  const deadline = setTimeout(() => void reader.cancel().catch(() => undefined), DRAIN_MAX_MS);
  deadline.unref();
  let read = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      read += value.byteLength;
      if (read > DRAIN_MAX_BYTES) {
        await reader.cancel();
        break;
      }
    }
  } catch {
    // The client went away, or the deadline cut the read: the answer is sent all the same.
  } finally {
    clearTimeout(deadline);
  }
}

/** The 413 answer of a body limit, sent once the client has finished sending. */
export function payloadTooLarge(message: string) {
  return async (c: Context) => {
    await drainBody(c.req.raw);
    const response = sendError(c, "payload_too_large", message);
    response.headers.set("connection", "close");
    return response;
  };
}
