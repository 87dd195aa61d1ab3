import type { AppLoadContext } from "react-router";
import { countWaitingForAdmin } from "../server/services/admin-queues";

/** What every page's header needs: the product's name, who is signed in, and for admins what waits. */
export async function loadRoot(context: AppLoadContext) {
  const viewer = context.viewer;
  return {
    appName: context.config.appName,
    viewer: viewer ? { name: viewer.name, role: viewer.role, email: viewer.email } : null,
    adminWaiting: viewer?.role === "ADMIN" ? (await countWaitingForAdmin(context.db)).total : null,
  };
}
