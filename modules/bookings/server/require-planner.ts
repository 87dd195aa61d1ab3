import { forbidden } from "#server/errors";
import type { SessionUser } from "#server/services/viewer";

/** Events, their invites and their offers' answers are the planner's: other roles are refused (403). */
export function requirePlanner(viewer: SessionUser) {
  if (viewer.role !== "PLANNER") throw forbidden("Only planners have events");
}
