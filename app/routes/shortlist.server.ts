import { data, redirect, type AppLoadContext } from "react-router";
import { pageQueryOf } from "#domain/paging";
import { plannerUpcomingEvents } from "#modules/bookings/server";
import { listShortlist } from "#modules/discovery/server";

/** /shortlist: the planner's saved acts, and their upcoming events to ask for quotes for. */
export async function loadShortlist(context: AppLoadContext, url: URL) {
  const viewer = context.viewer;
  if (!viewer) throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  if (viewer.role !== "PLANNER") throw data("Only planners keep a shortlist", { status: 403 });
  const [saved, events] = await Promise.all([
    listShortlist(context.db, viewer, pageQueryOf(url)),
    plannerUpcomingEvents(context.db, viewer),
  ]);
  return { saved, events };
}
