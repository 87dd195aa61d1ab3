import { data, redirect, type AppLoadContext } from "react-router";
import { pageQueryOf } from "#domain/paging";
import { listArtistInvites, listQuoteTemplates } from "#modules/bookings/server";

export async function loadArtistInvites(context: AppLoadContext, url: URL) {
  if (!context.viewer) throw redirect("/login?redirectTo=/invites");
  const viewer = context.viewer;
  if (viewer.role !== "ARTIST") throw data("Only artists receive invites", { status: 403 });
  const listed = await listArtistInvites(context.db, viewer, pageQueryOf(url));
  // Each act's quote templates, which its offer forms fill from.
  const actUrls = [...new Set(listed.data.map((invite) => invite.act.url))];
  const templates = Object.fromEntries(
    await Promise.all(actUrls.map(async (actUrl) => [actUrl, await listQuoteTemplates(context.db, viewer, actUrl)])),
  ) as Record<string, Awaited<ReturnType<typeof listQuoteTemplates>>>;
  return { invites: listed.data, meta: listed.meta, templates };
}
