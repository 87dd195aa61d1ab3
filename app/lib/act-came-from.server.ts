import type { AppLoadContext } from "react-router";
import { findVisibleAct } from "#modules/acts/server";
import { ApiError } from "#server/errors";

export interface ActCameFrom {
  url: string;
  name: string;
}

/**
 * The act a planner came from, named on the way to asking it for a quote: an event form opened
 * from its profile (its address, `/events/add-event?actUrl=`), or a sign-in or sign-up page that goes on to that form. An act
 * this person may not see is not named (it is not found either when the event is created).
 */
export async function actCameFrom(context: AppLoadContext, target: string): Promise<ActCameFrom | null> {
  const next = new URL(target, "http://local");
  const actUrl = next.pathname === "/events/add-event" ? next.searchParams.get("actUrl") : null;
  if (!actUrl || actUrl.length > 200) return null;
  try {
    const act = await findVisibleAct(context.db, actUrl, context.viewer, context.readCache);
    return { url: act.url, name: act.name };
  } catch (error) {
    if (error instanceof ApiError && error.code === "not_found") return null;
    throw error;
  }
}
