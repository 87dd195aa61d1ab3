import type { MiddlewareHandler } from "hono";
import { isRole } from "#domain/roles";
import type { AppEnv } from "./app-env";
import { sessionTokenOf } from "./session-cookie";
import type { SessionUser } from "#domain/session-user";
import type { CachedSession, ViewerCache } from "../cache/viewer-cache";

/** The session a request's headers carry, as the sign-in library finds it (start/app.ts hands it better-auth's). */
export type FindSession = (
  headers: Headers,
) => Promise<{ user: { id: string } & Record<string, unknown>; session: { expiresAt: Date | string } } | null>;

/** How many session tokens known to be no session are remembered. */
const MAX_REMEMBERED_INVALID = 1_000;

/**
 * Who is asking, for the API and the pages alike: the session's user, or null for a guest.
 * A token that names no session (forged, stale, signed out) never will again, since tokens
 * are random, so it is remembered and not looked up again: a junk cookie costs a guest's
 * request next to nothing. A valid one is kept in the viewer cache, when there is one
 * (server/cache/viewer-cache.ts), which every write here clears once it is answered
 * (server/http/writes.ts).
 */
export function sessionViewer(findSession: FindSession, cache?: ViewerCache): MiddlewareHandler<AppEnv> {
  const invalid = new Set<string>();
  return async (c, next) => {
    c.set("viewer", null);
    const token = sessionTokenOf(c.req.header("cookie"));
    if (token !== undefined && !invalid.has(token)) {
      const load = async (): Promise<CachedSession | null> => {
        const session = await findSession(c.req.raw.headers);
        const user = session?.user as (Partial<SessionUser> & { id: string }) | undefined;
        if (session && user && isRole(user.role)) {
          return {
            viewer: {
              id: user.id,
              url: user.url ?? "",
              name: user.name ?? "",
              email: user.email ?? "",
              role: user.role,
            },
            expiresAt: new Date(session.session.expiresAt),
          };
        }
        if (!session) {
          if (invalid.size >= MAX_REMEMBERED_INVALID) invalid.clear();
          invalid.add(token);
        }
        return null;
      };
      // better-auth's own routes (sign-out among them) always see the session as it is now.
      const kept = cache && !c.req.path.startsWith("/api/auth/");
      c.set("viewer", kept ? await cache.session(token, load) : ((await load())?.viewer ?? null));
    }
    await next();
  };
}
