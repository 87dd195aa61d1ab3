import type { Logger } from "pino";
import type { DatabaseHandle } from "../db/client";
import { listenForChanges } from "./change-listener";
import type { UnreviewedBooking } from "../services/planner-reviews";
import type { SessionUser } from "../services/viewer";

const CHANNEL = "viewer_change";
/** How long a kept fact is trusted at most, whatever is heard: it bounds a lost notice, and lets better-auth refresh a session's expiry. */
const MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 10_000;
/** Past this many users with remembered changes, forget them all and start afresh. */
const MAX_REMEMBERED_CHANGES = 10_000;

interface Entry<T> {
  value: T;
  userId: string;
  /** The change counter when the load began: a change to this user after it makes the entry stale. */
  loadedAt: number;
  expiresAt: number;
}

/** A session as the cache keeps it: its user, and until when it is valid. */
export interface KeptSession {
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
 * (migration 0017), announce the user's id at commit, and every server forgets
 * what it kept of that user. A write request through this server forgets everything once it
 * is answered (`forgetAll`), so its own effects (a sign-out, a password reset that ends every
 * session, notifications marked read) show on the next request here without waiting for the
 * announcement. While the announcements cannot be heard, nothing is kept.
 */
export interface ViewerCache {
  session(token: string, load: () => Promise<KeptSession | null>): Promise<SessionUser | null>;
  unread(userId: string, load: () => Promise<number>): Promise<number>;
  /** Unread messages of the user's conversations: a message tells its reader by a notification, and reading one announces the reader. */
  unreadMessages(userId: string, load: () => Promise<number>): Promise<number>;
  /** A planner's bookings without a review (server/services/planner-reviews.ts), from which a profile finds the events that may review it. */
  unreviewedBookings(userId: string, load: () => Promise<UnreviewedBooking[]>): Promise<readonly UnreviewedBooking[]>;
  /** The urls of the acts a planner saved (a trigger on shortlists announces the planner, migration 0031). */
  shortlisted(userId: string, load: () => Promise<string[]>): Promise<readonly string[]>;
  forgetAll(): void;
  stop(): Promise<void>;
}

export async function createViewerCache(database: DatabaseHandle, logger: Logger): Promise<ViewerCache> {
  const sessions = new Map<string, Entry<SessionUser>>();
  const unreadCounts = new Map<string, Entry<number>>();
  const unreadMessageCounts = new Map<string, Entry<number>>();
  const bookings = new Map<string, Entry<readonly UnreviewedBooking[]>>();
  const shortlists = new Map<string, Entry<readonly string[]>>();
  const changedAt = new Map<string, number>();
  let counter = 0;
  let everythingChangedAt = 0;

  const forgetAll = () => {
    counter += 1;
    everythingChangedAt = counter;
    changedAt.clear();
    sessions.clear();
    unreadCounts.clear();
    unreadMessageCounts.clear();
    bookings.clear();
    shortlists.clear();
  };
  const onNotify = (userId: string) => {
    counter += 1;
    changedAt.set(userId, counter);
    if (changedAt.size > MAX_REMEMBERED_CHANGES) forgetAll();
  };
  const changes = await listenForChanges(database, CHANNEL, logger, { onNotify, forget: forgetAll, what: "viewer cache" });

  const fresh = <T>(entry: Entry<T> | undefined): entry is Entry<T> =>
    entry !== undefined && changes.listening() && entry.loadedAt >= everythingChangedAt && (changedAt.get(entry.userId) ?? 0) <= entry.loadedAt && Date.now() < entry.expiresAt;

  function keep<T>(map: Map<string, Entry<T>>, key: string, entry: Entry<T>) {
    if (!changes.listening()) return;
    map.delete(key);
    map.set(key, entry);
    if (map.size > MAX_ENTRIES) map.delete(map.keys().next().value!);
  }

  /** A fact about one user, kept until that user changes or a minute passes. */
  async function perUser<T>(map: Map<string, Entry<T>>, userId: string, load: () => Promise<T>): Promise<T> {
    const known = map.get(userId);
    if (fresh(known)) return known.value;
    const loadedAt = counter;
    const value = await load();
    keep(map, userId, { value, userId, loadedAt, expiresAt: Date.now() + MAX_AGE_MS });
    return value;
  }

  return {
    async session(token, load) {
      const known = sessions.get(token);
      if (fresh(known)) return known.value;
      const loadedAt = counter;
      const session = await load();
      if (!session) {
        sessions.delete(token);
        return null;
      }
      const expiresAt = Math.min(Date.now() + MAX_AGE_MS, session.expiresAt.getTime());
      keep(sessions, token, { value: session.viewer, userId: session.viewer.id, loadedAt, expiresAt });
      return session.viewer;
    },

    unread: (userId, load) => perUser(unreadCounts, userId, load),

    unreadMessages: (userId, load) => perUser(unreadMessageCounts, userId, load),

    unreviewedBookings: (userId, load) => perUser(bookings, userId, async () => Object.freeze(await load())),

    shortlisted: (userId, load) => perUser(shortlists, userId, async () => Object.freeze(await load())),

    forgetAll,

    stop: () => changes.stop(),
  };
}
