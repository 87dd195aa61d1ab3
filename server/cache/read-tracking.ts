import type { Dependencies } from "./change-clock";

/**
 * How a declared read finds the page it is made for through the database it is given. A symbol
 * from the global registry: the server's code and the built pages' copy of this module must agree.
 */
const WATCHED = Symbol.for("eva.page-reads");

interface Watched {
  reads: PageReads;
  db: object;
}

/**
 * What one page's render read: the tags of the declared reads it made (server/cache/cached-read.ts),
 * and whether it used the database any other way. A guest's cached copy of the page waits for
 * exactly these (server/cache/guest-cache.ts): an act's profile for that act, a page that reads
 * anything undeclared for any act.
 */
export class PageReads {
  readonly #tags = new Set<string>();
  #undeclared = false;

  /**
   * The database as the page's loaders see it: any use of it outside a declared read makes the
   * page depend on any act, since nothing says what that query read.
   */
  watch<D extends object>(db: D): D {
    const watched: Watched = { reads: this, db };
    return new Proxy(db, {
      get: (target, property) => {
        if (property === WATCHED) return watched;
        this.#undeclared = true;
        return Reflect.get(target, property, target);
      },
    });
  }

  record(tags: Dependencies): void {
    if (tags === "*") this.#undeclared = true;
    else for (const tag of tags) this.#tags.add(tag);
  }

  /** What the page depends on, once it is rendered. */
  tags(): Dependencies {
    return this.#undeclared ? "*" : [...this.#tags];
  }
}

/**
 * A read that says what it depends on: when `db` is a page's watched database, the page depends
 * on `tags`, and the read is given the database itself so its queries do not count as undeclared.
 */
export function declaredRead<D extends object>(db: D, tags: Dependencies): D {
  const watched = (db as { [WATCHED]?: Watched })[WATCHED];
  if (!watched) return db;
  watched.reads.record(tags);
  return watched.db as D;
}
