import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import type { ConversationHub, StreamWaker } from "../../live/conversation-hub";
import { findReadableConversation, markConversationRead, messagesAfter } from "../../services/conversations";
import { onItem, requireViewer } from "../guards";
import { apiRoute } from "../route-docs";
import { type AppEnv, idParam } from "../router";

/** A comment line this often keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 25_000;
/** A server that does not listen for notices (no hub) looks for new messages this often instead. */
const POLL_MS = 1_000;

export const conversationStreamRoute = apiRoute({
  method: "get",
  middleware: [onItem("id", findReadableConversation, "The conversation's planner, the act's artist and admins")],
  path: "/conversations/{id}/stream",
  tags: ["Conversations"],
  summary: "The conversation's new messages as they are written, on any server: server-sent events named `message`, each with its id",
  description:
    "Each event's `id` is the message's; a client that reconnects with `Last-Event-ID` (browsers do) or `?after=` gets every message after that one, so nothing is lost to a dropped connection. Without either, the stream starts with every message. Messages it delivers count as read.",
  request: { params: idParam("id"), query: z.object({ after: z.coerce.number().int().min(0).max(2_147_483_647).optional().describe("The last message id the client has") }) },
  responses: {
    200: {
      description: "An event stream that stays open",
      content: {
        "text/event-stream": {
          schema: z.string().meta({
            example:
              'id: 12\nevent: message\ndata: {"id":12,"kind":"text","body":"Do you play a first dance we choose?","created_at":"2026-11-26T10:00:00.000Z","mine":false,"from":{"name":"Pat Planner","role":"PLANNER"}}\n\n',
          }),
        },
      },
    },
  },
});

/** The id to resume after: the browser's Last-Event-ID on a reconnection wins over `after`. */
function resumeAfter(lastEventId: string | undefined, after: number | undefined): number {
  if (lastEventId && /^\d{1,10}$/.test(lastEventId.trim())) return Math.min(Number(lastEventId.trim()), 2_147_483_647);
  return after ?? 0;
}

/**
 * Sends what was written after the client's last id, then waits to be woken by the hub (a
 * notice from any server) and sends what is new again, until the client leaves or the server stops.
 */
export function streamConversation(hub: ConversationHub | undefined) {
  return (c: Context<AppEnv>, id: number, after: number | undefined) => {
    const viewer = requireViewer(c);
    const db = c.get("db");
    c.header("cache-control", "no-store");
    return streamSSE(c, async (stream) => {
      let last = resumeAfter(c.req.header("last-event-id"), after);
      let dirty = true;
      let ended = false;
      let wakeUp: (() => void) | undefined;
      const waker: StreamWaker = {
        wake: () => {
          dirty = true;
          wakeUp?.();
        },
        end: () => {
          ended = true;
          wakeUp?.();
        },
      };
      const unsubscribe = hub?.subscribe(id, waker);
      stream.onAbort(waker.end);
      try {
        while (!ended && !stream.aborted) {
          if (dirty) {
            dirty = false;
            const fresh = await messagesAfter(db, viewer, id, last);
            for (const message of fresh) {
              await stream.writeSSE({ id: String(message.id), event: "message", data: JSON.stringify(message) });
              last = message.id;
            }
            if (fresh.length > 0) await markConversationRead(db, viewer, id, last);
            continue;
          }
          const woken = await new Promise<boolean>((resolve) => {
            const timer = setTimeout(() => resolve(false), hub ? HEARTBEAT_MS : POLL_MS);
            wakeUp = () => {
              clearTimeout(timer);
              resolve(true);
            };
          });
          wakeUp = undefined;
          if (woken) continue;
          if (hub) await stream.write(": still here\n\n");
          else dirty = true;
        }
      } finally {
        unsubscribe?.();
      }
    });
  };
}
