// Counting what acts' insights show without slowing what is counted (issue 66): a profile's
// views and an act's appearances on pages of results are kept in memory and written in batches,
// so the cached guest page gains a set lookup, not a statement. Several servers each write what
// they saw: a view is a row per visitor per day (a second server's copy of it is nothing), an
// appearance count is added to.
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import type { Database } from "#server/db/client";
import type { AppEnv } from "#server/http/app-env";
import { socketAddress } from "#server/http/client-ip";

/** What a page of results tells the counter, through the page memo kept with its cached copy. */
export const SHOWN_ACTS_MEMO = "shown-acts";

/** Robots, previews and tools that fetch pages: none of them is a planner looking. */
const CRAWLER =
  /bot\b|bot\/|crawl|spider|slurp|bingpreview|facebookexternalhit|embedly|preview|lighthouse|python-requests|curl\/|wget|httpclient|go-http-client|node-fetch|undici|axios|autocannon/i;

/** A request from a crawler or a tool, or with no browser named at all. */
export function isCrawler(userAgent: string | undefined): boolean {
  return !userAgent || CRAWLER.test(userAgent);
}

/** The act's own profile page: /entertainment/{actUrl}, not its calendar or its edit page. */
const PROFILE_PATH = /^\/entertainment\/([a-z0-9][a-z0-9-]*)$/;

const today = () => new Date().toISOString().slice(0, 10);

export interface ActivityCounter {
  /** A visitor saw the act's profile today; once a day counts. */
  viewed(actUrl: string, visitor: string): void;
  /** Acts (by url) were on a page of results someone was shown. */
  appeared(actUrls: readonly string[]): void;
  /** Writes what was counted since the last write (an insights answer calls it first: it reads its own counts). */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left. */
  stop(): Promise<void>;
  /** Counts the profile views and result pages a request was shown; placed around the guest cache, so hits count too. */
  middleware: MiddlewareHandler<AppEnv>;
}

interface Options {
  /** Off: nothing is counted (the bench sets it side by side with on). */
  enabled?: boolean;
  /** How often the batch is written. */
  flushMs?: number;
  onError?: (error: unknown) => void;
}

export function createActivityCounter(db: Database, options: Options = {}): ActivityCounter {
  const { enabled = true, flushMs = 5_000, onError = () => undefined } = options;
  // Today's visitors already counted on this server, so a visitor's second look costs nothing.
  let seenDay = today();
  let seen = new Set<string>();
  let views: { url: string; day: string; visitor: string }[] = [];
  let appearances = new Map<string, number>();
  let writing: Promise<void> = Promise.resolve();

  function viewed(actUrl: string, visitor: string) {
    const day = today();
    if (day !== seenDay || seen.size > 200_000) {
      seenDay = day;
      seen = new Set();
    }
    const key = `${actUrl}\n${visitor}`;
    if (seen.has(key)) return;
    seen.add(key);
    // Only a digest of who looked is written: never a guest's address.
    views.push({ url: actUrl, day, visitor: createHash("sha256").update(visitor).digest("base64url").slice(0, 22) });
  }

  function appeared(actUrls: readonly string[]) {
    const day = today();
    for (const url of actUrls) {
      const key = `${url}\n${day}`;
      appearances.set(key, (appearances.get(key) ?? 0) + 1);
    }
  }

  async function write() {
    const batch = views;
    const counts = appearances;
    views = [];
    appearances = new Map();
    // One statement a batch, its rows as one JSON parameter.
    if (batch.length)
      await db.execute(sql`
        insert into act_views (act_id, day, visitor)
        select a.id, v.day, v.visitor
        from json_to_recordset(${JSON.stringify(batch)}::json) as v(url text, day date, visitor text)
        join acts a on a.url = v.url
        on conflict do nothing`);
    if (counts.size) {
      const rows = [...counts].map(([key, n]) => {
        const [url, day] = key.split("\n");
        return { url, day, n };
      });
      await db.execute(sql`
        insert into act_appearances (act_id, day, appearances)
        select a.id, c.day, sum(c.n)
        from json_to_recordset(${JSON.stringify(rows)}::json) as c(url text, day date, n int)
        join acts a on a.url = c.url
        group by a.id, c.day
        on conflict (act_id, day) do update set appearances = act_appearances.appearances + excluded.appearances`);
    }
  }

  // One write at a time, in order: a flush waits for the one in flight and then writes the rest.
  const flush = () => {
    writing = writing.then(write).catch(onError);
    return writing;
  };
  const timer = enabled ? setInterval(() => void flush(), flushMs) : null;
  timer?.unref();

  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!enabled || c.req.method !== "GET") return next();
    await next();
    if (c.res.status !== 200 || isCrawler(c.req.header("user-agent"))) return;
    const viewer = c.get("viewer");
    // Guests and planners look for acts; artists and admins, the act's own people among them, are not counted.
    if (viewer && viewer.role !== "PLANNER") return;
    const profile = PROFILE_PATH.exec(c.req.path);
    if (profile?.[1])
      viewed(
        profile[1],
        viewer ? `planner:${viewer.id}` : `guest:${socketAddress(c) ?? ""}\n${c.req.header("user-agent")}`,
      );
    const shown = c.get("pageMemo")?.[SHOWN_ACTS_MEMO];
    if (Array.isArray(shown)) appeared(shown.filter((url): url is string => typeof url === "string"));
  };

  return {
    viewed,
    appeared,
    flush,
    stop: async () => {
      if (timer) clearInterval(timer);
      await flush();
    },
    middleware,
  };
}
