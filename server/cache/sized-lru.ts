/**
 * A map that holds values up to a total size, dropping the least recently used first. Kept
 * renders use it (server/cache/markup-cache.ts, server/cache/page-cache.ts): what is no longer asked for
 * falls out, and nothing has to be told of changes, since a change is another key.
 */
export interface SizedLru<V> {
  /** The value under `key`, now the most recently used; undefined when none is kept. */
  get(key: string): V | undefined;
  /** Keeps `value`, of `size` bytes, unless it alone is larger than the whole. */
  set(key: string, value: V, size: number): void;
  size(): { entries: number; bytes: number };
}

export function createSizedLru<V>(maxBytes: number): SizedLru<V> {
  const kept = new Map<string, { value: V; size: number }>();
  let bytes = 0;
  return {
    get(key) {
      const known = kept.get(key);
      if (known === undefined) return undefined;
      // A Map iterates in insertion order: re-inserting puts the most recently used last.
      kept.delete(key);
      kept.set(key, known);
      return known.value;
    },
    set(key, value, size) {
      if (size > maxBytes) return;
      const replaced = kept.get(key);
      if (replaced) {
        kept.delete(key);
        bytes -= replaced.size;
      }
      kept.set(key, { value, size });
      bytes += size;
      for (const [oldest, entry] of kept) {
        if (bytes <= maxBytes) break;
        kept.delete(oldest);
        bytes -= entry.size;
      }
    },
    size: () => ({ entries: kept.size, bytes }),
  };
}
