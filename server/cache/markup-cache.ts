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

/**
 * `knownJson` gives the JSON of a value whose JSON is already written (a loader's packed value,
 * app/lib/packed-json.ts), for a value that is never changed: it stands in the key as a digest
 * made once per value, instead of the value being written out and hashed on every request.
 */
export function createMarkupKeeper(
  maxBytes = DEFAULT_MAX_BYTES,
  knownJson: (value: object) => string | undefined = () => undefined,
): MarkupKeeper {
  const kept = createSizedLru<CachedPiece>(maxBytes);
  const digests = new WeakMap<object, string>();
  const standIn = (_key: string, value: unknown) => {
    if (typeof value !== "object" || value === null) return value;
    const json = knownJson(value);
    if (json === undefined) return value;
    let digest = digests.get(value);
    if (digest === undefined) digests.set(value, (digest = sha256(json)));
    return { "#json": digest };
  };
  return {
    piece(name, input, render) {
      const key = `${name}:${sha256(JSON.stringify(input, standIn) ?? "undefined")}`;
      const known = kept.get(key);
      if (known !== undefined) return known;
      const made = cachedPiece(render());
      kept.set(key, made, made.bytes.byteLength);
      return made;
    },
    size: () => kept.size(),
  };
}

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("base64");
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
