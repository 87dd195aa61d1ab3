import type { Http2Bindings, HttpBindings } from "@hono/node-server";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import { ServerResponse } from "node:http";

/** Where a stream's events go, whichever way it is served. */
export interface EventWriter {
  /** Resolves once the bytes are handed to the connection; rejects when it has closed. */
  write(text: string): Promise<void>;
  /** Ends the stream from our side. */
  end(): void;
}

/** What serves one stream: its start once the head is sent, and its end, whatever the cause. */
export interface EventSource {
  start(writer: EventWriter): void;
  /** Called once, when the stream ends: the client left (before the start too), or `end` was called. */
  closed(): void;
}

const EVENT_STREAM_TYPE = "text/event-stream";

/** The streams whose socket the edge may take over, by their answer's body. */
const socketSources = new WeakMap<ReadableStream<Uint8Array>, EventSource>();

/**
 * A server-sent events answer that stays open. Behind the Node server (`serveEventStreams`) its
 * events are written straight to the socket's response, so that an idle stream holds no web
 * stream, no request context and no middleware's closures, only the connection itself (issue 67,
 * item 3: 2,000 idle streams held 60 MB of heap through Hono's streaming helper, 22 MB so).
 * Anywhere else (the in-process tests' `app.request`) its body is a web stream that starts the
 * same delivery when first read. Either way the middleware's headers are the answer's.
 */
export function eventStreamResponse(source: EventSource): Response {
  const encoder = new TextEncoder();
  let state: "waiting" | "open" | "closed" = "waiting";
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  const close = () => {
    if (state === "closed") return;
    state = "closed";
    controller = null;
    source.closed();
  };
  // A high-water mark of 0: nothing is pulled, and so nothing starts, until a reader asks.
  const body = new ReadableStream<Uint8Array>(
    {
      pull(it) {
        if (state !== "waiting") return;
        state = "open";
        controller = it;
        source.start({
          write: (text) => {
            if (!controller) return Promise.reject(new Error("the stream ended"));
            controller.enqueue(encoder.encode(text));
            return Promise.resolve();
          },
          end: () => {
            const ending = controller;
            close();
            ending?.close();
          },
        });
      },
      cancel: close,
    },
    { highWaterMark: 0 },
  );
  socketSources.set(body, source);
  return new Response(body, {
    headers: { "content-type": EVENT_STREAM_TYPE, "cache-control": "no-store", connection: "keep-alive" },
  });
}

/**
 * The app's fetch, with event streams served on the socket's own response: the head the app
 * made (status and every header its middleware set) is written, then the stream's delivery
 * writes to the socket, and the web stream the app answered with is never read.
 */
export function serveEventStreams(
  fetch: (request: Request, env: HttpBindings | Http2Bindings) => Response | Promise<Response>,
): (request: Request, env: HttpBindings | Http2Bindings) => Promise<Response> {
  return async (request, env) => {
    const response = await fetch(request, env);
    // The type first: reading the body of the Node server's light Response makes it a full web
    // Response, whose bytes are then sent through a web stream; only a stream's body is looked at.
    if (response.headers.get("content-type") !== EVENT_STREAM_TYPE) return response;
    const source = response.body ? socketSources.get(response.body) : undefined;
    const outgoing = env?.outgoing;
    // HTTP/2 answers keep the web stream: this server speaks HTTP/1.1 (start/main.ts).
    if (!source || !(outgoing instanceof ServerResponse) || !response.body) return response;
    socketSources.delete(response.body);
    outgoing.writeHead(response.status, headRecord(response.headers));
    // Node holds a head back until the first write; the client waits for it to know the stream is open.
    outgoing.flushHeaders();
    // A client gone before its head was written is told of at once: its close has passed.
    if (outgoing.closed) source.closed();
    else {
      outgoing.once("close", () => source.closed());
      source.start(socketWriter(outgoing));
    }
    return RESPONSE_ALREADY_SENT;
  };
}

function socketWriter(outgoing: ServerResponse): EventWriter {
  return {
    write: (text) =>
      new Promise<void>((resolve, reject) => {
        if (outgoing.writableEnded || outgoing.destroyed) return reject(new Error("the stream ended"));
        outgoing.write(text, (error) => (error ? reject(error) : resolve()));
      }),
    end: () => outgoing.end(),
  };
}

/** Headers as Node writes them, Set-Cookie kept as separate lines. */
function headRecord(headers: Headers): Record<string, string | string[]> {
  const record: Record<string, string | string[]> = {};
  headers.forEach((value, name) => {
    record[name] = value;
  });
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) record["set-cookie"] = cookies;
  return record;
}
