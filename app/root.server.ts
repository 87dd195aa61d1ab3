import type { AppLoadContext } from "react-router";
import { countWaitingForAdmin } from "../server/services/admin-queues";

/**
 * What every page's header needs: the product's name, who is signed in, how many of their
 * notifications are unread, and for admins what waits.
 */
export async function loadRoot(context: AppLoadContext) {
  const viewer = context.viewer;
  const [unread, adminWaiting] = await Promise.all([
    context.unreadCount(),
    viewer?.role === "ADMIN" ? countWaitingForAdmin(context.db).then((waiting) => waiting.total) : null,
  ]);
  return {
    appName: context.config.appName,
    viewer: viewer ? { name: viewer.name, role: viewer.role, email: viewer.email } : null,
    unread,
    adminWaiting,
  };
}
