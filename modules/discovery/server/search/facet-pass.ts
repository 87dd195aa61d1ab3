import { type SQL, sql } from "drizzle-orm";
import { FACETS_EXACT_UP_TO, LIST_KEYS, TOTAL_EXACT_UP_TO, type ListKey } from "#modules/discovery/search-filter";
import type { Executor } from "#server/db/client";
import { basedIn, listCondition } from "./conditions";
import { rowsOf } from "#server/db/rows-of";
import {
  type Query,
  SAMPLE_EVERY,
  SPARSE_EVERY,
  conditions,
  countFrom,
  inSliceOf,
  matchingRows,
  searchBounds,
  withNear,
} from "./search-query";
import {
  type Counted,
  type FacetRow,
  IDS_UP_TO,
  MATCHED_KEY,
  type MatchesSize,
  type Sample,
  TOTAL_KEY,
  countedFrom,
  countedRows,
  idsOfM,
  pageReadsIds,
  sampledPast,
  sampledTotal,
} from "./counted";

/**
 * One pass of the facet counts: the acts matching every condition but `except`'s, and per
 * "<list>:<value>" key (of `except`'s list only, when named) how many have it: every match's
 * keys up to FACETS_EXACT_UP_TO matches, the sample's past it (its own indexes make it cheap).
 */
export async function facetPass(
  db: Executor,
  query: Query,
  except?: ListKey,
  onSized?: (size: MatchesSize) => void,
): Promise<Counted> {
  const near = withNear(query.circle);
  const keysOf = except ? sql`and (f = ${TOTAL_KEY} or f like ${`${except}:%`})` : sql``;
  /** Each key's count among the matches, or among a slice's (one in `every`). */
  const sliceKeys = (every?: number) =>
    sql`select f, count(*)::int as n ${countFrom(query)} cross join unnest(s.facets || ${TOTAL_KEY}::text) f
      where ${conditions(query, except, every)} ${keysOf} group by f`;

  // The sparse slice first, and the one in eight only when the sparse one says the matches are
  // fewer than SPARSE_SAMPLE_FROM: one statement, whose second scan is skipped, not run, otherwise.
  const sampleCounts = async (): Promise<Sample> => {
    const rows = await rowsOf<FacetRow & { every: number }>(
      db.execute(sql`${withNear(
        query.circle,
        sql`sparse as materialized (${sliceKeys(SPARSE_EVERY)}),
          wide as (select coalesce((select n from sparse where f = ${TOTAL_KEY}), 0) * ${SPARSE_EVERY} >= ${searchBounds.sparseFrom} as yes)`,
      )}
        select f as key, n as count, ${SPARSE_EVERY}::int as every from sparse where (select yes from wide)
        union all select f, n, ${SAMPLE_EVERY}::int from (${sliceKeys(SAMPLE_EVERY)}) k where not (select yes from wide)
        order by count desc, key`),
    );
    return { rows: rows.map(({ key, count }) => ({ key, count })), every: rows[0]?.every ?? SAMPLE_EVERY };
  };
  /** The number of matches. */
  const countMatches = async (): Promise<number> => {
    const [row] = await rowsOf<{ n: number }>(
      db.execute(sql`${near}select count(*)::int as n from (${matchingRows(query, sql`1`, except)}) m`),
    );
    return row?.n ?? 0;
  };
  /** The number of matches up to `bound` (null past it), with their ids when they are at most IDS_UP_TO. */
  const countUpTo = async (bound: number): Promise<MatchesSize | null> => {
    // Only a page with words or lists reads its matches by id: a circle's alone come from an index.
    const ids = pageReadsIds(query)
      ? sql`${idsOfM(true)} as based, ${idsOfM(false)} as rest`
      : sql`null as based, null as rest`;
    const [row] = await rowsOf<{ n: number; based: string | null; rest: string | null }>(
      db.execute(sql`${withNear(query.circle, sql`m as materialized (${matchingRows(query, sql`s.act_id`, except)} limit ${bound + 1})`)}
        select (select count(*)::int from m) as n, ${ids}`),
    );
    const n = row?.n ?? 0;
    if (n > bound) return null;
    return row?.based != null && row.rest != null
      ? { total: n, ids: { based: row.based, rest: row.rest } }
      : { total: n };
  };
  /**
   * The matches read once, up to `bound`: their number, and every match's keys when they are at
   * most FACETS_EXACT_UP_TO, the sample's past it; null past the bound. A total, then every key,
   * each found the matches afresh (two lists' values on 7 acts of a million: 20 ms each time).
   */
  const readUpTo = async (bound: number): Promise<Counted | null> => {
    // A circle's matches' ids come from an index alone, and only the keys counted are read after.
    // Any other match's row is read to test its conditions, and brings its keys along: read again
    // by id, 2,500 matches of two words took 20 ms more at a million acts.
    const keysRead = query.circle === null;
    const columns = keysRead ? sql`s.act_id, s.facets` : sql`s.act_id`;
    const matches = sql`m as materialized (${matchingRows(query, columns, except)} limit ${bound + 1})`;
    const keysFrom = keysRead ? sql`m s` : sql`m join act_search s on s.act_id = m.act_id`;
    const read = await rowsOf<FacetRow & { based: string | null; rest: string | null }>(
      db.execute(sql`${withNear(query.circle, matches)}
        select f as key, count(*)::int as count, null as based, null as rest from ${keysFrom}
          cross join unnest(s.facets || ${TOTAL_KEY}::text) f
          where ((select count(*) from m) <= ${FACETS_EXACT_UP_TO} or ${inSliceOf(keysRead ? "s" : "m", SAMPLE_EVERY)}) ${keysOf} group by f
        union all select ${MATCHED_KEY}, count(*)::int, ${idsOfM(true)}, ${idsOfM(false)} from m
        order by count desc, key`),
    );
    const matched = read.find((row) => row.key === MATCHED_KEY);
    if ((matched?.count ?? 0) > bound) return null;
    const counted = countedFrom(
      matched?.count ?? 0,
      read.filter((row) => row.key !== MATCHED_KEY).map(({ key, count }) => ({ key, count })),
    );
    return matched?.based != null && matched.rest != null
      ? { ...counted, ids: { based: matched.based, rest: matched.rest } }
      : counted;
  };
  // A small circle's passes share one read of its acts (circlePasses).
  const shared = smallCircleWithLists(query) ? await circlePassesOnce(db, query) : null;
  const pass = shared?.get(except ?? FIRST_PASS);
  if (pass) {
    onSized?.(pass);
    return pass;
  }
  // The sample's keys first, through its own indexes, and every match read only when the sample
  // says they are few. The embedded database, which runs its queries in turn, did the reverse:
  // reading up to the bound first cost a budget with 30,000 matches at 100,000 acts 60 ms, where
  // its sample said "past it" in 9; the sample costs a small search a few milliseconds.
  if (except) {
    // A pass without a chosen list's condition gives that list's counts only, never a total that
    // is shown, and its matches are many (every act with the other lists' values).
    const sample = await sampleCounts();
    const sampled = countedRows(sample.rows) * sample.every;
    const read = sampled <= FACETS_EXACT_UP_TO ? await readUpTo(TOTAL_EXACT_UP_TO) : null;
    return read ?? countedFrom(sampled, sample.rows);
  }
  // An admin's search may see acts the sample leaves out, and counts every match.
  const sample = query.admin ? null : await sampleCounts();
  const past = sample && sampledPast(query, sample);
  if (past) return past;
  const sampled = sample ? countedRows(sample.rows) * sample.every : 0;
  if (sample && sampled > FACETS_EXACT_UP_TO) {
    // The sample's keys are the counts: only the total is read, which a circle's acts give from
    // an index alone (reading every match's keys as well took 60 ms for 10,000 acts at a million).
    // Past TOTAL_EXACT_UP_TO after all, the sample's is the total, as it would have been had it
    // said so (counting all 20,019 around Virginia Beach, VA, once more took 18 ms).
    onSized?.({ total: sampled });
    const upTo = await countUpTo(TOTAL_EXACT_UP_TO);
    return upTo === null ? sampledTotal(sample) : { ...countedFrom(upTo.total, sample.rows), ids: upTo.ids };
  }
  const read = await readUpTo(TOTAL_EXACT_UP_TO);
  if (read) return read;
  return countedFrom(
    await countMatches(),
    sample?.rows ??
      (await rowsOf<FacetRow>(
        db.execute(sql`${near}select f as key, n as count from (${sliceKeys(SAMPLE_EVERY)}) k order by n desc, f`),
      )),
  );
}

/** The key of a search's first pass (every condition) among its passes. */
const FIRST_PASS = "";

/** A circle of about searchBounds.readCircleUpTo acts or fewer, with lists chosen: its passes share one read (circlePasses). */
function smallCircleWithLists({ circle, admin, filter }: Query): boolean {
  return (
    !admin &&
    circle?.acts != null &&
    circle.acts <= searchBounds.readCircleUpTo &&
    LIST_KEYS.some((key) => filter[key].length > 0)
  );
}

/** Each search's shared passes, read once for all of them. */
const circlePassesRead = new WeakMap<Query, Promise<Map<string, Counted> | null>>();
function circlePassesOnce(db: Executor, query: Query): Promise<Map<string, Counted> | null> {
  let read = circlePassesRead.get(query);
  if (!read) {
    read = circlePasses(db, query);
    circlePassesRead.set(query, read);
  }
  return read;
}

/**
 * Every pass of a small circle's search (the first, and one without each chosen list's
 * condition), exact, from one read of the circle's acts matching everything but the lists, each
 * list tested on its rows: each pass read the same acts (Austin, TX's 5,000 with two tags and a
 * date, 15 ms a pass at a million acts). By FIRST_PASS or the list left out; null past
 * TOTAL_EXACT_UP_TO such acts, which the passes then count as they count every other search.
 */
export async function circlePasses(db: Executor, query: Query): Promise<Map<string, Counted> | null> {
  const { filter, circle } = query;
  const chosen = LIST_KEYS.filter((key) => filter[key].length > 0);
  const rest: Query = { ...query, filter: { ...filter, ...Object.fromEntries(chosen.map((key) => [key, []])) } };
  const flag = (key: ListKey) => sql.raw(`l_${LIST_KEYS.indexOf(key)}`);
  const flags = sql.join(
    chosen.map((key) => sql`(${listCondition(key, filter[key])}) is true as ${flag(key)}`),
    sql`, `,
  );
  const all = (except?: ListKey) =>
    sql.join(
      chosen.filter((key) => key !== except).map((key) => sql`c.${flag(key)}`),
      sql` and `,
    );
  const counted = (pass: string, where: SQL, keys: SQL) =>
    sql`select ${pass}::text as pass, f as key, count(*)::int as count, null::text as ids
      from c cross join unnest(c.facets || ${TOTAL_KEY}::text) f where ${where} ${keys} group by f`;
  const firstIds = (based: boolean) =>
    sql`select ${MATCHED_KEY}, ${based ? "based" : "rest"}, 0, coalesce(array_agg(c.act_id) filter (where c.based_here = ${based}), '{}')::text
      from c where ${all()} having count(*) <= ${IDS_UP_TO}`;
  const rows = await rowsOf<{ pass: string; key: string; count: number; ids: string | null }>(
    db.execute(sql`${withNear(
      circle,
      sql`c as materialized (select s.act_id, s.facets, ${circle ? basedIn(circle) : sql`false`} as based_here, ${flags}
        from act_search s where ${conditions(rest)} limit ${TOTAL_EXACT_UP_TO + 1})`,
    )}
      ${counted(FIRST_PASS, all(), sql``)}
      ${sql.join(
        chosen.map(
          (key) =>
            sql` union all ${counted(key, chosen.length > 1 ? all(key) : sql`true`, sql`and (f = ${TOTAL_KEY} or f like ${`${key}:%`})`)}`,
        ),
        sql``,
      )}
      union all ${firstIds(true)} union all ${firstIds(false)}
      union all select ${MATCHED_KEY}, ${MATCHED_KEY}, count(*)::int, null from c
      order by count desc, key`),
  );
  const read = rows.find((row) => row.pass === MATCHED_KEY && row.key === MATCHED_KEY)?.count ?? 0;
  if (read > TOTAL_EXACT_UP_TO) return null;
  const passes = new Map<string, Counted>();
  for (const pass of [FIRST_PASS, ...chosen]) {
    const keys = rows.filter((row) => row.pass === pass).map(({ key, count }) => ({ key, count }));
    passes.set(pass, countedFrom(countedRows(keys), keys));
  }
  const based = rows.find((row) => row.pass === MATCHED_KEY && row.key === "based")?.ids;
  const others = rows.find((row) => row.pass === MATCHED_KEY && row.key === "rest")?.ids;
  if (based != null && others != null)
    passes.set(FIRST_PASS, { ...passes.get(FIRST_PASS)!, ids: { based, rest: others } });
  return passes;
}
