import { gzipSync } from "node:zlib";
import type { Context } from "hono";
import { gzipAround, type Precompressed } from "./gzip-around";
import { pagePolicy, type PagePolicyOptions, policyOf } from "./security-headers";

/**
 * A rendered page's bytes travel on its Response under this key, so what comes after the render
 * (its Content-Security-Policy, compression, the guest cache) uses them as they are instead of
 * reading the body back through a web stream. A registered symbol, because the page is rendered
 * by the server build (build/server), a bundle apart from the one that serves it.
 */
const PAGE = Symbol.for("eva.rendered-page");
/** Below this a compressed page is hardly smaller (the compress middleware's threshold too). */
export const GZIP_MIN_BYTES = 1024;
/**
 * A page is compressed on every signed-in request, so speed matters more than the last bytes:
 * level 3 takes about 0.4 ms for a 44 KB profile and gives 7.8 KB, where the default (6) takes
 * 0.65 ms for 7.2 KB, and zlib's thread pool costs more CPU in all than either.
 */
export const GZIP_LEVEL = 3;

export interface RenderedPage {
  /** The page as rendered, in UTF-8. */
  bytes: Uint8Array<ArrayBuffer>;
  /** The same compressed, when the client asked for it and it was worth it. */
  gzip: Uint8Array<ArrayBuffer> | null;
  /** Parts of the page kept between renders, already compressed (decision 0021). */
  kept: readonly Precompressed[];
  /** What sending a kept page made once, shared by every request that sends it (decision 0022). */
  finish?: PageFinish;
  /**
   * The hashes of its inline scripts when the renderer found them (in what it rendered around the
   * kept parts, and in each part once): the page's bytes are then not searched for them.
   */
  scriptHashes?: readonly string[];
}

/**
 * What finishing a page makes of its bytes: its policy and its gzip. A page kept whole
 * (server/cache/page-cache.ts) holds one, so only its first send makes them. The policy's options
 * are the server's, the same for every request.
 */
export interface PageFinish {
  policy?: string;
  gzip?: Uint8Array<ArrayBuffer>;
}

/** The render's answer: the page's HTML, with its bytes kept where the server finds them. */
export function htmlResponse(
  bytes: Uint8Array<ArrayBuffer>,
  init: ResponseInit,
  {
    kept = [],
    finish,
    scriptHashes,
  }: { kept?: readonly Precompressed[]; finish?: PageFinish; scriptHashes?: readonly string[] } = {},
): Response {
  return tagged(new Response(bytes, init), { bytes, gzip: null, kept, finish, scriptHashes });
}

/** What a response carries of a rendered page, if it is one. */
export function renderedPage(response: Response): RenderedPage | undefined {
  return (response as unknown as Record<symbol, RenderedPage | undefined>)[PAGE];
}

function tagged(response: Response, page: RenderedPage): Response {
  Object.defineProperty(response, PAGE, { value: page });
  return response;
}

/**
 * A rendered page made ready to send: its policy, made from its own bytes (so that a cached
 * copy keeps a policy true of it), and its body compressed when the client takes gzip.
 * Anything else is returned as it is.
 */
export function finishPage(response: Response, options: PagePolicyOptions & { acceptsGzip: boolean }): Response {
  const page = renderedPage(response);
  if (!page) return response;
  const finish = page.finish ?? {};
  const headers = new Headers(response.headers);
  headers.set(
    "content-security-policy",
    (finish.policy ??= page.scriptHashes ? policyOf(page.scriptHashes, options) : pagePolicy(page.bytes, options)),
  );
  headers.delete("content-length");
  headers.append("vary", "accept-encoding");
  const compress = options.acceptsGzip && page.bytes.byteLength >= GZIP_MIN_BYTES;
  const zipped = compress
    ? (finish.gzip ??= page.kept.length
        ? gzipAround(page.bytes, page.kept, GZIP_LEVEL)
        : gzipSync(page.bytes, { level: GZIP_LEVEL }))
    : null;
  if (zipped) headers.set("content-encoding", "gzip");
  // Status and headers only: a page's status text is its code's own, and reading it (or the body)
  // from the Node server's light Response makes it a full web Response, its bytes copied and then
  // sent through a web stream (about a tenth of a page's CPU).
  return tagged(new Response(zipped ?? page.bytes, { status: response.status, headers }), { ...page, gzip: zipped });
}

/** Whether the request's Accept-Encoding takes gzip, by name or by "*" (a q of 0 refuses it). */
export function acceptsGzip(c: Context): boolean {
  const offers = (c.req.header("accept-encoding") ?? "").split(",").map((offer) => {
    const [coding = "", ...params] = offer.split(";").map((part) => part.trim().toLowerCase());
    const q = params.find((param) => param.startsWith("q="));
    return { coding, q: q === undefined ? 1 : Number(q.slice(2)) };
  });
  const named = offers.find((offer) => offer.coding === "gzip") ?? offers.find((offer) => offer.coding === "*");
  return named !== undefined && named.q > 0;
}
