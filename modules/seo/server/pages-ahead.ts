import type { StoredPages } from "#server/cache/stored-pages";
import type { Executor } from "#server/db/client";
import type { GuestPageCache } from "#server/cache/guest-cache";
import { keptIndexableListings, publicProfilesAfter } from "./sitemap";

/** Profiles looked at per statement of the store. */
const BATCH = 500;
/**
 * A stored page gone stale is made again by a round at most this often. Any act's change makes
 * every listing stale (it depends on any act): without it, a catalogue that changes every minute
 * would have every listing rendered every minute. Its askers meanwhile get a render, stored.
 */
const REMAKE_AFTER_MS = 10 * 60_000;

export interface PagesAheadOptions {
  db: Executor;
  stored: StoredPages;
  /** Where the sitemap's listings are kept until any act changes (they are a pass over every act). */
  guestCache?: Pick<GuestPageCache, "derived">;
  /** A guest's GET of the path through this server's app, marked as made ahead (its render is stored, not kept in memory). */
  fetchAhead: (path: string) => Promise<Response>;
  /** How long one round may render for: the rest waits for the next round, a minute later. */
  budgetMs: number;
  now?: () => number;
}

/**
 * The `pages_ahead` round (decision 0067): every page of the sitemap a crawler will ask for (each
 * public profile and each indexable listing) that has no good page stored for this build is
 * rendered now, one at a time, so that its first asking is answered from the store. A page goes
 * stale when what it read changes (a listing, when any act does): a round makes it again once
 * ten minutes have passed since it was made.
 * After a deploy every page is of the old build, and the rounds make them anew, a budget at a time.
 */
export async function makePagesAhead(
  options: PagesAheadOptions,
): Promise<{ made: number; failed: number; left: boolean }> {
  const now = options.now ?? (() => performance.now());
  const until = now() + options.budgetMs;
  let made = 0;
  let failed = 0;
  const make = async (paths: string[]): Promise<boolean> => {
    const madeBefore = new Date(Date.now() - REMAKE_AFTER_MS);
    for (const path of await options.stored.missing(paths, { madeBefore })) {
      if (now() >= until) return false;
      const response = await options.fetchAhead(path);
      await response.body?.cancel();
      if (response.status === 200) made++;
      else failed++;
    }
    return true;
  };
  // Listings first: there are few, and each is a crawler's way into many profiles.
  const listings = (await keptIndexableListings(options.db, options.guestCache)).map((listing) => listing.path);
  for (let at = 0; at < listings.length; at += BATCH)
    if (!(await make(listings.slice(at, at + BATCH)))) return { made, failed, left: true };
  for (let afterId = 0; ; ) {
    const profiles = await publicProfilesAfter(options.db, afterId, BATCH);
    if (profiles.length === 0) return { made, failed, left: false };
    if (!(await make(profiles.map((profile) => profile.path)))) return { made, failed, left: true };
    afterId = profiles[profiles.length - 1]!.id;
  }
}
