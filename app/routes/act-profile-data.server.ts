import { data, type AppLoadContext } from "react-router";
import { ApiError } from "../../server/errors";
import { getActProfilePage } from "../../server/services/acts";
import { findVisibleAct } from "../../server/services/act-visibility";

/** The act as this viewer may see it; an act they may not see is the 404 page. */
export async function visibleProfileOr404(context: AppLoadContext, actUrl: string) {
  return (await visibleProfilePageOr404(context, actUrl)).profile;
}

/** The same, with the page's curated title and description. */
export async function visibleProfilePageOr404(context: AppLoadContext, actUrl: string) {
  try {
    return await getActProfilePage(context.db, actUrl, context.viewer, context.actRows);
  } catch (error) {
    if (error instanceof ApiError && error.code === "not_found") throw data(null, { status: 404 });
    throw error;
  }
}

/** The act's row as this viewer may see it (no profile assembled); an act they may not see is the 404 page. */
export async function visibleActOr404(context: AppLoadContext, actUrl: string) {
  try {
    return await findVisibleAct(context.db, actUrl, context.viewer, context.actRows);
  } catch (error) {
    if (error instanceof ApiError && error.code === "not_found") throw data(null, { status: 404 });
    throw error;
  }
}
