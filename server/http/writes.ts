import type { Context, MiddlewareHandler } from "hono";
import type { TaggedStore } from "../cache/tagged-store";
import type { AppEnv } from "./app-env";

/** Methods that only read: everything else is a write (and the API refuses what it does not answer). */
const READ_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Whether a request's method writes. */
export function isWriteMethod(method: string): boolean {
  return !READ_METHODS.has(method);
}

/**
 * The one definition of "a write" for what servers keep: every request whose method writes,
 * and the one link of better-auth's that writes on a GET, opened from a mail (it confirms an
 * address, and a changed address replaces the old).
 */
export function changesWhatIsCached(c: Context<AppEnv>): boolean {
  return isWriteMethod(c.req.method) || c.req.path === "/api/auth/verify-email";
}

/**
 * A write answered here is seen by the next request here without waiting for the database's
 * change notice (a PostgreSQL server's may arrive after it): once it is answered, this server
 * invalidates what writes invalidate (server/cache/tagged-store.ts). Other servers learn of it from the
 * change notice.
 */
export function invalidateAfterWrites(store: TaggedStore | undefined): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (changesWhatIsCached(c)) store?.invalidateAfterWrite();
  };
}
