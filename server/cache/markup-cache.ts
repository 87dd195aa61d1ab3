import { createHash, randomBytes } from "node:crypto";
import { constants, deflateRawSync } from "node:zlib";
import { createSizedLru } from "./sized-lru";

/** A page's own level of compression (server/http/page-response.ts), for a part's first showing. */
const FIRST_LEVEL = 3;

/** What the kept markup of one server may hold in all, in bytes of UTF-8. */
const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;
/**
 * The field a stand-in is written under in a key: named with a number drawn when the process
 * starts, so that no input's own data can spell a stand-in and share its key.
 */
const STAND_IN = `#${randomBytes(9).toString("base64url")}`;
/** Strings of a part's input from this length stand in its key as their digest. */
const LONG_STRING = 1024;
/** How many long strings' digests are kept: a page's few packed values, over the pages in flight. */
const RECENT_STRINGS = 64;

/** A kept part of pages: its markup, its bytes, and their compressed form, made once. */
export interface CachedPiece {
  readonly html: string;
  /** Images the page should preload, from its head (what React would have put there). */
  readonly imagePreloads: readonly string[];
  readonly bytes: Buffer;
  /**
   * The bytes as raw DEFLATE blocks ending in a sync flush: a page's gzip takes them as they are
   * (server/http/gzip-around.ts). The first page that shows the part gets them at a page's level
   * (3); from the second on, at zlib's default, made once.
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
  /** The markup of `name` for `input` when it is kept; nothing is made. */
  known(name: string, input: unknown): CachedPiece | undefined;
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
  const stringDigests = new Map<string, string>();
  const standIn = (_key: string, value: unknown) => {
    if (typeof value === "string" && value.length >= LONG_STRING) return { [`${STAND_IN}:string`]: digestOf(value) };
    if (typeof value !== "object" || value === null) return value;
    const json = knownJson(value);
    if (json === undefined) return value;
    let digest = digests.get(value);
    if (digest === undefined) digests.set(value, (digest = sha256(json)));
    return { [`${STAND_IN}:json`]: digest };
  };
  // A loader's packed value (its results, its map view) is a long string in a part's input: it
  // stands in the key as its digest, made once while it is recent, instead of being escaped into
  // the key's JSON and hashed with it on every request.
  const digestOf = (text: string) => {
    let digest = stringDigests.get(text);
    if (digest === undefined) {
      stringDigests.set(text, (digest = sha256(text)));
      if (stringDigests.size > RECENT_STRINGS) stringDigests.delete(stringDigests.keys().next().value!);
    }
    return digest;
  };
  const keyOf = (name: string, input: unknown) => `${name}:${sha256(JSON.stringify(input, standIn) ?? "undefined")}`;
  return {
    piece(name, input, render) {
      const key = keyOf(name, input);
      const known = kept.get(key);
      if (known !== undefined) return known;
      const made = cachedPiece(render());
      kept.set(key, made, made.bytes.byteLength);
      return made;
    },
    known: (name, input) => kept.get(keyOf(name, input)),
    size: () => kept.size(),
  };
}

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("base64");
}

export function cachedPiece({ html, imagePreloads }: RenderedMarkup): CachedPiece {
  const bytes = Buffer.from(html);
  let fast: Buffer | undefined;
  let best: Buffer | undefined;
  const deflate = (level: number) => deflateRawSync(bytes, { level, finishFlush: constants.Z_SYNC_FLUSH });
  return {
    html,
    imagePreloads,
    bytes,
    // A part shown once (a crawler's page) costs what the page around it costs to compress; a
    // part shown again is compressed harder, once, for every later page that shows it.
    deflated: () => best ?? (fast ? (best = deflate(constants.Z_DEFAULT_COMPRESSION)) : (fast = deflate(FIRST_LEVEL))),
  };
}
