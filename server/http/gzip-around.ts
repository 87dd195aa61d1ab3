import { constants, crc32, deflateRawSync } from "node:zlib";

/** RFC 1952: gzip's magic, DEFLATE, no flags, no time, no extra flags, Unix. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);

/** A part of the bytes whose compressed form is already made: raw DEFLATE ending in a sync flush. */
export interface Precompressed {
  readonly bytes: Uint8Array;
  deflated(): Uint8Array;
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
    const start = view.indexOf(part.bytes, at);
    if (start < 0 || part.bytes.byteLength === 0) continue;
    if (start > at)
      chunks.push(
        deflateRawSync(view.subarray(at, start), {
          level,
          finishFlush: constants.Z_SYNC_FLUSH,
        }),
      );
    chunks.push(part.deflated());
    at = start + part.bytes.byteLength;
  }
  chunks.push(deflateRawSync(view.subarray(at), { level }));
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc32(view), 0);
  trailer.writeUInt32LE(view.byteLength % 2 ** 32, 4);
  chunks.push(trailer);
  return Buffer.concat(chunks);
}
