import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { acts } from "#modules/acts/server/tables";
import { cachedRead } from "#server/cache/cached-read";

/**
 * A test's stand-in for React Router's reads: the name of the act at the end of `path`, read
 * through a read declared as one of that act only (as the profile's reads are), or, under
 * /undeclared/, straight from the database, which says nothing of what it read. `name` is the
 * kept read's own name, one per test file.
 */
export function actNameReader(name: string) {
  const actName = cachedRead({
    name,
    maxEntries: 10,
    key: (url: string) => url,
    tags: (url) => [`act:${url}`],
    read: async (db, url) => (await db.select({ name: acts.name }).from(acts).where(eq(acts.url, url)))[0],
  });
  return async (context: AppLoadContext, path: string): Promise<{ name: string } | undefined> => {
    const url = path.split("/").pop()!;
    return path.startsWith("/undeclared/")
      ? (await context.db.select({ name: acts.name }).from(acts).where(eq(acts.url, url)))[0]
      : await actName({ db: context.db, cache: undefined }, url);
  };
}
