import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import type { CachedPiece } from "#server/cache/markup-cache";
import type { Precompressed } from "#server/http/gzip-around";
import { createPageKeeper } from "#server/cache/page-cache";
import { htmlResponse } from "#server/http/page-response";
import { CachedMarkupContext } from "#ui/cached-markup";
import { cachedMarkupFor, joinedPage } from "./lib/kept-parts.server";
import { isPublicLayout } from "./lib/public-layout";

export { createGuestDocument } from "./guest-document.server";

/** How long a render may wait for data still on its way before it is cut short. */
export const streamTimeout = 5_000;

/** Whole pages kept by the data they were rendered from (decision 0022). */
const pages = createPageKeeper();

/**
 * Every page is rendered whole before it is sent. The server needs the whole page anyway: its
 * Content-Security-Policy names the hashes of the page's own inline scripts, and a guest's page
 * is kept in the cache. Our loaders return data, not promises, so waiting for everything costs
 * no time to first byte, and collecting the bytes here skips the stream conversions of React
 * Router's default entry (a Node stream, to a web stream, back to a Node socket).
 *
 * A page rendered before from the same address and the same data is sent as it was made
 * (decision 0022): the data is what React Router serialises for the browser, read here first.
 */
export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") return new Response(null, { status, headers });
  headers.set("Content-Type", "text/html; charset=utf-8");
  // A page made ahead (the `pages_ahead` round) keeps neither itself nor its parts: nobody asked for it here.
  const keep = loadContext.keepParts !== false;
  if (!loadContext.keepPages || !keep || request.method !== "GET" || status !== 200) {
    const page = await renderPage(request, status, routerContext, keep);
    return htmlResponse(
      page.bytes,
      { status: page.status, headers },
      { kept: page.kept, scriptHashes: page.scriptHashes },
    );
  }

  const handoff = await readAll(routerContext.serverHandoffStream);
  const key = pages.keyOf(request.url, status, handoff);
  const known = pages.get(key);
  // Says which it was, as the guest cache's x-cache does, for operators and tests.
  headers.set("x-kept-page", known ? "hit" : "miss");
  if (known) return htmlResponse(known.bytes, { status, headers }, { finish: known.finish });
  // The render reads the handoff again, so it is given the same bytes anew.
  const page = await renderPage(request, status, routerContext, keep, handoff);
  // A page whose render failed part way is not kept: the next request renders it again.
  const kept = page.status === 200 ? pages.keep(key, page.bytes) : undefined;
  return htmlResponse(
    page.bytes,
    { status: page.status, headers },
    { kept: page.kept, finish: kept?.finish, scriptHashes: page.scriptHashes },
  );
}

interface RenderedPage {
  bytes: Uint8Array<ArrayBuffer>;
  /** 500 when a part of the page failed after its shell was rendered. */
  status: number;
  /** Its kept parts where they stand in it. */
  kept: Precompressed[];
  scriptHashes: string[];
}

/**
 * A page, rendered in one pass when nothing in it waits (below), else streamed. `handoff` is the
 * handoff's bytes when they were read already (a page kept by its data): each render reads them
 * anew.
 */
function renderPage(
  request: Request,
  status: number,
  routerContext: EntryContext,
  keep: boolean,
  handoff?: readonly Uint8Array[],
): Promise<RenderedPage> {
  const atOnce = handoff
    ? renderedAtOnce(request, status, withHandoffRead(routerContext, handoff), keep)
    : rendersNoScripts(routerContext)
      ? renderedAtOnce(request, status, routerContext, keep)
      : null;
  if (atOnce) return Promise.resolve(atOnce);
  return renderedAsStream(
    request,
    status,
    handoff ? { ...routerContext, serverHandoffStream: replay(handoff) } : routerContext,
    keep,
  );
}

/**
 * The render's context with the handoff's chunks already read, as React Router's transfer of
 * them (its `StreamTransfer`) keeps what it has read: it then writes each chunk's script without
 * waiting, and so the page needs no stream either. Should a later React Router keep them
 * otherwise, its transfer waits again, the one pass leaves its boundary unfinished, and the page
 * is streamed as before.
 */
function withHandoffRead(routerContext: EntryContext, handoff: readonly Uint8Array[]): EntryContext {
  const decoder = new TextDecoder();
  const read = (done: boolean, value: string) => Object.assign(Promise.resolve(), { result: { done, value } });
  const streamCache = Object.fromEntries(
    handoff.map((chunk, identifier) => [identifier, read(false, decoder.decode(chunk, { stream: true }))]),
  );
  streamCache[handoff.length] = read(true, decoder.decode());
  return {
    ...routerContext,
    serverHandoffStream: replay(handoff),
    renderMeta: { ...routerContext.renderMeta, streamCache },
  };
}

/**
 * A page in the public layout carries none of React Router's scripts, and so nothing in it
 * suspends: the handoff's transfer renders only beside the scripts, and our loaders return data,
 * not promises (nor does a page whose handoff was read first). Such a page is rendered in one
 * synchronous pass, without the stream's machinery (its chunks, its sink, its flushes):
 * 1,260-1,370 guest profiles a second with the cache off became 1,660-2,040 on one server. The
 * bytes are the same: the stream writes the doctype itself, this pass does not (decision 0065).
 */
function renderedAtOnce(
  request: Request,
  status: number,
  routerContext: EntryContext,
  keep: boolean,
): RenderedPage | null {
  const cachedPieces: CachedPiece[] = [];
  const html = renderToString(
    <CachedMarkupContext.Provider value={cachedMarkupFor(cachedPieces, { keep })}>
      <ServerRouter context={routerContext} url={request.url} />
    </CachedMarkupContext.Provider>,
  );
  // A boundary that could not finish is marked so; the streamed render waits for it, or reports it.
  if (html.includes(UNFINISHED_BOUNDARY)) return null;
  const rendered = Buffer.from(html.startsWith("<html") ? `<!DOCTYPE html>${html}` : html);
  const joined = joinedPage(rendered, cachedPieces);
  return { bytes: joined.bytes, scriptHashes: joined.scriptHashes, status, kept: joined.placed };
}

/** How React marks a Suspense boundary left for the browser to render. */
const UNFINISHED_BOUNDARY = "<!--$!";

function rendersNoScripts(routerContext: EntryContext): boolean {
  const { matches, loaderData } = routerContext.staticHandlerContext;
  const leaf = matches[matches.length - 1];
  return isPublicLayout(leaf ? routerContext.routeModules[leaf.route.id]?.handle : undefined, loaderData.root);
}

function renderedAsStream(
  request: Request,
  status: number,
  routerContext: EntryContext,
  keep: boolean,
): Promise<RenderedPage> {
  return new Promise<RenderedPage>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const cachedPieces: CachedPiece[] = [];
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, callback) {
        chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeout);
        const joined = joinedPage(Buffer.concat(chunks), cachedPieces);
        resolve({ bytes: joined.bytes, scriptHashes: joined.scriptHashes, status, kept: joined.placed });
        callback();
      },
    });
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <CachedMarkupContext.Provider value={cachedMarkupFor(cachedPieces, { keep })}>
        <ServerRouter context={routerContext} url={request.url} />
      </CachedMarkupContext.Provider>,
      {
        onShellReady: () => {
          shellRendered = true;
        },
        onAllReady: () => pipe(sink),
        onShellError: (error) => {
          clearTimeout(timeout);
          reject(error);
        },
        onError: (error) => {
          status = 500;
          // React Router logs an error of the shell itself, which rejects above.
          if (shellRendered) console.error(error);
        },
      },
    );
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
  });
}

async function readAll(stream: ReadableStream<Uint8Array> | undefined): Promise<Uint8Array[]> {
  const chunks: Uint8Array[] = [];
  if (!stream) return chunks;
  const reader = stream.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
  return chunks;
}

function replay(chunks: readonly Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}
