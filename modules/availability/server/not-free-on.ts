import { type SQL, sql } from "drizzle-orm";

/**
 * The acts that are not free that day (issue 31): booked through us (an accepted booking for an
 * event, not cancelled, that starts that day where it happens; UTC without a place), blocked by
 * their manager, or busy in a calendar they subscribed to. Few next to the catalogue, so a
 * search tests its rows against this set once hashed, rather than probing three tables per row.
 */
export function actsNotFreeOn(date: string): SQL {
  const day = sql`${date}::date`;
  // As the range index on act_blocks reads it (act_blocks_days_idx).
  return sql`select k.act_id from act_blocks k where daterange(k.starts_on, k.ends_on, '[]') @> ${day}
    union all select d.act_id from calendar_busy_days d where d.day = ${day}
    union all select b.act_id from bookings b join events e on e.id = b.event_id left join places ep on ep.id = e.place_id
      where b.status <> 'cancelled' and e.cancelled_at is null and e.starttime >= ${day} - interval '1 day' and e.starttime < ${day} + interval '2 days'
        and (e.starttime at time zone coalesce(ep.time_zone, 'UTC'))::date = ${day}`;
}

/** Acts (by the search row `s`) that are not free that day: search's `date`, invites and the profile's answer. */
export function notFreeOn(date: string): SQL {
  return sql`(s.act_id in (${actsNotFreeOn(date)}))`;
}
