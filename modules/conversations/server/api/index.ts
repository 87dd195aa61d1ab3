import { commandRoute } from "#server/api/command-route";
import {
  conversationIdSchema,
  conversationSchema,
  conversationSummarySchema,
  messageIdSchema,
} from "#modules/conversations/answers";
import { canMessageAct } from "#domain/permissions";
import { conversationListQuerySchema, messageSchema, startConversationSchema } from "#modules/conversations/schemas";
import {
  findReadableConversation,
  listConversations,
  postMessage,
  readKeptConversation,
  startConversation,
} from "../conversations";
import { foundBy, onItem, requireViewer, signedIn } from "#server/api/guards";
import { onAct } from "#modules/acts/server";
import { apiRoute, dataResponse, errorResponses, pagedResponse } from "#server/api/route-docs";
import { actUrlParam, createRouter, idParam } from "#server/api/router";
import type { ConversationHub } from "../conversation-hub";
import { ApiError } from "#server/errors";
import { conversationStreamRoute, streamConversation } from "./stream";

const TAGS = ["Conversations"];
const READERS = "The conversation's planner, the act's artist and admins";

/** The conversation calls; `hub` serves this server's open streams (without one, as in the API document's build, streams are 503). */
export const conversationRoutes = (hub?: ConversationHub) =>
  createRouter()
    .openapi(
      apiRoute({
        method: "post",
        middleware: [onAct(canMessageAct, "Planners, to an approved act that is not for internal use only")],
        path: "/conversations/start/{actUrl}",
        tags: TAGS,
        summary:
          "Write to an act, about one of the planner's events or none: the conversation is made on the first message and reused after",
        request: {
          params: actUrlParam,
          body: { content: { "application/json": { schema: startConversationSchema } }, required: true },
        },
        responses: {
          201: dataResponse("A new conversation, with the message", conversationIdSchema),
          200: dataResponse("The conversation that already existed, with the message added", conversationIdSchema),
          ...errorResponses(409, 429),
        },
      }),
      async (c) => {
        const { id, created: isNew } = await startConversation(
          c.get("db"),
          requireViewer(c),
          c.req.valid("param").actUrl,
          c.req.valid("json"),
        );
        return isNew ? c.json({ data: { id } }, 201) : c.json({ data: { id } }, 200);
      },
    )
    .openapi(
      apiRoute({
        method: "get",
        middleware: [signedIn],
        path: "/conversations",
        tags: TAGS,
        summary:
          "A page of the caller's conversations (as planner, or as the artist of the act), latest activity first; an admin's are every conversation, found with `q`",
        request: { query: conversationListQuerySchema },
        responses: { 200: pagedResponse("Conversations", conversationSummarySchema) },
      }),
      async (c) => c.json(await listConversations(c.get("db"), requireViewer(c), c.req.valid("query")), 200),
    )
    .openapi(
      ...commandRoute(
        apiRoute({
          method: "get",
          middleware: [onItem("id", findReadableConversation, READERS)],
          path: "/conversations/{id}",
          tags: TAGS,
          summary: "A conversation with its messages, oldest first; reading it marks it read for the caller",
          request: { params: idParam("id") },
          responses: { 200: dataResponse("The conversation", conversationSchema) },
        }),
        async (deps, c) =>
          (await readKeptConversation({ db: deps.db, cache: c.get("readCache") }, deps.viewer, c.req.valid("param").id))
            .conversation,
      ),
    )
    .openapi(
      apiRoute({
        method: "post",
        middleware: [onItem("id", findReadableConversation, READERS)],
        path: "/conversations/{id}/messages",
        tags: TAGS,
        summary: "Write in a conversation (its planner or the act's artist); the other side is told",
        request: {
          params: idParam("id"),
          body: { content: { "application/json": { schema: messageSchema } }, required: true },
        },
        responses: { 201: dataResponse("The new message", messageIdSchema), ...errorResponses(429) },
      }),
      async (c) =>
        c.json(
          {
            data: await postMessage(
              c.get("db"),
              requireViewer(c),
              foundBy(c, findReadableConversation),
              c.req.valid("json"),
            ),
          },
          201,
        ),
    )
    .openapi(conversationStreamRoute, (c) => {
      if (!hub) throw new ApiError("internal", "Live conversations are not served here");
      return streamConversation(hub)(c, c.req.valid("param").id, c.req.valid("query").after);
    });
