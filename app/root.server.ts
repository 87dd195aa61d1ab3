import type { AppLoadContext } from "react-router";
import { countWaitingForAdmin } from "#modules/moderation/server";
import { cachedRead } from "#server/cache/cached-read";
import { keptOpenCaseCount } from "#modules/bookings/server";

/** Acts, documents and tag requests notify their act's changes: the count is kept until any act changes. */
const waitingForAdmin = cachedRead({
  name: "admin-waiting",
  maxEntries: 1,
  key: () => "all",
  tags: () => "*",
  read: (db) => countWaitingForAdmin(db),
});

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
    viewer && reading ? context.unreadMessagesBesides(Number(reading)) : context.unreadMessages();
  const admin = viewer?.role === "ADMIN";
  const [unread, unreadMessages, adminWaiting, openCases] = await Promise.all([
    context.unreadCount(),
    countUnreadMessages(),
    admin ? waitingForAdmin({ db: context.db, cache: context.readCache }, null).then((counts) => counts.total) : null,
    admin ? keptOpenCaseCount({ db: context.db, cache: context.readCache }, null) : null,
  ]);
  return {
    appName: context.config.appName,
    viewer: viewer ? { name: viewer.name, role: viewer.role, email: viewer.email } : null,
    unread,
    unreadMessages,
    adminWaiting,
    openCases,
  };
}
