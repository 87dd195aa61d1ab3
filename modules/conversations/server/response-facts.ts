import { type SQL, sql } from "drizzle-orm";
import { RESPONSE_FACTS } from "../conversations";
import type { Executor } from "#server/db/client";
import { rowsOf } from "#server/db/rows-of";

/**
 * How acts answer: of the conversations started with an act in the
 * window, the share it answered within the hours allowed, and the median hours to its first
 * answer; nothing until enough conversations were started.
 *
 * The figures live on the act's search row (`act_search.response_rate`, `response_hours`), so
 * that a profile, every result card and the order of equally relevant acts read one answer.
 * They are written when a conversation gains a message (its first, or the act's answer) and by
 * a periodic sweep, since conversations leave the window as days pass with nothing written. Each
 * write announces the acts whose figures changed ("act:<url>"), and only those: a conversation's
 * own rows do not announce its act (migration 0077), or every message would make every server
 * forget the act's pages and every listing.
 */

/** The act's figures, or null until enough conversations were started. */
export async function responseFacts(
  db: Executor,
  actId: number,
): Promise<{ response_rate: number; response_time_hours: number | null } | null> {
  const result = await db.execute(sql`select response_rate, response_hours from act_search where act_id = ${actId}`);
  const [row] = (result as unknown as { rows: { response_rate: number | null; response_hours: number | null }[] }).rows;
  if (!row || row.response_rate === null) return null;
  return { response_rate: row.response_rate, response_time_hours: row.response_hours };
}

/** Recomputes one act's figures; inside the transaction that wrote its conversation's message. */
export async function refreshResponseFacts(tx: Executor, actId: number): Promise<void> {
  await refreshAndAnnounce(tx, sql`c.act_id = ${actId}`, sql`select ${actId}::int as act_id`);
}

/**
 * Recomputes every act's figures that the passing of time may have changed (acts with figures,
 * or with a conversation in the window). Every server may run it: it writes only what differs.
 */
export function refreshAllResponseFacts(db: Executor): Promise<number> {
  return refreshAndAnnounce(
    db,
    sql`true`,
    sql`select act_id from facts union select act_id from act_search where response_rate is not null`,
  );
}

/** Writes the figures that differ and announces their acts, so that their pages are made again; how many changed. */
async function refreshAndAnnounce(db: Executor, conversationsOf: SQL, targets: SQL): Promise<number> {
  const [counted] = await rowsOf<{ notified: number }>(
    db.execute(sql`
    with changed as (${refresh(conversationsOf, targets)} returning s.act_id)
    select count(notify_change('act:' || a.url))::int as notified from changed join acts a on a.id = changed.act_id`),
  );
  return counted?.notified ?? 0;
}

/** An update of the search rows of the acts `targets` selects, from the figures of the conversations `conversationsOf` picks. */
function refresh(conversationsOf: SQL, targets: SQL): SQL {
  const { minConversations, windowDays, answerHours } = RESPONSE_FACTS;
  // Figures that order search results must not be made by one new account: only planners who
  // confirmed their email count, each once per act (their first conversation in the window), and a
  // conversation not yet answered counts as missed only once the act's time to answer has passed.
  return sql`
    with firsts as (
      select distinct on (c.planner_id, c.act_id) c.id, c.act_id, c.planner_id
      from conversations c join users u on u.id = c.planner_id and u.email_verified
      where ${conversationsOf} and c.created_at >= now() - make_interval(days => ${windowDays})
      order by c.planner_id, c.act_id, c.created_at, c.id),
    timed as (
      select c.act_id,
        (select min(m.created_at) from messages m where m.conversation_id = c.id) as first_at,
        (select min(m.created_at) from messages m
          where m.conversation_id = c.id and m.kind = 'text' and m.author_id is not null and m.author_id <> c.planner_id) as answered_at
      from firsts c),
    started as (
      select * from timed where answered_at is not null or first_at <= now() - make_interval(hours => ${answerHours})),
    facts as (
      select act_id,
        round(100.0 * count(*) filter (where answered_at - first_at <= make_interval(hours => ${answerHours})) / count(*))::smallint as rate,
        (round((percentile_cont(0.5) within group (order by extract(epoch from answered_at - first_at) / 3600)
          filter (where answered_at is not null))::numeric, 1))::real as hours
      from started group by act_id having count(*) >= ${minConversations}),
    targets as (${targets})
    update act_search s set response_rate = f.rate, response_hours = f.hours
    from targets t left join facts f on f.act_id = t.act_id
    where s.act_id = t.act_id
      and (s.response_rate is distinct from f.rate or s.response_hours is distinct from f.hours)`;
}
