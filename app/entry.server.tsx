import { Writable } from "node:stream";
import type { EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { renderToPipeableStream } from "react-dom/server";
import { htmlResponse } from "../server/page-response";

/** How long a render may wait for data still on its way before it is cut short. */
export const streamTimeout = 5_000;

/**
 * Every page is rendered whole before it is sent. The server needs the whole page anyway: its
 * Content-Security-Policy names the hashes of the page's own inline scripts, and a guest's page
 * is kept in the cache. Our loaders return data, not promises, so waiting for everything costs
 * no time to first byte, and collecting the bytes here skips the stream conversions of React
 * Router's default entry (a Node stream, to a web stream, back to a Node socket).
 */
export default function handleRequest(request: Request, status: number, headers: Headers, routerContext: EntryContext) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") return new Response(null, { status, headers });

  return new Promise<Response>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, callback) {
        chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeout);
        headers.set("Content-Type", "text/html; charset=utf-8");
        resolve(htmlResponse(Buffer.concat(chunks), { status, headers }));
        callback();
      },
    });
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} />, {
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
    });
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
  });
}
