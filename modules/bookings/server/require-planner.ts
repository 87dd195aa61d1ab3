import { MESSAGES } from "#domain/messages";
import { forbidden } from "#server/errors";
import type { SessionUser } from "#domain/session-user";

/** Events, their invites and their offers' answers are the planner's: other roles are refused as the API's role guard refuses them. */
export function requirePlanner(viewer: SessionUser) {
  if (viewer.role !== "PLANNER") throw forbidden(MESSAGES.roleMayNot);
}
