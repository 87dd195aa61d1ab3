import { data, redirect, type AppLoadContext } from "react-router";
import { listArtistInvites } from "../../server/services/events";

export async function loadArtistInvites(context: AppLoadContext) {
  if (!context.viewer) throw redirect("/login?redirectTo=/invites");
  if (context.viewer.role !== "ARTIST") throw data("Only artists receive invites", { status: 403 });
  return { invites: await listArtistInvites(context.db, context.viewer) };
}
