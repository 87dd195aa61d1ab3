import { data, redirect, type AppLoadContext } from "react-router";
import { visibleProfileOr404 } from "#modules/acts/server/pages";

/** The Update Profile page's data: the act, for its artist and admins only. */
export async function loadUpdateProfile(context: AppLoadContext, url: URL, actUrl: string) {
  if (!context.viewer) throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname)}`);
  const profile = await visibleProfileOr404(context, actUrl);
  if (!profile.viewer.canManage)
    throw data("Only the act's artist or an admin may update this profile", { status: 403 });
  return { profile, isAdmin: profile.viewer.isAdmin, isManager: profile.viewer.isManager };
}
