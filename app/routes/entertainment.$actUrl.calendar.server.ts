import { data, redirect, type AppLoadContext } from "react-router";
import { addDays, monthOf } from "#domain/calendar-days";
import { dayIn } from "#modules/bookings/events";
import { canManageAct } from "#domain/permissions";
import { actAccess } from "#modules/acts/server";
import { actTimeZone, unavailableDays, upcomingBlocks } from "#modules/availability/server";
import { actFeedAddress } from "#modules/availability/server";
import { listCalendars } from "#modules/availability/server";
import { visibleActOr404 } from "#modules/acts/server";

/** `?month=2027-06`, when it names a month; else the month of today. */
function monthParam(url: URL, today: string): string {
  const month = url.searchParams.get("month");
  return month && /^\d{4}-(0[1-9]|1[0-2])$/.test(month) ? `${month}-01` : `${today.slice(0, 7)}-01`;
}

/**
 * The act's calendar page (issue 31), for its manager and admins: a month of days that are not
 * free and why, the blocks still to come, the subscribed calendars and the private feed.
 */
export async function loadActCalendar(context: AppLoadContext, url: URL, actUrl: string) {
  const viewer = context.viewer;
  if (!viewer) throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  const act = await visibleActOr404(context, actUrl);
  if (!canManageAct(viewer, actAccess(act)))
    throw data("Only the act's artist or an admin may keep its calendar", { status: 403 });
  const zone = await actTimeZone(context.db, act.id);
  const today = dayIn(new Date(), zone);
  const month = monthOf(monthParam(url, today));
  const [days, blocks, calendars, feed] = await Promise.all([
    unavailableDays(context.db, act.id, month.first, month.last),
    upcomingBlocks(context.db, act.id, today),
    listCalendars(context.db, viewer, act.url),
    actFeedAddress(context.db, viewer, act.url, context.config.publicUrl),
  ]);
  return {
    act: { url: act.url, name: act.name },
    zone,
    today,
    month,
    days,
    blocks,
    calendars,
    feedUrl: feed.url,
    lastBlockable: addDays(today, 365 * 2),
  };
}
