import { MESSAGES } from "#domain/messages";
import type { Context } from "hono";
import type { z } from "zod";
import type { Role } from "#domain/roles";
import { pathIdSchema } from "#domain/schemas/fields";
import type { Database } from "../db/client";
import { forbidden, unauthenticated } from "../errors";
import type { SessionUser } from "#domain/session-user";
import { describedGuard } from "./route-docs";
import { type AppEnv, type Guard, pathError } from "./router";

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

export const guard =
  (check: (c: Context<AppEnv>) => unknown): Guard =>
  async (c, next) => {
    await check(c);
    await next();
  };

/** A path parameter parsed with its shared schema, or the path error (400 or 404). */
export function pathParam<S extends z.ZodType>(c: Context<AppEnv>, name: string, schema: S): z.output<S> {
  const raw = c.req.param(name);
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw pathError([raw]);
  return parsed.data;
}

const PATH_ID = pathIdSchema();

export const anyone: Guard = describedGuard(
  guard(() => undefined),
  { who: "Anyone, signed in or not", session: "optional", forbids: false },
);

export const signedIn: Guard = describedGuard(guard(requireViewer), {
  who: "Any signed-in user",
  session: "required",
  forbids: false,
});

export const adminOnly: Guard = describedGuard(guard(requireAdmin), {
  who: "Admins",
  session: "required",
  forbids: true,
});

const ROLE_NAMES: Record<Role, string> = { PLANNER: "planners", ARTIST: "artists", ADMIN: "admins" };

/** One of these roles: 401 for a guest, 403 for the others. */
export function roles(...allowed: Role[]): Guard {
  const who = allowed.map((role) => ROLE_NAMES[role]).join(" and ");
  return describedGuard(
    guard((c) => {
      if (!allowed.includes(requireViewer(c).role)) throw forbidden(MESSAGES.roleMayNot);
    }),
    { who: who.charAt(0).toUpperCase() + who.slice(1), session: "required", forbids: true },
  );
}

/** Who may act on an act: the platform's default words for a permission on an item (modules/acts/server/on-act.ts). */
export const ACT_MANAGERS = "The act's artist (its manager) and admins";

/**
 * A permission on the item named by an id in the path, checked by the service function
 * that finds it for this caller (404 when there is none, 403 when it is not theirs).
 */
export function onItem(
  param: string,
  find: (db: Database, viewer: SessionUser, id: number) => Promise<unknown>,
  who = ACT_MANAGERS,
): Guard {
  return describedGuard(
    guard(async (c) => {
      const viewer = requireViewer(c);
      c.set("found", { find, item: await find(c.get("db"), viewer, pathParam(c, param, PATH_ID)) });
    }),
    { who, session: "required", forbids: true, finds: true },
  );
}

/**
 * What the route's `onItem` guard found with `find`, as its caller may see it: a handler that
 * needs the item takes it from here instead of reading it again.
 */
export function foundBy<T>(c: Context<AppEnv>, find: (db: Database, viewer: SessionUser, id: number) => Promise<T>): T {
  const found = c.get("found");
  if (!found || found.find !== find) throw new Error("the route's guard found nothing with this function");
  return found.item as T;
}
