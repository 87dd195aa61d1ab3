import { data, type AppLoadContext } from "react-router";
import { ApiError } from "#server/errors";
import { findVisibleAct } from "./act-visibility";

/** The act's row as this viewer may see it (no profile assembled); an act they may not see is the 404 page. */
export function visibleActOr404(context: AppLoadContext, actUrl: string) {
  return notFoundAsPage(findVisibleAct(context.db, actUrl, context.viewer, context.readCache));
}

/** A service's 404 (an act this viewer may not see) as the 404 page. */
export async function notFoundAsPage<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof ApiError && error.code === "not_found") throw data(null, { status: 404 });
    throw error;
  }
}
