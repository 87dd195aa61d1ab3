import { sql } from "drizzle-orm";
import type { Executor } from "#server/db/client";

/** A "<list>:<value>" key and how many acts have it ("_visible": how many acts are visible). */
export interface FacetCount {
  key: string;
  count: number;
}

/**
 * How many visible acts have each facet key, for a browse with no condition: the sum of the
 * changes every act's search row has appended (migration 0021), most common first.
 */
export async function browseFacetCounts(db: Executor): Promise<FacetCount[]> {
  const result = await db.execute(
    sql`select key, sum(delta)::int as count from facet_count_changes group by key having sum(delta) > 0 order by count desc, key`,
  );
  return (result as unknown as { rows: FacetCount[] }).rows;
}

/** Folds the appended changes into one row per key; safe beside writers and other servers doing the same. */
export async function compactFacetCounts(db: Executor): Promise<void> {
  await db.execute(sql`select compact_facet_counts()`);
}
