import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { LIVE_STREAM_MESSAGES, LIVE_STREAMS } from "#modules/conversations/conversations";
import type { ConversationHub } from "../conversation-hub";
import { eventStreamResponse } from "#server/http/event-stream";
import { sessionTokenIn } from "#server/http/session-cookie";
import { rateLimited } from "#server/errors";
import { findReadableConversation } from "../conversations";
import { onItem, requireViewer } from "#server/api/guards";
import { apiRoute, errorResponses } from "#server/api/route-docs";
import { type AppEnv, idParam } from "#server/api/router";

export const conversationStreamRoute = apiRoute({
  method: "get",
  middleware: [onItem("id", findReadableConversation, "The conversation's planner, the act's artist and admins")],
  path: "/conversations/{id}/stream",
  tags: ["Conversations"],
  summary:
    "The conversation's new messages as they are written, on any server: server-sent events named `message`, each with its id",
  description:
    "Each event's `id` is the message's; a client that reconnects with `Last-Event-ID` (browsers do) or `?after=` gets every message after that one, so nothing is lost to a dropped connection. Without either, the stream starts with every message. Messages it delivers count as read. An account keeps at most 5 streams open (429 beyond); a stream ends within 5 seconds of its reader losing access (sign-out, a password change, the act reassigned away) and after an hour in any case, and the browser reconnects.",
  request: {
    params: idParam("id"),
    query: z.object({
      after: z.coerce
        .number()
        .int()
        .min(0)
        .max(2_147_483_647)
        .optional()
        .describe("The last message id the client has"),
    }),
  },
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
    ...errorResponses(429),
  },
});

/** The id to resume after: the browser's Last-Event-ID on a reconnection wins over `after`. */
function resumeAfter(lastEventId: string | undefined, after: number | undefined): number {
  if (lastEventId && /^\d{1,10}$/.test(lastEventId.trim())) return Math.min(Number(lastEventId.trim()), 2_147_483_647);
  return after ?? 0;
}

/**
 * Opens the stream on the hub, which sends what was written after the client's last id and then
 * each new message, and ends it when its reader loses access, after an hour, or when the server
 * stops; an account's sixth stream on a server is 429 at once.
 */
export function streamConversation(hub: ConversationHub) {
  return (c: Context<AppEnv>, id: number, after: number | undefined) => {
    const viewer = requireViewer(c);
    const token = sessionTokenIn(c.req.header("cookie"));
    const open = token ? hub.open(viewer, token, id, resumeAfter(c.req.header("last-event-id"), after)) : null;
    if (!open) throw rateLimited(LIVE_STREAM_MESSAGES.tooMany, LIVE_STREAMS.checkEveryMs / 1000);
    // Nothing of the request is kept by what follows: an idle stream is its connection and its reader.
    return eventStreamResponse({
      start: (writer) =>
        open.attach({
          send: async (messages) => {
            for (const message of messages)
              await writer.write(`id: ${message.id}\nevent: message\ndata: ${JSON.stringify(message)}\n\n`);
          },
          heartbeat: () => writer.write(": still here\n\n"),
          end: () => writer.end(),
        }),
      closed: () => open.close(),
    });
  };
}
