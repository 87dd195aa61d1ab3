import type { Context, MiddlewareHandler } from "hono";
import { CLIENT_CONCURRENCY } from "#domain/limits";
import type { AppEnv } from "./app-env";
import { sessionTokenOf } from "./session-cookie";
import { socketAddress } from "./client-ip";
import { sendError } from "./error-response";

const TOO_MANY = "Too many searches at once from this client: wait for one to finish";

/** Who a request is for the limit: its session, else its socket address. */
function clientKey(c: Context<AppEnv>): string {
  const token = sessionTokenOf(c.req.header("cookie"));
  return token ? `session:${token}` : `address:${socketAddress(c) ?? "unknown"}`;
}

/**
 * At most `limit` (CLIENT_CONCURRENCY, 4 unless the environment says otherwise; 0 is no limit) searches or uncached page renders in progress per client; more are
 * answered 429 at once, so one client's burst waits on nothing and holds nothing. Requests a page
 * makes of the API while it renders (markInternal) are part of that render and not counted again.
 */
export function clientConcurrency(limit = CLIENT_CONCURRENCY) {
  const unlimited = limit === 0;
  const running = new Map<string, number>();
  const internal = new WeakSet<Request>();

  const limited =
    (refuse: (c: Context<AppEnv>) => Response): MiddlewareHandler<AppEnv> =>
    async (c, next) => {
      if (unlimited || internal.has(c.req.raw)) return next();
      const key = clientKey(c);
      const now = running.get(key) ?? 0;
      if (now >= limit) {
        c.header("retry-after", "1");
        return refuse(c);
      }
      running.set(key, now + 1);
      try {
        await next();
      } finally {
        const left = (running.get(key) ?? 1) - 1;
        if (left > 0) running.set(key, left);
        else running.delete(key);
      }
    };

  return {
    markInternal: (request: Request) => void internal.add(request),
    api: limited((c) => sendError(c, "rate_limited", TOO_MANY)),
    page: limited((c) =>
      c.html(
        `<!doctype html><html lang="en"><meta charset="utf-8"><title>Too many requests</title><h1>Too many requests</h1><p>${TOO_MANY}.</p></html>`,
        429,
      ),
    ),
    /** How many are in progress for all clients (tests). */
    inProgress: () => [...running.values()].reduce((sum, n) => sum + n, 0),
  };
}
