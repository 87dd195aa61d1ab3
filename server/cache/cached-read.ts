import type { Executor } from "../db/client";
import type { Dependencies } from "./change-clock";
import { declaredRead } from "./read-tracking";
import type { TaggedStore } from "./tagged-store";

/** The server's store, as reads see it; undefined where nothing is kept (a test that turns caches off). */
export type ReadCache = Pick<TaggedStore, "cached" | "peek" | "put" | "now"> | undefined;

/** Where a declared read reads from: the database, and the cache that may answer it instead. */
export interface ReadSource {
  db: Executor;
  cache: ReadCache;
}

/**
 * A read a server may answer from memory, declared once: its name (the group of its entries,
 * and the start of every key), its key and its tags from its arguments, and the read itself.
 * Tags name what the answer was read from: `act:<url>` for one act's rows, `user:<id>` for one
 * person's, `booking:<number>` for one booking's own rows, `*` for any act (docs/guides/caching.md).
 */
export interface CachedReadDeclaration<Args, T> {
  name: string;
  maxEntries: number;
  key(args: Args): string;
  tags(args: Args): Dependencies;
  /**
   * Tags only the answer can name (the act and the people a booking joins): kept under these as
   * well as `tags`, and a page that makes the read depends on them too.
   */
  tagsFound?(value: T): readonly string[];
  read(db: Executor, args: Args): Promise<T>;
}

/** A declared read: the answer for these arguments, kept or read. */
export type CachedRead<Args, T> = (source: ReadSource, args: Args) => Promise<T>;

/**
 * Declares a cached read. Its answer is frozen, kept or not, since a kept one is shared by every
 * caller: a caller that tried to change it would throw instead of changing it for everyone. A page
 * that makes the read depends on its tags (server/cache/read-tracking.ts), whether the answer was
 * kept or not.
 */
export function cachedRead<Args, T>(declaration: CachedReadDeclaration<Args, T>): CachedRead<Args, T> {
  const options = { group: declaration.name, maxEntries: declaration.maxEntries };
  const { tagsFound } = declaration;
  return async ({ db, cache }, args) => {
    const tags = declaration.tags(args);
    const database = declaredRead(db, tags);
    const read = async () => deepFreeze(await declaration.read(database, args));
    const key = `${declaration.name}:${declaration.key(args)}`;
    if (!tagsFound) return cache ? cache.cached(key, tags, read, options) : read();
    const allTags = (value: T): Dependencies => (tags === "*" ? tags : [...tags, ...tagsFound(value)]);
    const value = cache ? await cache.cached(key, allTags, read, options) : await read();
    declaredRead(db, tagsFound(value));
    return value;
  };
}

/**
 * A read of many items at once (one act's review counts, for every act on a listing), kept item by
 * item under each item's one tag: a page whose items were all read before, for any page, sends no
 * statement; otherwise one statement reads the items missing. An item the read does not answer
 * is `absent` (an act with no reviews).
 */
export interface CachedBatchDeclaration<T> {
  name: string;
  maxEntries: number;
  tag(key: string): string;
  read(db: Executor, keys: readonly string[]): Promise<ReadonlyMap<string, T>>;
  absent: T;
}

export function cachedBatchRead<T>(
  declaration: CachedBatchDeclaration<T>,
): (source: ReadSource, keys: readonly string[]) => Promise<T[]> {
  const options = { group: declaration.name, maxEntries: declaration.maxEntries };
  const entryKey = (key: string) => `${declaration.name}:${key}`;
  return async ({ db, cache }, keys) => {
    const database = declaredRead(db, keys.map(declaration.tag));
    const found = new Map<string, T>();
    const missing = [...new Set(keys)].filter((key) => {
      const kept = cache?.peek<T>(entryKey(key), options);
      if (kept !== undefined) found.set(key, kept);
      return kept === undefined;
    });
    if (missing.length) {
      // Taken before the read: an item changed while it is read is stale at once.
      const readAt = cache?.now() ?? 0;
      const read = await declaration.read(database, missing);
      for (const key of missing) {
        const value = deepFreeze(read.get(key) ?? declaration.absent);
        found.set(key, value);
        cache?.put(entryKey(key), [declaration.tag(key)], readAt, value, options);
      }
    }
    return keys.map((key) => found.get(key) as T);
  };
}

/** The value and everything in it made read-only: what is kept is shared by every request. */
export function deepFreeze<T>(value: T): T {
  // A typed array's elements cannot be frozen; none is kept today.
  if (value && typeof value === "object" && !Object.isFrozen(value) && !ArrayBuffer.isView(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}
