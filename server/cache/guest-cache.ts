import { gunzipSync, gzipSync } from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../http/app-env";
import type { TaggedStore } from "./tagged-store";
import { renderedPage } from "../http/page-response";
import { setResponseHeader } from "../http/set-response-header";
import type { StoredPages } from "./stored-pages";

/** A cached page, depending on what it read: one act's page, or any act (server/cache/read-tracking.ts). */
interface Entry {
  /** The page's bytes: a page from the database has only its gzip, and is unzipped once if a client asks without. */
  body: () => Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer>;
  headers: [string, string][];
  /** What the page told the middleware around it (AppVariables.pageMemo), told again on each hit. */
  memo: Record<string, unknown> | undefined;
}

const CACHED_HEADERS = new Set(["content-type", "cache-control", "content-language", "content-security-policy"]);

/**
 * The URL a guest page is stored under: the path, and the query parameters pages read (the
 * routes' `handle.queryParams`, server/render/ssr.ts), sorted. A page is rendered for its key's
 * URL, so an unknown parameter neither forces a render nor shows up in a stored page.
 */
export function pageKey(url: URL, queryParams: readonly string[]): string {
  const kept = new URLSearchParams();
  for (const name of [...queryParams].sort())
    for (const value of url.searchParams.getAll(name)) kept.append(name, value);
  const query = kept.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

/**
 * Whether a page asks search engines to index it: its head has no robots meta saying `noindex`.
 * Only such a page, at an address without a query, is stored for every server (decision 0067):
 * the sitemap's pages and few others. Every thin listing (any list in any city) or every search
 * a stranger can type would otherwise fill the database, where memory's pages are bounded.
 */
export function isIndexable(page: Uint8Array): boolean {
  const start = Buffer.from(page.buffer, page.byteOffset, Math.min(page.byteLength, HEAD_BYTES)).toString("latin1");
  const headEnd = start.indexOf("</head>");
  return !ROBOTS_NOINDEX.test(headEnd < 0 ? start : start.slice(0, headEnd));
}

/** Where a page's head ends at the latest: its meta comes first. */
const HEAD_BYTES = 32 * 1024;
const ROBOTS_NOINDEX = /<meta name="robots" content="[^"]*\bnoindex\b/i;

/**
 * A page a guest may be shown from the cache: not one of React Router's requests for route
 * manifests or page data, not an admin page (a guest is only ever sent to sign in from
 * there, and the way back must keep every parameter the page reads), and not the page a
 * password-reset link opens (its token is a secret of one person, never part of a key).
 */
export function isDocumentPath(pathname: string): boolean {
  return (
    pathname !== "/__manifest" &&
    !pathname.endsWith(".data") &&
    !pathname.startsWith("/admin/") &&
    pathname !== "/reset-password"
  );
}

export interface GuestPageCache {
  middleware: MiddlewareHandler<AppEnv>;
  /**
   * A guest's request of a page made ahead of its first asking (the `pages_ahead` round): the page
   * is looked for and stored in the database as any other, and kept out of this server's memory,
   * where it would push out pages people ask for.
   */
  requestAhead(url: string): Request;
  /** A value derived from every act (the sitemap's listings), kept until any act changes. */
  derived<T>(key: string, compute: () => Promise<T>): Promise<T>;
}

/**
 * Server-rendered pages for guests, kept in the server's tagged store (server/cache/tagged-store.ts).
 *
 * A request is a guest's when it carries no valid session (a junk or stale cookie is still a
 * guest), so a signed-in page is never stored and never served to anyone else. Database
 * triggers notify every write with NOTIFY at commit, naming the act it touched ("act:<url>")
 * or "all"; each server counts the change notices it hears, and an entry is good while nothing
 * it depends on was notified after its render began. So a write to one act re-renders that
 * act's page and the pages that list acts, and leaves the other acts' pages cached, on every
 * server. While the change notices cannot be heard (at start, or while the listening
 * connection is down) nothing is served from the cache.
 */
export function createGuestPageCache(
  store: TaggedStore,
  options: {
    queryParams: readonly string[];
    maxEntries?: number;
    /**
     * Pages kept in the database for every server (decision 0067); none when not given. Only an
     * indexable page at an address without a query is looked for and stored (`isIndexable`).
     */
    stored?: StoredPages;
    /** Told of a page that could not be looked for or stored: serving it goes on. */
    onStoreError?: (error: unknown) => void;
  },
): GuestPageCache {
  const { queryParams, stored } = options;
  const pages = { group: "guest-pages", maxEntries: options.maxEntries ?? 500, survivesWrites: true };

  const madeAhead = new WeakSet<Request>();

  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (c.req.method !== "GET" || c.get("viewer") || !store.listening()) return next();
    const url = new URL(c.req.url);
    // Documents only: the router's own requests (its manifest, a page's data) need every
    // parameter they carry; without `version` the manifest answers "reload the page".
    if (!isDocumentPath(url.pathname)) return next();
    const key = pageKey(url, queryParams);
    const ahead = madeAhead.has(c.req.raw);
    const hit = ahead ? undefined : store.peek<Entry>(key, pages);
    if (hit) return answer(c, hit, "hit");
    const renderedAt = store.now();
    // One statement: the page if another server (or the job that makes pages ahead) stored it,
    // and the snapshot a render of it begins after.
    // A look that fails is reported and the page rendered, as it was before there was a store.
    const look =
      stored && !key.includes("?")
        ? await stored.look(key).catch((error: unknown) => void options.onStoreError?.(error))
        : undefined;
    if (look?.page) {
      const { gzip, headers, memo, dependsOn } = look.page;
      const entry: Entry = { body: unzipped(gzip), gzip, headers, memo };
      if (!ahead) store.put<Entry>(key, dependsOn, renderedAt, entry, pages);
      return answer(c, entry, "stored");
    }
    // The page is rendered for its key, so what is stored is true for every request with that key.
    c.set("renderUrl", new URL(key, url).toString());
    if (ahead) c.set("madeAhead", true);
    await next();
    const response = c.res;
    if (
      response.status !== 200 ||
      response.headers.has("set-cookie") ||
      !response.headers.get("content-type")?.startsWith("text/html")
    )
      return;
    // A page from the renderer carries its bytes (and their gzip when the client took it); any other is read.
    const page = renderedPage(response);
    if (!page && response.headers.has("content-encoding")) return;
    const body = page?.bytes ?? new Uint8Array(await response.clone().arrayBuffer());
    const headers = [...response.headers].filter(([name]) => CACHED_HEADERS.has(name.toLowerCase()));
    const gzip = page?.gzip ?? new Uint8Array(gzipSync(body));
    const dependsOn = c.get("pageTags") ?? "*";
    const memo = c.get("pageMemo");
    if (!ahead) store.put<Entry>(key, dependsOn, renderedAt, { body: () => body, gzip, headers, memo }, pages);
    setResponseHeader(c, "x-cache", "miss");
    if (!look || !isIndexable(body)) return;
    const saved = stored!
      .save(key, look.snapshot, { gzip, headers, memo, dependsOn })
      .catch((error: unknown) => options.onStoreError?.(error));
    // A page made ahead is done once it is stored; a guest's answer does not wait for it.
    if (ahead) await saved;
  };

  return {
    middleware,
    requestAhead(url) {
      // Gzip, as crawlers ask: the page's own compression is stored, its kept parts compressed once.
      const request = new Request(url, { headers: { "accept-encoding": "gzip" } });
      madeAhead.add(request);
      return request;
    },
    derived: (key, compute) =>
      store.cached(key, "*", compute, { group: "guest-derived", maxEntries: 100, survivesWrites: true }),
  };
}

function answer(c: Context<AppEnv>, entry: Entry, how: "hit" | "stored"): Response {
  const gzip = /\bgzip\b/.test(c.req.header("accept-encoding") ?? "");
  const headers = new Headers(entry.headers);
  headers.set("x-cache", how);
  headers.set("vary", "accept-encoding");
  if (gzip) headers.set("content-encoding", "gzip");
  if (entry.memo) c.set("pageMemo", entry.memo);
  return new Response(gzip ? entry.gzip : entry.body(), { status: 200, headers });
}

/** A page's bytes from its gzip, unzipped the first time a client asks without gzip. */
function unzipped(gzip: Uint8Array<ArrayBuffer>): () => Uint8Array<ArrayBuffer> {
  let body: Uint8Array<ArrayBuffer> | undefined;
  return () => (body ??= new Uint8Array(gunzipSync(gzip)));
}
