import { z } from "zod";
import { LIMITS } from "#domain/limits";
import { MESSAGES } from "#domain/messages";
import { requiredText, text, urlSlugSchema } from "#domain/schemas/fields";
import { pageQuerySchema } from "#domain/paging";

const body = requiredText(LIMITS.messageBody, MESSAGES.messageRequired);

/** POST /api/conversations/start/{actUrl}: the first words, and the planner's event they are about, if any. */
export const startConversationSchema = z.object({
  body,
  event_url: urlSlugSchema.optional(),
});
export type StartConversationInput = z.infer<typeof startConversationSchema>;

/** POST /api/conversations/{id}/messages. */
export const messageSchema = z.object({ body });
export type MessageInput = z.infer<typeof messageSchema>;

/** GET /api/conversations: a page, and for admins words to find conversations by (act, planner or event name). */
export const conversationListQuerySchema = pageQuerySchema.extend({
  q: text({ error: "Must be text" })
    .trim()
    .max(LIMITS.name, MESSAGES.tooLong(LIMITS.name))
    .optional()
    .describe("Admins: words of the act's, the planner's or the event's name"),
});
export type ConversationListQuery = z.infer<typeof conversationListQuerySchema>;
