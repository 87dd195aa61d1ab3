import type { AppLoadContext } from "react-router";
import { listShowcaseActs } from "../../server/services/showcase";

export async function loadHome(context: AppLoadContext) {
  return { appName: context.config.appName, acts: await listShowcaseActs(context.db) };
}
