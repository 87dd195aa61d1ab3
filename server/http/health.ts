import { Hono } from "hono";
import type { DatabaseHandle } from "../db/client";
import { statementsRun } from "../db/statement-count";
import type { AppEnv } from "./app-env";

/**
 * /healthz: the process answers; /readyz: and its database does (what a load balancer asks).
 * With STATEMENT_COUNT on, /healthz also says how many statements the process has sent its
 * database (the bench's statements per request); off, a stranger learns nothing of the load.
 */
export function healthRoutes(database: DatabaseHandle, options: { statementCount?: boolean } = {}) {
  return new Hono<AppEnv>()
    .get("/healthz", (c) =>
      c.json(options.statementCount ? { status: "ok", statements: statementsRun() } : { status: "ok" }),
    )
    .get("/readyz", async (c) =>
      (await database.ping()) ? c.json({ status: "ok" }) : c.json({ status: "unavailable" }, 503),
    );
}
