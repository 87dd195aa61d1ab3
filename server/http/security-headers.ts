import { createHash } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { setResponseHeader } from "./set-response-header";

/** Inline <script> elements of a page: their attributes and their exact text. */
const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
/** Script types that a browser does not run (JSON-LD and other data blocks). */
const DATA_BLOCK = /\btype\s*=\s*["']?application\/(ld\+)?json/i;

/**
 * The sha256 source of each inline script that the browser would run. A page given as UTF-8
 * bytes is searched as Latin-1, where each character is one byte, and each script is hashed
 * from its own bytes: no decoding of the whole page.
 */
export function inlineScriptHashes(html: string | Uint8Array): string[] {
  const bytes = typeof html === "string" ? null : Buffer.from(html.buffer, html.byteOffset, html.byteLength);
  const text = bytes ? bytes.toString("latin1") : (html as string);
  const hashes = new Set<string>();
  for (const match of text.matchAll(SCRIPT_ELEMENT)) {
    const [, attributes = "", body = ""] = match;
    if (/\bsrc\s*=/i.test(attributes) || DATA_BLOCK.test(attributes)) continue;
    const bodyStart = match.index + "<script".length + attributes.length + 1;
    const source = bytes ? bytes.subarray(bodyStart, bodyStart + body.length) : Buffer.from(body, "utf8");
    hashes.add(`'sha256-${createHash("sha256").update(source).digest("base64")}'`);
  }
  return [...hashes];
}

export interface PagePolicyOptions {
  /** The live-chat widget's script address, whose origin may then run script and frames. */
  chatWidgetSrc?: string | null;
  development?: boolean;
  /** Further hosts a page may load script and styles from (the API reference's CDN). */
  assetHosts?: string[];
  /** Where the map's style, tiles, glyphs and sprites come from (MAP_STYLE_URL's origin). */
  mapHosts?: string[];
  /** Where a page's form may send its person on (Stripe's Checkout, after the booking page's "Pay"). */
  formTargets?: string[];
}

/**
 * The Content-Security-Policy of a page: scripts only from our origin and the inline ones
 * this very page carries (by hash, so that a cached page keeps a policy true of its bytes),
 * no plugins, no <base>, never framed; video players and thumbnails from their hosts.
 */
export function pagePolicy(html: string | Uint8Array, options: PagePolicyOptions = {}): string {
  return policyOf(inlineScriptHashes(html), options);
}

/** The same policy from the hashes of the page's inline scripts, when its renderer found them. */
export function policyOf(scriptHashes: readonly string[], options: PagePolicyOptions = {}): string {
  const chat = options.chatWidgetSrc ? originOf(options.chatWidgetSrc) : null;
  const extra = chat ? [chat] : [];
  const assets = options.assetHosts ?? [];
  const maps = options.mapHosts ?? [];
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...scriptHashes, ...extra, ...assets],
    "style-src": ["'self'", "'unsafe-inline'", ...assets],
    "img-src": ["'self'", "data:", "blob:", "https://i.ytimg.com", "https://i.vimeocdn.com", ...extra, ...maps],
    "media-src": ["'self'", "blob:"],
    "font-src": ["'self'", "data:"],
    "frame-src": ["https://www.youtube-nocookie.com", "https://player.vimeo.com", ...extra],
    "connect-src": ["'self'", ...extra, ...maps, ...(options.development ? ["ws:", "wss:"] : [])],
    "form-action": ["'self'", ...(options.formTargets ?? [])],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "frame-ancestors": ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

/** JSON and anything else that is not a page: nothing may load or frame it. */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** A page response with its Content-Security-Policy, computed from its own HTML. */
export async function withPagePolicy(response: Response, options: PagePolicyOptions): Promise<Response> {
  if (!response.headers.get("content-type")?.startsWith("text/html") || response.headers.has("content-security-policy"))
    return response;
  const html = await response.text();
  const headers = new Headers(response.headers);
  headers.set("content-security-policy", pagePolicy(html, options));
  headers.delete("content-length");
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
}

/**
 * Headers for every answer: no type sniffing, no referrer beyond our origin, never framed,
 * HTTPS remembered when we are served over it; a policy for what set none of its own.
 */
export function securityHeaders(options: { https: boolean } & PagePolicyOptions): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const withPolicy = await withPagePolicy(c.res, options);
    // Hono copies a response given to c.res, body and all: only a new one is handed over.
    if (withPolicy !== c.res) c.res = withPolicy;
    setResponseHeader(c, "x-content-type-options", "nosniff");
    setResponseHeader(c, "referrer-policy", "strict-origin-when-cross-origin");
    setResponseHeader(c, "x-frame-options", "DENY");
    if (options.https) setResponseHeader(c, "strict-transport-security", "max-age=31536000; includeSubDomains");
    if (!c.res.headers.has("content-security-policy")) setResponseHeader(c, "content-security-policy", API_POLICY);
  };
}
