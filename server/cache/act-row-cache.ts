import type { Logger } from "pino";
import type { DatabaseHandle } from "../db/client";
import type { acts } from "../db/schema";
import type { Dependencies } from "./change-clock";
import { followPageChanges } from "./page-changes";

type ActRow = typeof acts.$inferSelect;

const MAX_ENTRIES = 5_000;

/** How a kind of kept value is bounded: its own group of entries, least recently used out past its size. */
export interface KeptOptions {
  group?: string;
  maxEntries?: number;
}

/**
 * Acts' rows as profile pages read them, kept in this process: every page of an act, for every
 * viewer, starts from the same row, and on the embedded database the read costs more than the
 * rest of the page's data. The row is the whole row; what each viewer may see of it is still
 * decided per request, after it is read.
 *
 * It stays true the way the guest page cache does: the triggers that announce every change to
 * what an act's page shows ("act:<url>" on `page_change`, at commit, to every server) cover
 * every column of the row, and an act that moves announces its old address too (migration
 * 0017); invites, offers and tag requests announce their act as well (migration 0018). A write request through this server forgets everything once it is answered, so its
 * own effects show on the next request here without waiting for the announcement. While the
 * announcements cannot be heard, nothing is kept. Writes never read from here: they read the
 * row inside their own transaction.
 */
export interface ActRowCache {
  /** The row at this address, or undefined when there is none; `load` reads it from the database. */
  read(url: string, load: () => Promise<ActRow | undefined>): Promise<ActRow | undefined>;
  /**
   * Something else read of one act (depending on ["act:<url>"]) or of all of them ("*"), kept
   * the same way: what an act's managers see of it, the admins' count of what waits for them.
   * The value is shared by every caller, so it must be the same for every viewer allowed it.
   */
  kept<T>(key: string, dependsOn: Dependencies, load: () => Promise<T>, options?: KeptOptions): Promise<T>;
  forgetAll(): void;
  stop(): Promise<void>;
}

export async function createActRowCache(database: DatabaseHandle, logger: Logger): Promise<ActRowCache> {
  const rows = new Map<string, { readAt: number; row: ActRow | undefined }>();
  const groups = new Map<string, Map<string, { readAt: number; dependsOn: Dependencies; value: unknown }>>();
  const changes = await followPageChanges(database, logger, "act row cache", () => {
    rows.clear();
    groups.clear();
  });
  const { clock } = changes;

  return {
    async read(url, load) {
      const tags = [`act:${url}`];
      const known = rows.get(url);
      if (known && changes.listening() && clock.isFresh(known.readAt, tags)) return known.row;
      const readAt = clock.now();
      const row = await load();
      if (changes.listening()) {
        rows.delete(url);
        // Frozen: a caller that tried to change the shared row would throw instead.
        rows.set(url, { readAt, row: row && Object.freeze(row) });
        if (rows.size > MAX_ENTRIES) rows.delete(rows.keys().next().value!);
      }
      return row;
    },
    async kept<T>(key: string, dependsOn: Dependencies, load: () => Promise<T>, options: KeptOptions = {}) {
      const name = options.group ?? "facts";
      let entries = groups.get(name);
      if (!entries) groups.set(name, (entries = new Map()));
      const known = entries.get(key);
      if (known && changes.listening() && clock.isFresh(known.readAt, known.dependsOn)) {
        entries.delete(key);
        entries.set(key, known); // most recently used last
        return known.value as T;
      }
      const readAt = clock.now();
      const value = await load();
      if (changes.listening()) {
        entries.delete(key);
        entries.set(key, { readAt, dependsOn, value: Object.freeze(value) });
        if (entries.size > (options.maxEntries ?? MAX_ENTRIES)) entries.delete(entries.keys().next().value!);
      }
      return value;
    },
    forgetAll: changes.forgetAll,
    stop: () => changes.stop(),
  };
}
