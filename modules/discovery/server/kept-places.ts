/** Places found by what was written, up to this many per server. */
const MAX_KEPT_PLACES = 10_000;

const found = new Map<string, unknown>();

/**
 * A place found once is kept for the server's life: the gazetteer is written only when a server
 * starts on an empty table (server/db/places-load.ts) and never by users, so nothing notifies it
 * and nothing needs to. Only places found are kept: a miss is asked again, so a lookup made before
 * the places were loaded is never remembered. The oldest goes first past MAX_KEPT_PLACES.
 */
export async function keptPlace<T>(key: string, find: () => Promise<T | null>): Promise<T | null> {
  if (found.has(key)) return found.get(key) as T;
  const place = await find();
  if (place !== null) {
    found.set(key, Object.freeze(place));
    if (found.size > MAX_KEPT_PLACES) found.delete(found.keys().next().value!);
  }
  return place;
}
