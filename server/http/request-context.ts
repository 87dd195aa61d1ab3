import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { Logger } from "pino";
import type { ReadCache } from "../cache/cached-read";
import type { Database } from "../db/client";
import type { JobQueue } from "../jobs/job-queue";
import type { CardGateway } from "../payments/card-gateway";
import type { AppEnv } from "./app-env";
import { setResponseHeader } from "./set-response-header";

/** What every request carries (AppVariables), and one JSON log line per request, with an id the client also sees. */
export function requestContext(deps: {
  logger: Logger;
  db: Database;
  jobs: JobQueue;
  cards: CardGateway | undefined;
  readCache?: ReadCache;
}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const requestId = c.req.header("x-request-id")?.slice(0, 64) || randomUUID();
    const log = deps.logger.child({ requestId });
    c.set("requestId", requestId);
    c.set("log", log);
    c.set("db", deps.db);
    c.set("jobs", deps.jobs);
    c.set("cards", deps.cards);
    c.set("readCache", deps.readCache);
    const started = performance.now();
    await next();
    setResponseHeader(c, "x-request-id", requestId);
    log.info(
      { method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) },
      "request",
    );
  };
}
