import { redirect, type AppLoadContext } from "react-router";
import { pageQueryOf } from "#domain/paging";
import { listNotifications, unreadCount } from "#modules/notifications/server";

export async function loadNotifications(context: AppLoadContext, url: URL) {
  const viewer = context.viewer;
  if (!viewer) throw redirect("/login?redirectTo=/notifications");
  const [{ data, meta }, unread] = await Promise.all([
    listNotifications(context.db, viewer.id, pageQueryOf(url)),
    unreadCount(context.db, viewer.id),
  ]);
  return { items: data, meta, unread };
}
