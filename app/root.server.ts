import type { AppLoadContext } from "react-router";
import { countWaitingForAdmin } from "../server/services/admin-queues";

/**
 * What every page's header needs: the product's name, who is signed in, how many of their
 * notifications are unread, and for admins what waits.
 */
export async function loadRoot(context: AppLoadContext) {
  const viewer = context.viewer;
  // Acts, documents and tag requests announce their act's changes, so the count is kept until any act changes.
  const waiting = () => countWaitingForAdmin(context.db);
  const [unread, adminWaiting] = await Promise.all([
    context.unreadCount(),
    viewer?.role === "ADMIN" ? (context.actRows ? context.actRows.kept("admin-waiting", "*", waiting) : waiting()).then((counts) => counts.total) : null,
  ]);
  return {
    appName: context.config.appName,
    viewer: viewer ? { name: viewer.name, role: viewer.role, email: viewer.email } : null,
    unread,
    adminWaiting,
  };
}
