import { data, redirect, type AppLoadContext } from "react-router";
import { pageQueryOf } from "#domain/paging";
import { instantToWallTime } from "#domain/time-zones";
import { listPlannerEvents, plannersEvent } from "./event-queries";
import { listTags } from "#modules/acts/server";
import type { EventFormValues } from "../events";

/** The planner's events page: guests sign in first; other roles are refused. */
export async function loadPlannerEvents(context: AppLoadContext, url: URL) {
  const viewer = context.viewer;
  if (!viewer) throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname)}`);
  if (viewer.role !== "PLANNER") throw data("Only planners have events", { status: 403 });
  const listed = await listPlannerEvents(context.db, viewer, pageQueryOf(url));
  return { events: listed.data, meta: listed.meta };
}

/** The event-type tags' names, for the Kind of event field. */
export async function eventTypeNames(context: AppLoadContext): Promise<string[]> {
  return (await listTags(context.db)).filter((tag) => tag.type === "Event Type").map((tag) => tag.name);
}

/** The planner's own event to edit, as its form shows it; 404 for any other. */
export async function loadEventToEdit(context: AppLoadContext, url: URL, eventUrl: string) {
  const viewer = context.viewer;
  if (!viewer) throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname)}`);
  if (viewer.role !== "PLANNER") throw data("Only planners have events", { status: 403 });
  const event = await plannersEvent(context.db, viewer, eventUrl);
  if (!event || event.event.cancelledAt) throw data("No such event", { status: 404 });
  const { event: row, timeZone } = event;
  const values: EventFormValues = {
    name: row.name,
    location: row.location,
    starttime: instantToWallTime(row.starttime, timeZone).slice(0, 16),
    event_type: row.eventType ?? "",
    guests: row.guests === null ? "" : String(row.guests),
    budget: row.budgetDollars === null ? "" : String(row.budgetDollars),
    hours: row.hours === null ? "" : String(row.hours),
    venue: row.venue ?? "",
    notes: row.notes ?? "",
  };
  return { eventUrl: row.url, values, eventTypes: await eventTypeNames(context) };
}
