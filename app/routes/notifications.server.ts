import { redirect, type AppLoadContext } from "react-router";
import { listNotifications, unreadCount } from "../../server/services/notifications";

export async function loadNotifications(context: AppLoadContext) {
  const viewer = context.viewer;
  if (!viewer) throw redirect("/login?redirectTo=/notifications");
  const [items, unread] = await Promise.all([listNotifications(context.db, viewer.id), unreadCount(context.db, viewer.id)]);
  return { items, unread };
}
