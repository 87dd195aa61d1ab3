import { createHash } from "node:crypto";
import { constants, deflateRawSync } from "node:zlib";
import { createSizedLru } from "./sized-lru";

/** What the kept markup of one server may hold in all, in bytes of UTF-8. */
const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;

/** A kept part of pages: its markup, its bytes, and their compressed form, made once. */
export interface CachedPiece {
  readonly html: string;
  /** Images the page should preload, from its head (what React would have put there). */
  readonly imagePreloads: readonly string[];
  readonly bytes: Buffer;
  /**
   * The bytes as raw DEFLATE blocks ending in a sync flush, at zlib's default level (pages use 3),
   * since they are made once: a page's gzip takes them as they are (server/http/gzip-around.ts).
   */
  deflated(): Buffer;
}

export interface RenderedMarkup {
  html: string;
  imagePreloads: readonly string[];
}

/**
 * Markup rendered once per distinct input and kept in this process (decision 0021). A part of a
 * page whose markup is a pure function of a small, serialisable input (the profile's body: the
 * act as the viewer may see it, and what the viewer may do) is rendered the first time that
 * input is seen and then reused for every request that brings the same input, whoever asks.
 *
 * The key is the input itself (a hash of its JSON), not a version number kept elsewhere, so a
 * kept copy can never outlive a change: a changed act, a different role's abilities or another
 * planner's events are another input, and another markup. Nothing needs to be told of changes;
 * what is no longer asked for falls out of the cache, least recently used first, past its size.
 */
export interface MarkupKeeper {
  /** The markup of `name` for `input`: kept, or made by `render` and kept. */
  piece(name: string, input: unknown, render: () => RenderedMarkup): CachedPiece;
  /** How many are kept and how big they are, for tests and the bench. */
  size(): { entries: number; bytes: number };
}

export function createMarkupKeeper(maxBytes = DEFAULT_MAX_BYTES): MarkupKeeper {
  const kept = createSizedLru<CachedPiece>(maxBytes);
  return {
    piece(name, input, render) {
      const key = `${name}:${createHash("sha256")
        .update(JSON.stringify(input) ?? "undefined")
        .digest("base64")}`;
      const known = kept.get(key);
      if (known !== undefined) return known;
      const made = cachedPiece(render());
      kept.set(key, made, made.bytes.byteLength);
      return made;
    },
    size: () => kept.size(),
  };
}

export function cachedPiece({ html, imagePreloads }: RenderedMarkup): CachedPiece {
  const bytes = Buffer.from(html);
  let deflated: Buffer | undefined;
  return {
    html,
    imagePreloads,
    bytes,
    deflated: () =>
      (deflated ??= deflateRawSync(bytes, {
        level: constants.Z_DEFAULT_COMPRESSION,
        finishFlush: constants.Z_SYNC_FLUSH,
      })),
  };
}
