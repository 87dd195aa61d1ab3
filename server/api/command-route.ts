import type { RouteConfig, RouteHandler } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { CommandDeps } from "../render/page-command";
import type { AppEnv } from "../http/app-env";
import { requireViewer } from "./guards";

/** A command's deps from the request, as a page's action has them from its context: the signed-in viewer (401 without one). */
export function commandDeps(c: Context<AppEnv>): CommandDeps {
  return { db: c.get("db"), jobs: c.get("jobs"), cards: c.get("cards"), viewer: requireViewer(c) };
}

/** The request as a route's handler sees it: its checked params, query and body by the route's own schemas. */
export type RouteRequest<R extends RouteConfig> = Parameters<RouteHandler<R, AppEnv>>[0];

/**
 * The API's handler body, written once beside runCommand (server/render/page-command.ts): the
 * module's command with the signed-in viewer's deps and the request's checked parts (the
 * route's guard and validators ran before this), answered as `{data}` with 200. Spread into
 * `.openapi(...commandRoute(route, (deps, c) => command(...)))`. A route whose answer is not
 * the `{data}` of one command (a page of items, a file, a stream) writes its own handler.
 */
export function commandRoute<R extends RouteConfig, T>(
  route: R,
  command: (deps: CommandDeps, c: RouteRequest<R>) => Promise<T>,
): [R, RouteHandler<R, AppEnv>] {
  const handler = async (c: RouteRequest<R>) =>
    c.json({ data: await command(commandDeps(c as unknown as Context<AppEnv>), c) }, 200);
  // The answer's type is the route's declared `{data: result}`, which the command's type does not name.
  return [route, handler as unknown as RouteHandler<R, AppEnv>];
}
