export const ROLES = ["PLANNER", "ARTIST", "ADMIN"] as const;
export type Role = (typeof ROLES)[number];

/** Roles anyone may choose at sign-up; admins are only made by the operator. */
export const SELF_SERVICE_ROLES = ["PLANNER", "ARTIST"] as const;
export type SelfServiceRole = (typeof SELF_SERVICE_ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** Where each role lands after signing in, when no page asked to be returned to. */
export const LANDING_PAGE: Record<Role, string> = {
  ARTIST: "/my-acts",
  PLANNER: "/events",
  ADMIN: "/admin/acts",
};
