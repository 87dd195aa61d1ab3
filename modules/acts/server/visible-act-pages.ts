import type { AppLoadContext } from "react-router";
import { getActProfilePage } from "./acts";
import { notFoundAsPage } from "./visible-act-page";

/** The act as this viewer may see it; an act they may not see is the 404 page. */
export async function visibleProfileOr404(context: AppLoadContext, actUrl: string) {
  return (await visibleProfilePageOr404(context, actUrl)).profile;
}

/** The same, with the page's curated title and description. */
export function visibleProfilePageOr404(context: AppLoadContext, actUrl: string) {
  return notFoundAsPage(getActProfilePage(context.db, actUrl, context.viewer, context.readCache));
}
