import { createHash } from "node:crypto";
import { constants, crc32, deflateRawSync } from "node:zlib";
import { createSizedLru } from "../cache/sized-lru";

/** RFC 1952: gzip's magic, DEFLATE, no flags, no time, no extra flags, Unix. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);

/**
 * Gaps between kept parts shorter than this go in as stored (uncompressed) blocks: a page's
 * short joins (a closing tag and the next opening one) would gain a few bytes from DEFLATE and
 * cost a zlib stream's set-up each, the largest part of compressing them.
 */
const STORED_BELOW = 512;

/**
 * Every run compressed is kept compressed by its bytes' digest: the stretch of a page that is not
 * kept markup (its head above all: the title, descriptions and structured data of its data) is
 * the same on every render of the same data, and compressing it was most of what a render of a
 * kept body still spent on compression. Runs were kept from 2 KB up at first, which left the
 * search page's head (1.5 KB) to a zlib stream of its own on every request: 6% of its CPU, where
 * a digest of the run takes a few microseconds.
 */
const keptRuns = createSizedLru<Uint8Array>(4 * 1024 * 1024);

/** A part of the bytes whose compressed form is already made: raw DEFLATE ending in a sync flush. */
export interface Precompressed {
  readonly bytes: Uint8Array;
  deflated(): Uint8Array;
  /**
   * Where the part stands in the page, when whoever joined the page knows: it is checked there
   * instead of searched for (a search for a 40 KB part in a 56 KB page was 8% of a drawn page's CPU).
   */
  readonly at?: number;
}

/**
 * The gzip of `bytes` (RFC 1952), compressing only what lies around the parts given: each part
 * found in the bytes, in order, goes in as its own compressed blocks. DEFLATE blocks may follow
 * one another whatever made them, as long as each run ends on a byte boundary (a sync flush) and
 * only the last is final; a part compressed on its own refers to nothing before it. The checksum
 * and length are of the whole. A part not found is compressed with the rest.
 */
export function gzipAround(bytes: Uint8Array, parts: readonly Precompressed[], level: number): Uint8Array<ArrayBuffer> {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunks: Uint8Array[] = [GZIP_HEADER];
  let at = 0;
  for (const part of parts) {
    const start =
      part.at !== undefined && standsAt(view, part.bytes, part.at, at) ? part.at : view.indexOf(part.bytes, at);
    if (start < 0 || part.bytes.byteLength === 0) continue;
    if (start > at) chunks.push(deflatedRun(view.subarray(at, start), level, false));
    chunks.push(part.deflated());
    at = start + part.bytes.byteLength;
  }
  chunks.push(deflatedRun(view.subarray(at), level, true));
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(view), 0);
  trailer.writeUInt32LE(view.byteLength % 2 ** 32, 4);
  chunks.push(trailer);
  return Buffer.concat(chunks);
}

/** Whether `part` is the page's bytes at `offset`, no earlier than `from`. */
function standsAt(view: Buffer, part: Uint8Array, offset: number, from: number): boolean {
  const end = offset + part.byteLength;
  return offset >= from && end <= view.byteLength && view.compare(part, 0, part.byteLength, offset, end) === 0;
}

/** DEFLATE blocks of `bytes` that end on a byte boundary, the last of the stream when `final`. */
function deflatedRun(bytes: Buffer, level: number, final: boolean): Uint8Array {
  if (bytes.byteLength < STORED_BELOW) return storedBlock(bytes, final);
  const deflate = () =>
    deflateRawSync(bytes, {
      level,
      // A window no larger than the run finds every match a full one would, and costs zlib less
      // to set up (its buffers, allocated afresh for each call, scale with it).
      windowBits: Math.min(15, Math.max(9, Math.ceil(Math.log2(bytes.byteLength)))),
      finishFlush: final ? constants.Z_FINISH : constants.Z_SYNC_FLUSH,
    });
  const key = `${level}:${final}:${createHash("sha256").update(bytes).digest("base64")}`;
  const known = keptRuns.get(key);
  if (known) return known;
  const made = deflate();
  keptRuns.set(key, made, made.byteLength);
  return made;
}

/**
 * RFC 1951 3.2.4: a stored block, begun on a byte boundary (every run before ends on one): its
 * header bits (BFINAL, then BTYPE 00) padded to a byte, LEN and its ones' complement, the bytes.
 */
function storedBlock(bytes: Buffer, final: boolean): Uint8Array {
  const block = Buffer.allocUnsafe(5 + bytes.byteLength);
  block[0] = final ? 1 : 0;
  block.writeUInt16LE(bytes.byteLength, 1);
  block.writeUInt16LE(~bytes.byteLength & 0xffff, 3);
  bytes.copy(block, 5);
  return block;
}
