import type { HttpBindings } from "@hono/node-server";
import type { MiddlewareHandler } from "hono";
import type { Logger } from "pino";
import type { ReadCache } from "../cache/cached-read";
import type { Dependencies } from "../cache/change-clock";
import type { Database } from "../db/client";
import type { JobQueue } from "../jobs/job-queue";
import type { CardGateway } from "../payments/card-gateway";
import type { SessionUser } from "#domain/session-user";

/** What every request carries through the app (start/app.ts sets it). */
export interface AppVariables {
  requestId: string;
  log: Logger;
  db: Database;
  /** Where a change schedules what must happen later (server/jobs/job-queue.ts). */
  jobs: JobQueue;
  /** Stripe, when card payments are set up. */
  cards: CardGateway | undefined;
  viewer: SessionUser | null;
  /** What reads may be answered from between requests (server/cache/cached-read.ts). */
  readCache?: ReadCache;
  /** The URL a page is rendered for, when the guest cache normalised it (server/cache/guest-cache.ts). */
  renderUrl?: string;
  /** A page made ahead of its first asking (server/cache/guest-cache.ts `requestAhead`): nothing of it is kept in memory. */
  madeAhead?: boolean;
  /** What the rendered page read (server/cache/read-tracking.ts): its guest copy waits for these tags. */
  pageTags?: Dependencies;
  /**
   * What a page tells the middleware around it about itself (its loader's `remember`), kept with
   * its cached copy and given again on each hit: a page of results names the acts it shows.
   */
  pageMemo?: Record<string, unknown>;
  /** What a path's guard found for its caller (server/api/guards.ts `onItem`), for its handler to use rather than read again. */
  found?: { find: unknown; item: unknown };
}
export interface AppEnv {
  Bindings: HttpBindings;
  Variables: AppVariables;
}

/**
 * Who may call a route (server/api/guards.ts), checked before its query and body are read:
 * it runs as route middleware, ahead of the validators, so a stranger learns nothing of our
 * rules or our messages. The services check again, inside their transactions.
 */
export type Guard = MiddlewareHandler<AppEnv>;
