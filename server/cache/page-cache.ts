import { createHash } from "node:crypto";
import type { PageFinish } from "../http/page-response";
import { createSizedLru } from "./sized-lru";

/** What the kept pages of one server may hold in all, in bytes (each page and its gzip). */
const DEFAULT_MAX_BYTES = 64 * 1024 * 1024;

/** A page as rendered, and what sending it made of it once (its policy, its gzip). */
export interface CachedPage {
  readonly bytes: Uint8Array<ArrayBuffer>;
  readonly finish: PageFinish;
}

/**
 * Whole pages kept by what they were rendered from (decision 0022). A page's HTML is a pure
 * function of its address and of the data its loaders returned, which React Router serialises
 * for the browser (the "handoff") whether the page hydrates or not. That serialisation, with
 * the address and the status, is the key, so the same data renders once and any change to
 * what a page shows, whoever it is shown to, is another key: nothing is notified, and a
 * viewer's page can only be served to a request whose loaders returned exactly that viewer's
 * data. The renderer (app/entry.server.tsx) asks before it renders and keeps what it made.
 */
export interface PageKeeper {
  /** The key of a page rendered for `url` with `status` from these handoff bytes. */
  keyOf(url: string, status: number, handoff: readonly Uint8Array[]): string;
  get(key: string): CachedPage | undefined;
  /** Keeps a page just rendered; the returned finish is filled in as it is first sent. */
  keep(key: string, bytes: Uint8Array<ArrayBuffer>): CachedPage;
  size(): { entries: number; bytes: number };
}

export function createPageKeeper(maxBytes = DEFAULT_MAX_BYTES): PageKeeper {
  const kept = createSizedLru<CachedPage>(maxBytes);
  return {
    keyOf(url, status, handoff) {
      const hash = createHash("sha256").update(`${status} ${url}\n`);
      for (const chunk of handoff) hash.update(chunk);
      return hash.digest("base64");
    },
    get: (key) => kept.get(key),
    keep(key, bytes) {
      const page: CachedPage = { bytes, finish: {} };
      // The gzip is filled in later; it is about a sixth of the page (7 KB of a 44 KB profile).
      kept.set(key, page, bytes.byteLength + Math.ceil(bytes.byteLength / 6));
      return page;
    },
    size: () => kept.size(),
  };
}
