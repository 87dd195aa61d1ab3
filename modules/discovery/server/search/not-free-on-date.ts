import { sql } from "drizzle-orm";
import { type ReadSource, cachedRead } from "#server/cache/cached-read";
import { actsNotFreeOn, notFreeOn } from "#modules/availability/server";
import { rowsOf } from "#server/db/rows-of";
import { IN_SAMPLE, type NotFree, SAMPLE_EVERY, inSliceOf, searchBounds } from "./search-query";

/**
 * The acts not free on the search's date: found once for all the search's statements and
 * written as a list, since each found them afresh (7,500 of a million acts, 5 ms a statement,
 * four or five statements a search); past NOT_FREE_LISTED_UP_TO, a busy day's list would
 * outweigh finding them, and each does. A free act is one not in the list as a hashed set: as
 * `<> all(list)`, the planner estimated the condition element by element, 3 ms a statement
 * before it ran.
 */
export async function notFreeOnDate(source: ReadSource, date: string): Promise<NotFree> {
  const row = await notFreeList(source, date);
  if (!row || row.n > searchBounds.notFreeListedUpTo) {
    const taken = notFreeOn(date);
    return { taken, free: sql`not ${taken}`, takenInSample: sql`${taken} and ${IN_SAMPLE}` };
  }
  return {
    taken: sql`(s.act_id = any(${row.ids}::int[]))`,
    free: sql`(s.act_id not in (select unnest(${row.ids}::int[])))`,
    takenInSample: row.n > searchBounds.notFreeExactUpTo ? sql`(s.act_id = any(${row.sample}::int[]))` : null,
  };
}

/**
 * A day's list of acts not free, kept until any act changes: it is read from acts' blocks, busy
 * days and bookings, each of whose changes notifies its act (migration 0036), as the search
 * answers are. Planners ask the same days again and again with other words and places: the list
 * was the costliest statement of 200 searchers' generated searches at a million acts (a quarter
 * of the database's time). A day past the listed bound keeps only its count.
 */
const notFreeList = cachedRead({
  name: "not-free-days",
  maxEntries: 400,
  key: (date: string) => `${date}:${searchBounds.notFreeListedUpTo}`,
  tags: () => "*",
  read: async (db, date: string) => {
    const [row] = await rowsOf<{ ids: string; sample: string; n: number }>(
      db.execute(sql`select coalesce(array_agg(x.act_id order by x.act_id), '{}')::text as ids,
          coalesce(array_agg(x.act_id order by x.act_id) filter (where ${inSliceOf("x", SAMPLE_EVERY)}), '{}')::text as sample,
          count(*)::int as n
        from (select distinct k.act_id from (${actsNotFreeOn(date)}) k limit ${searchBounds.notFreeListedUpTo + 1}) x`),
    );
    return row ?? null;
  },
});
