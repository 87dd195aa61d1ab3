import { Hono } from "hono";
import type { DatabaseHandle } from "../db/client";
import type { AppEnv } from "./app-env";

/** /healthz: the process answers; /readyz: and its database does (what a load balancer asks). */
export function healthRoutes(database: DatabaseHandle) {
  return new Hono<AppEnv>()
    .get("/healthz", (c) => c.json({ status: "ok" }))
    .get("/readyz", async (c) =>
      (await database.ping()) ? c.json({ status: "ok" }) : c.json({ status: "unavailable" }, 503),
    );
}
