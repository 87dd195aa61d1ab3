import type { MiddlewareHandler } from "hono";
import { isRole } from "../domain/roles";
import type { AppEnv } from "./api/router";
import type { Auth } from "./auth";
import type { SessionUser } from "./services/viewer";

const SESSION_TOKEN = /(?:^|;\s*)(?:__Secure-)?eva\.session_token=([^;]*)/;
/** How many session tokens known to be no session are remembered. */
const MAX_REMEMBERED_INVALID = 1_000;

/**
 * Who is asking, for the API and the pages alike: the session's user, or null for a guest.
 * A token that names no session (forged, stale, signed out) never will again, since tokens
 * are random, so it is remembered and not looked up again: a junk cookie costs a guest's
 * request next to nothing.
 */
export function sessionViewer(auth: Auth): MiddlewareHandler<AppEnv> {
  const invalid = new Set<string>();
  return async (c, next) => {
    c.set("viewer", null);
    const token = SESSION_TOKEN.exec(c.req.header("cookie") ?? "")?.[1];
    if (token !== undefined && !invalid.has(token)) {
      const session = await auth.api.getSession({ headers: c.req.raw.headers });
      const user = session?.user as (Partial<SessionUser> & { id: string }) | undefined;
      if (user && isRole(user.role)) {
        c.set("viewer", { id: user.id, url: user.url ?? "", name: user.name ?? "", email: user.email ?? "", role: user.role });
      } else if (!session) {
        if (invalid.size >= MAX_REMEMBERED_INVALID) invalid.clear();
        invalid.add(token);
      }
    }
    await next();
  };
}
