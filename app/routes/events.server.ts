import { data, redirect, type AppLoadContext } from "react-router";
import { pageQueryOf } from "../../domain/paging";
import { listPlannerEvents } from "../../server/services/events";

/** The planner's events page: guests sign in first; other roles are refused. */
export async function loadPlannerEvents(context: AppLoadContext, url: URL) {
  const viewer = context.viewer;
  if (!viewer) throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname)}`);
  if (viewer.role !== "PLANNER") throw data("Only planners have events", { status: 403 });
  const listed = await listPlannerEvents(context.db, viewer, pageQueryOf(url));
  return { events: listed.data, meta: listed.meta };
}
