// An act's numbers by day (issue 66): views and appearances as the counter wrote them, and
// leads, offers, bookings and earnings read from the booking tables themselves, so they can
// never disagree with the act's invites page or its statement.
import { sql } from "drizzle-orm";
import type { SessionUser } from "#domain/session-user";
import type { Executor } from "#server/db/client";
import { rowsOf } from "#server/db/rows-of";
import { requireManagedAct } from "#modules/acts/server";
import { responseFacts } from "#modules/conversations/server";
import { type INSIGHT_KEYS, type InsightDay, type Insights, type InsightsRange, totalsOf } from "../insights";
import type { ActivityCounter } from "./activity-counter";

/** The act's days from `from` to `to` (UTC days, both included), with their totals and its response figures. */
export async function actInsights(
  db: Executor,
  counter: ActivityCounter,
  viewer: SessionUser,
  actUrl: string,
  range: InsightsRange,
): Promise<Insights & { act: { id: number; name: string; url: string } }> {
  const act = await requireManagedAct(db, viewer, actUrl);
  // This server's counts of the last seconds are written first: the act sees its own visit at once.
  await counter.flush();
  const days = await rowsOf<Record<(typeof INSIGHT_KEYS)[number], number | string> & { day: string }>(
    db.execute(sql`
      with days as (
        select d::date as day from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') d),
      act_invites as (select i.id, i.created_at from invites i where i.act_id = ${act.id}),
      act_bookings as (select b.id, b.created_at from bookings b where b.act_id = ${act.id})
      select to_char(days.day, 'YYYY-MM-DD') as day,
        (select count(*) from act_views v where v.act_id = ${act.id} and v.day = days.day)::int as views,
        coalesce((select a.appearances from act_appearances a where a.act_id = ${act.id} and a.day = days.day), 0)::int
          as search_appearances,
        (select count(*) from act_invites i where (i.created_at at time zone 'UTC')::date = days.day)::int as leads,
        (select count(*) from offers o join act_invites i on i.id = o.invite_id
          where (o.date_time_posted at time zone 'UTC')::date = days.day)::int as offers,
        (select count(*) from act_bookings b where (b.created_at at time zone 'UTC')::date = days.day)::int as bookings,
        -- act_earned is a credit: what the act earned that day is the lines' sum, negated.
        coalesce((select -sum(l.amount_cents) from ledger_lines l
          join ledger_transactions t on t.id = l.transaction_id
          join act_bookings b on b.id = t.booking_id
          where l.account = 'act_earned' and (t.at at time zone 'UTC')::date = days.day), 0)::bigint as earnings_cents
      from days order by days.day`),
  );
  const data: InsightDay[] = days.map((row) => ({
    day: row.day,
    views: Number(row.views),
    search_appearances: Number(row.search_appearances),
    leads: Number(row.leads),
    offers: Number(row.offers),
    bookings: Number(row.bookings),
    earnings_cents: Number(row.earnings_cents),
  }));
  const response = await responseFacts(db, act.id);
  return {
    act: { id: act.id, name: act.name, url: act.url },
    days: data,
    totals: totalsOf(data),
    response_rate: response?.response_rate ?? null,
    response_time_hours: response?.response_time_hours ?? null,
  };
}
