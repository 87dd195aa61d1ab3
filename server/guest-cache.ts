import { gzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import type { MiddlewareHandler } from "hono";
import type { Logger } from "pino";
import type { AppEnv } from "./api/router";
import { SESSION_COOKIE } from "./auth";
import type { DatabaseHandle } from "./db/client";
import { contentVersion } from "./db/schema";

interface Entry {
  version: number;
  body: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer>;
  headers: [string, string][];
}

const KEPT_HEADERS = new Set(["content-type", "cache-control", "content-language", "content-security-policy"]);
const CHANNEL = "content_version";
const RETRY_MS = 5_000;

export interface GuestPageCache {
  middleware: MiddlewareHandler<AppEnv>;
  stop(): Promise<void>;
}

/**
 * Server-rendered pages for guests, kept in memory.
 *
 * Only a request with no session cookie reads or fills the cache, so a signed-in page is
 * never stored and never served to anyone else. An entry is good while the content version
 * it was rendered at is current. Database triggers raise that version on every write to the
 * tables guest pages read and announce it with NOTIFY at commit, so a write from any app
 * server makes every server render afresh. While the version is unknown (at start, or while
 * the listening connection is down) nothing is served from the cache.
 */
export async function createGuestPageCache(database: DatabaseHandle, logger: Logger, maxEntries = 500): Promise<GuestPageCache> {
  const entries = new Map<string, Entry>();
  let version: number | null = null;
  let stopListening: (() => Promise<void>) | null = null;
  let retry: NodeJS.Timeout | null = null;
  let stopped = false;

  const onNotify = (payload: string) => {
    const next = Number(payload);
    version = Number.isFinite(next) ? Math.max(version ?? next, next) : null;
  };
  const onLost = () => {
    version = null;
    entries.clear();
    logger.warn("guest page cache: lost the database notifications; rendering every page until they are back");
    retry = setTimeout(() => void connect(), RETRY_MS);
  };
  async function connect() {
    if (stopped) return;
    try {
      stopListening = await database.listen(CHANNEL, onNotify, onLost);
      const [row] = await database.db.select({ version: contentVersion.version }).from(contentVersion).where(eq(contentVersion.id, 1));
      version = row?.version ?? 0;
    } catch (error) {
      logger.warn({ err: error }, "guest page cache: cannot listen for changes; retrying");
      retry = setTimeout(() => void connect(), RETRY_MS);
    }
  }
  await connect();

  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (c.req.method !== "GET" || c.get("viewer") || SESSION_COOKIE.test(c.req.header("cookie") ?? "")) return next();
    const renderedAt = version;
    if (renderedAt === null) return next();
    const url = new URL(c.req.url);
    const key = url.pathname + url.search;
    const hit = entries.get(key);
    if (hit && hit.version === renderedAt) {
      entries.delete(key);
      entries.set(key, hit); // most recently used last
      const gzip = /\bgzip\b/.test(c.req.header("accept-encoding") ?? "");
      const headers = new Headers(hit.headers);
      headers.set("x-cache", "hit");
      headers.set("vary", "accept-encoding");
      if (gzip) headers.set("content-encoding", "gzip");
      return new Response(gzip ? hit.gzip : hit.body, { status: 200, headers });
    }
    await next();
    const response = c.res;
    if (response.status !== 200 || response.headers.has("set-cookie") || !response.headers.get("content-type")?.startsWith("text/html")) return;
    const body = new Uint8Array(await response.clone().arrayBuffer());
    const headers = [...response.headers].filter(([name]) => KEPT_HEADERS.has(name.toLowerCase()));
    entries.set(key, { version: renderedAt, body, gzip: new Uint8Array(gzipSync(body)), headers });
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    c.res.headers.set("x-cache", "miss");
  };

  return {
    middleware,
    stop: async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      await stopListening?.();
    },
  };
}
