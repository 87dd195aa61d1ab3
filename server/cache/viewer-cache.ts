import type { TaggedStore } from "./tagged-store";
import type { SessionUser } from "#domain/session-user";

/** How long a kept fact is trusted at most, whatever is heard: it bounds a lost notice, and lets better-auth refresh a session's expiry. */
const MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 10_000;

/** A session as the cache keeps it: its user, and until when it is valid. */
export interface CachedSession {
  viewer: SessionUser;
  expiresAt: Date;
}

/**
 * What a signed-in request needs of its viewer: who the session token belongs to, how many of
 * their notifications are unread, and, for a planner, which bookings they have not reviewed.
 * Each is read once and kept in this process for up to a minute, so a signed-in page does not
 * pay a query for each every time.
 *
 * They stay true because the database says when they change: triggers on users, sessions and
 * notifications (migration 0015), and on a planner's events, their bookings and reviews
 * (migration 0017), notify the user's id at commit, and every server invalidates
 * what it kept of that user. A write request through this server invalidates everything once it
 * is answered (the store's `invalidateAfterWrite`, server/http/writes.ts), so its own effects (a sign-out, a password reset that ends every
 * session, notifications marked read) show on the next request here without waiting for the
 * change notice. While the change notices cannot be heard, nothing is kept.
 */
export interface ViewerCache {
  session(token: string, load: () => Promise<CachedSession | null>): Promise<SessionUser | null>;
  /**
   * One fact of one user's (a group each: `viewer-<group>`), read by `load` and kept until the
   * user is notified: the pages' viewer facts (app/lib/viewer-facts.server.ts) are kept this way.
   * What it answers is frozen, since every request of that viewer shares it. `detail` tells apart
   * facts of one group that depend on more than the user (the conversation on screen).
   */
  fact<T>(group: string, userId: string, load: () => Promise<T>, detail?: string): Promise<Readonly<T>>;
}

export function createViewerCache(store: TaggedStore): ViewerCache {
  const options = (group: string) => ({ group: `viewer-${group}`, maxEntries: MAX_ENTRIES, maxAgeMs: MAX_AGE_MS });
  /** A fact about one user, kept until that user is notified, a write is answered here, or a minute passes. */
  const perUser = <T>(group: string, userId: string, load: () => Promise<T>, detail?: string) =>
    store.cached(detail === undefined ? userId : `${userId} ${detail}`, [`user:${userId}`], load, options(group));

  return {
    async session(token, load) {
      const known = store.peek<SessionUser>(token, options("sessions"));
      if (known) return known;
      const readAt = store.now();
      const session = await load();
      if (!session) return null;
      // Never past the session's own expiry.
      const maxAgeMs = Math.min(MAX_AGE_MS, session.expiresAt.getTime() - Date.now());
      store.put(token, [`user:${session.viewer.id}`], readAt, session.viewer, { ...options("sessions"), maxAgeMs });
      return session.viewer;
    },

    fact: (group, userId, load, detail) => perUser(group, userId, async () => Object.freeze(await load()), detail),
  };
}
