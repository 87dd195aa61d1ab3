import type { AppLoadContext } from "react-router";
import { countWaitingForAdmin } from "#modules/moderation/server";
import { unreadMessageCount } from "#modules/conversations/server/conversations";

/**
 * What every page's header needs: the product's name, who is signed in, how many of their
 * notifications and messages are unread, and for admins what waits.
 */
export async function loadRoot(context: AppLoadContext, url: URL) {
  const viewer = context.viewer;
  // The conversation on screen is being read (its loader marks it so, beside this one): it
  // counts as read in the header from this page on.
  const reading = /^\/messages\/(\d{1,9})$/.exec(url.pathname)?.[1];
  const countUnreadMessages = () =>
    viewer && reading ? unreadMessageCount(context.db, viewer.id, Number(reading)) : context.unreadMessages();
  // Acts, documents and tag requests announce their act's changes, so the count is kept until any act changes.
  const waiting = () => countWaitingForAdmin(context.db);
  const [unread, unreadMessages, adminWaiting] = await Promise.all([
    context.unreadCount(),
    countUnreadMessages(),
    viewer?.role === "ADMIN"
      ? (context.actRows ? context.actRows.cached("admin-waiting", "*", waiting) : waiting()).then(
          (counts) => counts.total,
        )
      : null,
  ]);
  return {
    appName: context.config.appName,
    viewer: viewer ? { name: viewer.name, role: viewer.role, email: viewer.email } : null,
    unread,
    unreadMessages,
    adminWaiting,
  };
}
