import { type ActAccess, type Viewer, canManageAct } from "#domain/permissions";
import { pathSegmentSchema } from "#domain/schemas/fields";
import { ACT_MANAGERS, guard, pathParam, requireViewer } from "#server/api/guards";
import { describedGuard } from "#server/api/route-docs";
import type { Guard } from "#server/api/router";
import { forbidden } from "#server/errors";
import { actAccess, findVisibleAct } from "./act-visibility";

const PATH_SEGMENT = pathSegmentSchema();

/**
 * A permission on the act named by the path's actUrl: 404 when the caller may not see the
 * act, 403 when they see it but may not do this (by default: manage it).
 */
export function onAct(
  permission: (viewer: Viewer, act: ActAccess) => boolean = canManageAct,
  who = ACT_MANAGERS,
): Guard {
  return describedGuard(
    guard(async (c) => {
      const viewer = requireViewer(c);
      const act = await findVisibleAct(c.get("db"), pathParam(c, "actUrl", PATH_SEGMENT), viewer);
      if (!permission(viewer, actAccess(act))) throw forbidden("You may not do this to this act");
    }),
    { who, session: "required", forbids: true, finds: true },
  );
}
