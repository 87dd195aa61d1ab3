import { z } from "zod";
import { LIMITS } from "../limits";
import { MESSAGES } from "../messages";
import { requiredText, urlSlugSchema } from "./fields";

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
