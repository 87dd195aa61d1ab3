import { randomBytes } from "node:crypto";
import { preload } from "react-dom";
import { renderToStaticMarkup } from "react-dom/server";
import { cachedPiece, createMarkupKeeper, type CachedPiece, type RenderedMarkup } from "#server/cache/markup-cache";
import type { Precompressed } from "#server/http/gzip-around";
import { inlineScriptHashes } from "#server/http/security-headers";
import type { CachedMarkupRenderer } from "#ui/cached-markup";
import { BOOTSTRAP_OPENING, hydrateAfterPaint } from "./hydrate-after-paint.server";
import { packedJsonOf } from "./packed-json";

/** Parts of pages rendered once per distinct input, for every request of this process. */
const keeper = createMarkupKeeper(undefined, packedJsonOf);

/**
 * The kept parts' renderer for one request, which notes the parts its page holds. React writes
 * a mark where each part goes, and the page's bytes are joined around the part's own bytes
 * (`withKeptParts`): tens of kilobytes a page that React would otherwise write out as text and
 * encode again on every request.
 *
 * `onMissing`, when given, is told of a part not kept yet instead of the part being made (it may
 * throw to stop the render): a render outside React Router (app/guest-document.server.tsx) cannot
 * make one, as a part's links and forms need the router. With `keep: false` a part not kept is
 * made for this page only: a page made ahead (the `pages_ahead` round) would push out the parts
 * of pages people ask for.
 */
export function cachedMarkupFor(
  pieces: CachedPiece[],
  options: { onMissing?: () => void; keep?: boolean } = {},
): CachedMarkupRenderer {
  const { onMissing, keep = true } = options;
  return {
    markup(name, input, element) {
      // A render of its own, synchronous, inside the page's: it shares nothing with the page's
      // render but the React elements it is given (the kept parts use no Suspense).
      const render = () => hoistedMarkup(renderToStaticMarkup(element()));
      const piece = onMissing
        ? keeper.known(name, input)
        : keep
          ? keeper.piece(name, input, render)
          : (keeper.known(name, input) ?? cachedPiece(render()));
      if (!piece) {
        onMissing?.();
        return "";
      }
      for (const href of piece.imagePreloads) preload(href, { as: "image" });
      pieces.push(piece);
      return `${KEPT_MARK}${pieces.length - 1}-->`;
    },
  };
}

/**
 * Where a kept part goes in a page's render. The comment cannot come from anything a user
 * writes: React escapes text, and the mark carries a number drawn when the process started.
 */
const KEPT_MARK = `<!--kept-part:${randomBytes(9).toString("base64url")}:`;
const KEPT_MARK_BYTES = Buffer.from(KEPT_MARK);

/**
 * The page's bytes with each kept part's mark replaced by the part's bytes, and the parts where
 * they now stand, in the page's order: its gzip takes each as it is compressed.
 */
function withKeptParts(
  bytes: Buffer<ArrayBuffer>,
  pieces: readonly CachedPiece[],
): { bytes: Buffer<ArrayBuffer>; placed: Precompressed[] } {
  if (pieces.length === 0) return { bytes, placed: [] };
  const joined: Buffer[] = [];
  const placed: Precompressed[] = [];
  let at = 0;
  let length = 0;
  for (let mark = bytes.indexOf(KEPT_MARK_BYTES); mark >= 0; mark = bytes.indexOf(KEPT_MARK_BYTES, at)) {
    const numberAt = mark + KEPT_MARK_BYTES.byteLength;
    const end = bytes.indexOf("-->", numberAt);
    const piece = pieces[Number(bytes.toString("latin1", numberAt, end))]!;
    joined.push(bytes.subarray(at, mark), piece.bytes);
    length += mark - at;
    placed.push({ bytes: piece.bytes, deflated: () => piece.deflated(), at: length });
    length += piece.bytes.byteLength;
    at = end + 3;
  }
  joined.push(bytes.subarray(at));
  return { bytes: Buffer.concat(joined), placed };
}

const LEADING_IMAGE_PRELOADS = /^(?:<link rel="preload" as="image" href="[^"]*"\/>)+/;

/**
 * React puts a preload of a page's first images in its head. A render of its own puts them at
 * the start of its markup instead; they are taken from there, and each page that shows the
 * markup asks its own render for them, which puts them in the head as before.
 */
function hoistedMarkup(html: string): RenderedMarkup {
  const links = LEADING_IMAGE_PRELOADS.exec(html)?.[0];
  if (!links) return { html, imagePreloads: [] };
  return {
    html: html.slice(links.length),
    imagePreloads: [...links.matchAll(/href="([^"]*)"/g)].map(([, href]) => unescapeAttribute(href!)),
  };
}

function unescapeAttribute(value: string): string {
  return value.replace(
    /&(amp|quot|#x27|lt|gt);/g,
    (_, entity: string) => ({ amp: "&", quot: '"', "#x27": "'", lt: "<", gt: ">" })[entity]!,
  );
}

/**
 * A page's bytes, and its inline scripts' hashes, from React's own output, however rendered: the
 * hashes are found in that output and in each part once, not in the whole page on every
 * request (a search of 56 KB for a profile). The bootstrap is rewritten before
 * the kept parts are joined in: React's output is a few kilobytes where the page is tens, and the
 * kept parts hold no script and no preload (their markup is the app's, and every user's text in
 * it escaped). A guest's page hydrates nothing: only signed-in pages carry React Router's
 * bootstrap.
 */
export function joinedPage(rendered: Buffer<ArrayBuffer>, pieces: readonly CachedPiece[]): JoinedPage {
  const around = rendered.includes(BOOTSTRAP_OPENING)
    ? Buffer.from(hydrateAfterPaint(rendered.toString("utf8")))
    : rendered;
  const scriptHashes = new Set(inlineScriptHashes(around));
  for (const piece of pieces) for (const hash of scriptHashesOf(piece)) scriptHashes.add(hash);
  return { ...withKeptParts(around, pieces), scriptHashes: [...scriptHashes] };
}

export interface JoinedPage {
  bytes: Buffer<ArrayBuffer>;
  /** The kept parts where they stand in the page, for its gzip. */
  placed: Precompressed[];
  /** The hashes of its inline scripts, for its policy: a script lies either around the parts or in one. */
  scriptHashes: string[];
}

/** A kept part's inline scripts' hashes, found once while it is kept. */
const partScriptHashes = new WeakMap<CachedPiece, string[]>();

function scriptHashesOf(piece: CachedPiece): string[] {
  let hashes = partScriptHashes.get(piece);
  if (!hashes) partScriptHashes.set(piece, (hashes = inlineScriptHashes(piece.bytes)));
  return hashes;
}
