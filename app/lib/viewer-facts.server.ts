import type { ViewerCache } from "#server/cache/viewer-cache";
import type { Database } from "#server/db/client";
import type { SessionUser } from "#domain/session-user";
import { unreviewedBookings } from "#modules/content/server";
import { unreadMessageCount } from "#modules/conversations/server";
import { shortlistedActUrls } from "#modules/discovery/server";
import { unreadCount } from "#modules/notifications/server";

/**
 * What the header and pages show of the viewer on every page, read when a page asks and kept
 * per viewer between changes (server/cache/viewer-cache.ts): the page handler adds these to
 * every load context (start/app.ts hands it this function).
 */
export function viewerFacts({
  viewer,
  db,
  viewerCache,
}: {
  viewer: SessionUser | null;
  db: Database;
  viewerCache: ViewerCache | undefined;
}) {
  const kept = <T>(group: string, userId: string, load: () => Promise<T>, detail?: string): Promise<Readonly<T>> =>
    viewerCache ? viewerCache.fact(group, userId, load, detail) : load();
  return {
    /** How many of the viewer's notifications are unread (null for a guest). */
    unreadCount: (): Promise<number | null> =>
      viewer ? kept("unread", viewer.id, () => unreadCount(db, viewer.id)) : Promise.resolve(null),
    /** Messages from others the viewer has not read, over their conversations: reading one notifies the reader. */
    unreadMessages: (): Promise<number | null> =>
      viewer ? kept("unread-messages", viewer.id, () => unreadMessageCount(db, viewer.id)) : Promise.resolve(null),
    /**
     * The same but for the conversation on screen, which its page marks read: reading one, and a
     * message to the viewer (its notification), notify the viewer.
     */
    unreadMessagesBesides: (conversationId: number): Promise<number | null> =>
      viewer
        ? kept(
            "unread-messages-besides",
            viewer.id,
            () => unreadMessageCount(db, viewer.id, conversationId),
            String(conversationId),
          )
        : Promise.resolve(null),
    /** A planner's saved acts (urls); empty for anyone else (a trigger on shortlists notifies the planner, migration 0031). */
    shortlisted: (): Promise<readonly string[]> =>
      viewer?.role === "PLANNER"
        ? kept("shortlists", viewer.id, () => shortlistedActUrls(db, viewer))
        : Promise.resolve([]),
    /** A planner's bookings not yet reviewed, from which a profile finds the events that may review it. */
    unreviewedBookings: () =>
      viewer?.role === "PLANNER"
        ? kept("bookings", viewer.id, () => unreviewedBookings(db, viewer.id))
        : Promise.resolve([]),
  };
}

export type ViewerFacts = ReturnType<typeof viewerFacts>;
