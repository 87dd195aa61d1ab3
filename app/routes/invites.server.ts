import { data, redirect, type AppLoadContext } from "react-router";
import { pageQueryOf } from "#domain/paging";
import { listArtistInvites } from "#modules/bookings/server";

export async function loadArtistInvites(context: AppLoadContext, url: URL) {
  if (!context.viewer) throw redirect("/login?redirectTo=/invites");
  if (context.viewer.role !== "ARTIST") throw data("Only artists receive invites", { status: 403 });
  const listed = await listArtistInvites(context.db, context.viewer, pageQueryOf(url));
  return { invites: listed.data, meta: listed.meta };
}
