import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { EXTRAS, type Extra } from "#modules/discovery/search-filter";
import { ACT_FACT_KEYS } from "#modules/acts/act-facts";
import { PROJECT_ROOT } from "#server/paths";
import type { Database, Executor } from "#server/db/client";
import { rowsOf } from "#server/db/rows-of";

/**
 * When an act has each word of the search filter's "extras" list, as SQL over the act `a` and its
 * reviews' count `r.count`: a word added to the list does not compile until it says when it holds.
 */
const EXTRA_CONDITIONS: Record<Extra, string> = {
  Featured: `a."is_featured"`,
  "Nationally Recognized": `a."nationally_recognized"`,
  "Corporate Experience": `a."has_performed_corporate_event"`,
  "Has Videos": `EXISTS (SELECT 1 FROM "videos" v WHERE v."act_id" = a."id")`,
  "Has Reviews": "r.count > 0",
};

const EXTRAS_PLACEHOLDER = "      /* extras */";
const FACTS_PLACEHOLDER = "      /* facts */";
const quoted = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * refresh_act_search as the database gets it: its one file, with the extras and the act's facts
 * written from their TypeScript lists (a fact no longer declared leaves the search rows as they
 * are rebuilt, though the act's column still holds it).
 */
export function refreshActSearchSql(): string {
  const template = readFileSync(
    join(PROJECT_ROOT, "modules", "discovery", "server", "search", "functions", "refresh-act-search.sql"),
    "utf8",
  );
  const extras = EXTRAS.map(
    (extra) => `      UNION ALL SELECT ${quoted(`extras:${extra}`)} WHERE ${EXTRA_CONDITIONS[extra]}`,
  );
  const facts = ACT_FACT_KEYS.map(
    (key) =>
      `      UNION ALL SELECT ${quoted(`${key}:`)} || v FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof(a."facts" -> ${quoted(key)}) = 'array' THEN a."facts" -> ${quoted(key)} END) v`,
  );
  return template.replace(EXTRAS_PLACEHOLDER, extras.join("\n")).replace(FACTS_PLACEHOLDER, facts.join("\n"));
}

/** The version the database's function carries (in its comment), or null before the first apply. */
async function appliedVersion(db: Executor): Promise<string | null> {
  const [row] = await rowsOf<{ comment: string | null }>(
    db.execute(sql`select obj_description('refresh_act_search(integer)'::regprocedure, 'pg_proc') as comment`),
  );
  return row?.comment?.match(/^version (\w+)$/)?.[1] ?? null;
}

/**
 * Brings the database's SQL functions to their definitions in this folder, after the migrations:
 * a function that the triggers of several migrations call is then written once, not copied into
 * each migration that changes it. A definition the database already has is left alone, so a boot
 * writes nothing; servers booting together take turns, and the later ones find it done.
 */
export async function applySqlFunctions(db: Database): Promise<void> {
  const definition = refreshActSearchSql();
  const version = createHash("sha256").update(definition).digest("hex").slice(0, 16);
  if ((await appliedVersion(db)) === version) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('refresh_act_search'))`);
    if ((await appliedVersion(tx)) === version) return;
    await tx.execute(sql.raw(definition));
    await tx.execute(sql.raw(`COMMENT ON FUNCTION "refresh_act_search"(integer) IS 'version ${version}'`));
  });
}
