import { sql } from "drizzle-orm";
import { isUnsafeText } from "#domain/schemas/fields";
import type { Executor } from "../db/client";
import { preparedStatement } from "../db/prepared-statement";
import { textArray } from "../db/array-literal";
import type { Dependencies } from "./change-clock";

/** A guest's page as every server may serve it. */
export interface StoredPage {
  gzip: Uint8Array<ArrayBuffer>;
  headers: [string, string][];
  memo: Record<string, unknown> | undefined;
  dependsOn: Dependencies;
}

/** What a look in the store finds: the page when it is good, and the snapshot to render one under. */
export interface StoredLook {
  page: StoredPage | undefined;
  /** `pg_current_snapshot()` before anything of a new render is read. */
  snapshot: string;
}

export interface StoredPages {
  /** The good page stored under `key`, if any, and the snapshot a render of it would be made under. */
  look(key: string): Promise<StoredLook>;
  /** Stores a page rendered from reads that began after `snapshot`. */
  save(key: string, snapshot: string, page: StoredPage): Promise<void>;
  /**
   * Which of `keys` have no good page stored, in their order; with `madeBefore`, a stale page
   * made since then is not counted (a page whose reads change often is made again at most so often).
   */
  missing(keys: readonly string[], options?: { madeBefore?: Date }): Promise<string[]>;
}

/**
 * A page is good when the build that made it is running and nothing it depends on changed after
 * its snapshot: no tag of its own (or no act at all, for a page of any act) and nothing else
 * ("all") has a last change the snapshot did not see (tag_changes, migration 0076). A page of any
 * act reads the changes from the snapshot's oldest running transaction on, by their index.
 */
const FRESH = `not exists (select 1 from tag_changes c where c.tag = 'all' and not pg_visible_in_snapshot(c.xid, p.snapshot))
    and case when p.depends_on is null
      then not exists (select 1 from tag_changes c where c.xid >= pg_snapshot_xmin(p.snapshot)
        and c.tag like 'act:%' and not pg_visible_in_snapshot(c.xid, p.snapshot))
      else not exists (select 1 from tag_changes c where c.tag = any(p.depends_on)
        and not pg_visible_in_snapshot(c.xid, p.snapshot)) end`;

const lookStatement = preparedStatement(
  "stored_page_look",
  `select pg_current_snapshot()::text as now, p.gzip, p.headers, p.memo, p.depends_on,
    p.build = $2 and ${FRESH} as good
  from (select 1) as one left join stored_pages p on p.key = $1`,
);

/**
 * Guests' pages kept in the database for every server (decision 0067): a server that has not
 * shown a page yet (a crawler's first look, a server just started or added) serves it from here
 * with one statement instead of rendering it, and a page rendered anywhere is stored for the
 * others. `build` names what the pages were made with: the server's bundle and the settings
 * that show in a page; a page of another build is never served.
 */
export function createStoredPages(db: Executor, build: string): StoredPages {
  return {
    async look(key) {
      if (isUnsafeText(key)) return { page: undefined, snapshot: await currentSnapshot(db) };
      const [row] = await lookStatement(db, [key, build]);
      const snapshot = String(row!.now);
      if (row?.good !== true) return { page: undefined, snapshot };
      return {
        snapshot,
        page: {
          gzip: asBytes(row.gzip),
          headers: row.headers as [string, string][],
          memo: (row.memo ?? undefined) as Record<string, unknown> | undefined,
          dependsOn: (row.depends_on as string[] | null) ?? "*",
        },
      };
    },
    async save(key, snapshot, page) {
      if (isUnsafeText(key)) return;
      const dependsOn = page.dependsOn === "*" ? null : textArray(page.dependsOn);
      await db.execute(sql`insert into stored_pages (key, build, depends_on, snapshot, gzip, headers, memo, made_at)
        values (${key}, ${build}, ${dependsOn}::text[], ${snapshot}::pg_snapshot, ${Buffer.from(page.gzip)},
          ${JSON.stringify(page.headers)}::jsonb, ${page.memo === undefined ? null : JSON.stringify(page.memo)}::jsonb, now())
        on conflict (key) do update set build = excluded.build, depends_on = excluded.depends_on,
          snapshot = excluded.snapshot, gzip = excluded.gzip, headers = excluded.headers, memo = excluded.memo,
          made_at = excluded.made_at`);
    },
    async missing(keys, options = {}) {
      const safe = keys.filter((key) => !isUnsafeText(key));
      if (safe.length === 0) return [];
      const madeSince = options.madeBefore === undefined ? sql`false` : sql`p.made_at >= ${options.madeBefore}`;
      const kept = (await db.execute(
        sql`select p.key from stored_pages p where p.key = any(${textArray(safe)}::text[]) and p.build = ${build}
          and (${madeSince} or ${sql.raw(FRESH)})`,
      )) as unknown as { rows: { key: string }[] };
      const found = new Set(kept.rows.map((row) => row.key));
      return safe.filter((key) => !found.has(key));
    },
  };
}

async function currentSnapshot(db: Executor): Promise<string> {
  const result = (await db.execute(sql`select pg_current_snapshot()::text as now`)) as unknown as {
    rows: { now: string }[];
  };
  return result.rows[0]!.now;
}

/** PGlite answers a bytea as a Uint8Array, node-postgres as a Buffer (a Uint8Array too). */
function asBytes(value: unknown): Uint8Array<ArrayBuffer> {
  const bytes = value as Uint8Array;
  return new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength);
}
