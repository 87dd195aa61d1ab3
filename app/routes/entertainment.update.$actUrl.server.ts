import { data, redirect, type AppLoadContext } from "react-router";
import { profileAbilities } from "../../domain/profile-abilities";
import { ApiError } from "../../server/errors";
import { getActProfile } from "../../server/services/acts";

/** The Update Profile page's data: the act, for its artist and admins only. */
export async function loadUpdateProfile(context: AppLoadContext, request: Request, actUrl: string) {
  if (!context.viewer) throw redirect(`/login?redirectTo=${encodeURIComponent(new URL(request.url).pathname)}`);
  let profile;
  try {
    profile = await getActProfile(context.db, actUrl, context.viewer);
  } catch (error) {
    if (error instanceof ApiError && error.code === "not_found") throw data(null, { status: 404 });
    throw error;
  }
  const viewer = { id: context.viewer.id, role: context.viewer.role };
  if (!profile.viewer.canManage) throw data("Only the act's artist or an admin may update this profile", { status: 403 });
  return { profile, isAdmin: viewer.role === "ADMIN", isManager: profileAbilities(viewer, profile).requestTagUpdate };
}
