import type { Context } from "hono";
import { forbidden, unauthenticated } from "../errors";
import type { SessionUser } from "../services/viewer";
import type { AppEnv } from "./router";

/** The signed-in user, or 401. */
export function requireViewer(c: Context<AppEnv>): SessionUser {
  const viewer = c.get("viewer");
  if (!viewer) throw unauthenticated();
  return viewer;
}

/** The signed-in admin, or 401 for a guest and 403 for anyone else. */
export function requireAdmin(c: Context<AppEnv>): SessionUser {
  const viewer = requireViewer(c);
  if (viewer.role !== "ADMIN") throw forbidden("Only admins may do this");
  return viewer;
}
