import { z } from "zod";
import { CONVERSATION_SIDES, MESSAGE_KINDS, RESPONSE_FACTS } from "./conversations";
import { ROLES } from "#domain/roles";

/** The answers of the conversation calls. */

/** How an act answers, on its profile and its result cards: present once RESPONSE_FACTS.minConversations were started. */
export const responseFactsFields = {
  response_rate: z
    .number()
    .int()
    .optional()
    .describe(
      `Once ${RESPONSE_FACTS.minConversations} conversations were started with the act in the last ${RESPONSE_FACTS.windowDays} days: the whole percent of them it answered within ${RESPONSE_FACTS.answerHours} hours`,
    ),
  response_time_hours: z
    .number()
    .nullable()
    .optional()
    .describe(
      "With response_rate: the median hours to the act's first answer, one decimal (null when it answered none)",
    ),
};

const actRef = z.object({ url: z.string(), name: z.string() });
const plannerRef = z.object({ name: z.string() });
const side = z
  .enum(CONVERSATION_SIDES)
  .describe(
    "The caller's side: planner, act (its artist), or reader (an admin reading it); a title names the other side",
  );
const eventRef = z
  .object({ url: z.string(), name: z.string(), starttime: z.iso.datetime() })
  .nullable()
  .describe("The planner's event it is about, or null");

export const conversationSummarySchema = z
  .object({
    id: z.number().int(),
    side,
    act: actRef,
    planner: plannerRef,
    event: eventRef,
    last_message: z.object({ body: z.string(), created_at: z.iso.datetime(), mine: z.boolean() }).nullable(),
    unread: z.number().int().describe("Messages from the other side the caller has not read"),
  })
  .meta({
    id: "ConversationSummary",
    description: "A conversation in the caller's list",
    example: {
      id: 3,
      side: "planner",
      act: { url: "the-velvet-tones", name: "The Velvet Tones" },
      planner: { name: "Pat Planner" },
      event: { url: "smith-wedding-k2j4", name: "Smith Wedding", starttime: "2027-06-12T23:00:00.000Z" },
      last_message: {
        body: "Do you play a first dance we choose?",
        created_at: "2026-11-26T10:00:00.000Z",
        mine: true,
      },
      unread: 0,
    },
  });
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const conversationMessageSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(MESSAGE_KINDS),
    body: z.string().describe("Plain text"),
    created_at: z.iso.datetime(),
    mine: z.boolean(),
    from: z
      .object({ name: z.string(), role: z.enum(ROLES) })
      .nullable()
      .describe("Who wrote it, or null when their account is gone"),
  })
  .meta({
    id: "ConversationMessage",
    description: "A message of a conversation: words, or the event's invite, an offer or the booking as it happened",
    example: {
      id: 12,
      kind: "text",
      body: "Do you play a first dance we choose?",
      created_at: "2026-11-26T10:00:00.000Z",
      mine: true,
      from: { name: "Pat Planner", role: "PLANNER" },
    },
  });
export type ConversationMessage = z.infer<typeof conversationMessageSchema>;

export const conversationSchema = z
  .object({
    id: z.number().int(),
    side,
    act: actRef,
    planner: plannerRef,
    event: eventRef,
    messages: z.array(conversationMessageSchema).describe("Oldest first"),
  })
  .meta({
    id: "Conversation",
    description: "A conversation with its messages; reading it marks it read for the caller",
    example: {
      id: 3,
      side: "planner",
      act: { url: "the-velvet-tones", name: "The Velvet Tones" },
      planner: { name: "Pat Planner" },
      event: { url: "smith-wedding-k2j4", name: "Smith Wedding", starttime: "2027-06-12T23:00:00.000Z" },
      messages: [
        {
          id: 11,
          kind: "invite",
          body: "Pat Planner invited The Velvet Tones to Smith Wedding.",
          created_at: "2026-11-26T09:58:00.000Z",
          mine: true,
          from: { name: "Pat Planner", role: "PLANNER" },
        },
        {
          id: 12,
          kind: "text",
          body: "Do you play a first dance we choose?",
          created_at: "2026-11-26T10:00:00.000Z",
          mine: true,
          from: { name: "Pat Planner", role: "PLANNER" },
        },
      ],
    },
  });
export type Conversation = z.infer<typeof conversationSchema>;

/** The id a start or a message answers with. */
export const conversationIdSchema = z
  .object({ id: z.number().int().describe("The conversation's id") })
  .meta({ id: "ConversationId", description: "The conversation", example: { id: 3 } });

export const messageIdSchema = z
  .object({ id: z.number().int().describe("The new message's id") })
  .meta({ id: "MessageId", description: "The new message", example: { id: 12 } });
