import type { acts } from "../db/schema";
import type { Dependencies } from "./change-clock";
import type { TaggedStore } from "./tagged-store";

type ActRow = typeof acts.$inferSelect;

const ROWS = { group: "act-rows", maxEntries: 5_000 } as const;
const FACTS = { group: "act-facts", maxEntries: 5_000 } as const;

/** How a kind of kept value is bounded: its own group of entries, least recently used out past its size. */
export interface CacheOptions {
  group?: string;
  maxEntries?: number;
}

/**
 * Acts' rows as profile pages read them, and what else is read of one act or of all of them,
 * kept in the server's tagged store (server/cache/tagged-store.ts): every page of an act, for
 * every viewer, starts from the same row, and on the embedded database the read costs more
 * than the rest of the page's data. The row is the whole row; what each viewer may see of it
 * is still decided per request, after it is read.
 *
 * An act's values are tagged "act:<url>": the triggers that announce every change to what an
 * act's page shows cover every column of the row, an act that moves announces its old address
 * too, and invites, offers and tag requests announce their act as well. A write answered here
 * forgets them all at once. Writes never read from here: they read inside their transaction.
 */
export interface ActRowCache {
  /** The row at this address, or undefined when there is none; `load` reads it from the database. */
  read(url: string, load: () => Promise<ActRow | undefined>): Promise<ActRow | undefined>;
  /**
   * Something else read of one act (depending on ["act:<url>"]) or of all of them ("*"), kept
   * the same way: what an act's managers see of it, the admins' count of what waits for them.
   * The value is shared by every caller, so it must be the same for every viewer allowed it.
   */
  cached<T>(key: string, dependsOn: Dependencies, load: () => Promise<T>, options?: CacheOptions): Promise<T>;
}

export function createActRowCache(store: TaggedStore): ActRowCache {
  return {
    read: (url, load) =>
      // Frozen: a caller that tried to change the shared row would throw instead.
      store.cached(
        url,
        [`act:${url}`],
        async () => {
          const row = await load();
          return row && Object.freeze(row);
        },
        ROWS,
      ),
    cached: (key, dependsOn, load, options = {}) =>
      store.cached(key, dependsOn, async () => Object.freeze(await load()), {
        ...FACTS,
        ...(options.group ? { group: `act-${options.group}` } : {}),
        ...(options.maxEntries ? { maxEntries: options.maxEntries } : {}),
      }),
  };
}
