import { type AppLoadContext, data, redirect } from "react-router";
import { ApiError } from "#server/errors";
import { instantQuote } from "#modules/bookings/server";

/** The instant booking step: guests sign in first, only planners book, and an offering not instant is not found. */
export async function loadInstantBooking(context: AppLoadContext, url: URL, actUrl: string, offeringId: string) {
  const viewer = context.viewer;
  if (!viewer) throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  if (viewer.role !== "PLANNER") throw data("Only planners book acts", { status: 403 });
  const id = Number(offeringId);
  if (!Number.isSafeInteger(id) || id <= 0) throw data("No such offering", { status: 404 });
  try {
    return await instantQuote(context.db, viewer, actUrl, id, url.searchParams.get("event"), context.cards);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw data("No such offering", { status: 404 });
    throw error;
  }
}
