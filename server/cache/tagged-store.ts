import type { Logger } from "pino";
import { CHANGE_CHANNEL, KEPT_TAG_PREFIXES } from "../db/change-notices";
import type { DatabaseHandle } from "../db/client";
import { ChangeClock, type Dependencies } from "./change-clock";
import { listenForChanges } from "./change-listener";

/**
 * How one kind of kept value is held: its own group of entries (least recently used out past
 * `maxEntries`), trusted for at most `maxAgeMs`, and (unless `survivesWrites`) invalidated once
 * a write is answered by this server.
 */
export interface CacheOptions {
  group: string;
  maxEntries: number;
  maxAgeMs?: number;
  /** Guests' pages: a write on this server is a signed-in person's, who never sees them. */
  survivesWrites?: boolean;
}

interface Entry {
  readAt: number;
  tags: Dependencies;
  value: unknown;
  expiresAt: number;
}

/**
 * Everything a server keeps that the database notifies changes to (docs/architecture.md): one
 * store of groups of entries, one clock of tags, one listening connection on one channel.
 *
 * A value is kept with the clock's count from before its read and the tags it depends on
 * ("act:<url>", "user:<id>", "booking:<number>", "conversation:<id>", or "*" for any act), and is fresh while none of them was notified
 * since. Triggers notify at commit ("all" when anything may have changed); a write answered
 * here invalidates what writes invalidate at once, since a PostgreSQL server's notice may reach this
 * server after the writer's next request. While the change notices cannot be heard (at start, or
 * while the connection is down), nothing is kept or trusted.
 */
export interface TaggedStore {
  /**
   * The kept value of `key`, or `load`'s, kept under `tags` when it may be: the tags themselves,
   * or made from the value read when what it depends on is only known once it is read.
   */
  cached<T>(
    key: string,
    tags: Dependencies | ((value: T) => Dependencies),
    load: () => Promise<T>,
    options: CacheOptions,
  ): Promise<T>;
  /** The fresh kept value of `key`, for values made outside a load (a rendered page). */
  peek<T>(key: string, options: CacheOptions): T | undefined;
  /** Keeps a value made outside a load, read from `readAt` (now() before it was made). */
  put<T>(key: string, tags: Dependencies, readAt: number, value: T, options: CacheOptions): void;
  /** The clock's count: take it before reading what is to be kept. */
  now(): number;
  listening(): boolean;
  /** A write was answered here: invalidate what writes invalidate. */
  invalidateAfterWrite(): void;
  /** Anything may have changed (tests, and a lost connection): invalidate everything. */
  invalidateAll(): void;
  stop(): Promise<void>;
}

export async function createTaggedStore(database: DatabaseHandle, logger: Logger): Promise<TaggedStore> {
  const clock = new ChangeClock();
  const groups = new Map<string, Map<string, Entry>>();
  /** The count at this server's last answered write: what writes invalidate is stale before it. */
  let lastWriteAt = 0;

  const invalidateAll = () => {
    clock.changedEverything();
    for (const entries of groups.values()) entries.clear();
  };
  const onNotify = (tag: string) => {
    if (KEPT_TAG_PREFIXES.some((prefix) => tag.startsWith(prefix))) clock.changed(tag);
    else invalidateAll();
  };
  const listener = await listenForChanges(database, CHANGE_CHANNEL, logger, {
    onNotify,
    invalidateAll,
    what: "kept values",
  });

  /** Each group's entries, and whether a write invalidates them. */
  const forgottenByWrites = new Set<string>();
  const entriesOf = (options: CacheOptions) => {
    let entries = groups.get(options.group);
    if (!entries) {
      groups.set(options.group, (entries = new Map()));
      if (!options.survivesWrites) forgottenByWrites.add(options.group);
    }
    return entries;
  };
  const isFresh = (entry: Entry, options: CacheOptions) =>
    listener.listening() &&
    clock.isFresh(entry.readAt, entry.tags) &&
    Date.now() < entry.expiresAt &&
    (options.survivesWrites || entry.readAt >= lastWriteAt);

  /** The fresh entry of `key`, made most recently used; a stale one is dropped. */
  function fresh(key: string, options: CacheOptions): Entry | undefined {
    const entries = entriesOf(options);
    const known = entries.get(key);
    if (!known) return undefined;
    entries.delete(key);
    if (!isFresh(known, options)) return undefined;
    entries.set(key, known);
    return known;
  }

  function put<T>(key: string, tags: Dependencies, readAt: number, value: T, options: CacheOptions): void {
    if (!listener.listening()) return;
    const entries = entriesOf(options);
    entries.delete(key);
    entries.set(key, {
      readAt,
      tags,
      value,
      expiresAt: options.maxAgeMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + options.maxAgeMs,
    });
    if (entries.size > options.maxEntries) entries.delete(entries.keys().next().value!);
  }

  return {
    async cached<T>(
      key: string,
      tags: Dependencies | ((value: T) => Dependencies),
      load: () => Promise<T>,
      options: CacheOptions,
    ): Promise<T> {
      const known = fresh(key, options);
      if (known) return known.value as T;
      const readAt = clock.now();
      const value = await load();
      put(key, typeof tags === "function" ? tags(value) : tags, readAt, value, options);
      return value;
    },
    peek: <T>(key: string, options: CacheOptions) => fresh(key, options)?.value as T | undefined,
    put,
    now: () => clock.now(),
    listening: listener.listening,
    invalidateAfterWrite() {
      clock.changedLocally();
      lastWriteAt = clock.now();
      for (const group of forgottenByWrites) groups.get(group)?.clear();
    },
    invalidateAll,
    stop: listener.stop,
  };
}
