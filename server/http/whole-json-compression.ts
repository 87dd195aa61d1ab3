import { promisify } from "node:util";
import { gzip, gzipSync } from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";
import { GZIP_LEVEL, GZIP_MIN_BYTES, acceptsGzip } from "./page-response";

const gzipLater = promisify(gzip);

/** Our JSON answers (`c.json`, the auth routes'), made whole in memory, never streamed. */
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
/** Above this a body is compressed on zlib's threads, so that the event loop is not held for it. */
const COMPRESS_INLINE_UP_TO = 256 * 1024;

/**
 * A JSON answer compressed whole and sent as bytes with its length. Hono's `compress` pipes every
 * body through a CompressionStream: the answer goes out as a chunked web stream, written a chunk
 * at a time, and the Node server's light Response becomes a full web Response on the way. Made
 * whole, an answer of a few kilobytes is one write. Registered after `compress`, whose own checks
 * then pass it by (it carries its encoding, or its length below the threshold); streamed bodies
 * (files, sitemaps) and every other type are still its to compress.
 */
export function wholeJsonCompression(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const answer = c.res;
    if (!compressible(c, answer)) return;
    const bytes = new Uint8Array(await answer.arrayBuffer());
    const headers = new Headers(answer.headers);
    const varies = headers.get("vary");
    if (varies !== "*" && !/(?:^|,)\s*accept-encoding\s*(?:,|$)/i.test(varies ?? ""))
      headers.set("vary", varies ? `${varies}, Accept-Encoding` : "Accept-Encoding");
    let body: Uint8Array<ArrayBuffer> = bytes;
    if (acceptsGzip(c) && bytes.byteLength >= GZIP_MIN_BYTES) {
      const zipped =
        bytes.byteLength <= COMPRESS_INLINE_UP_TO
          ? gzipSync(bytes, { level: GZIP_LEVEL })
          : await gzipLater(bytes, { level: GZIP_LEVEL });
      body = new Uint8Array(zipped.buffer, zipped.byteOffset, zipped.byteLength);
      headers.set("content-encoding", "gzip");
    }
    headers.set("content-length", String(body.byteLength));
    // Cleared first: Hono merges a new response into the one it holds by copying its body, which
    // would make this one a stream again.
    c.res = undefined;
    c.res = new Response(body, { status: answer.status, headers });
  };
}

function compressible(c: Context, answer: Response): boolean {
  return (
    c.req.method !== "HEAD" &&
    answer.status !== 204 &&
    answer.status !== 206 &&
    JSON_TYPE.test(answer.headers.get("content-type") ?? "") &&
    !answer.headers.has("content-encoding") &&
    !NO_TRANSFORM.test(answer.headers.get("cache-control") ?? "")
  );
}
