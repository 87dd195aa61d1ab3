import { LIVE_STREAMS } from "#domain/limits";
/**
 * Conversations between a planner and an act: what a message can
 * be, and who may read and write one. The server and the pages share these rules.
 */
import type { Role } from "#domain/roles";

/** People's words, and the event's invite, offers and booking as they happen. */
export const MESSAGE_KINDS = ["text", "invite", "offer", "booking"] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** The two sides of a conversation, as the permission rules see them. */
export interface ConversationSides {
  plannerId: string;
  managerId: string | null;
}

/** The planner, the act's manager and admins read a conversation; nobody else learns it exists. */
export function canReadConversation(viewer: { id: string; role: Role }, sides: ConversationSides): boolean {
  return viewer.role === "ADMIN" || viewer.id === sides.plannerId || viewer.id === sides.managerId;
}

/** Which side of a conversation the caller is on: the planner, the act's manager, or a reader (an admin). */
export const CONVERSATION_SIDES = ["planner", "act", "reader"] as const;
export type ConversationSide = (typeof CONVERSATION_SIDES)[number];

export function conversationSideOf(viewer: { id: string }, sides: ConversationSides): ConversationSide {
  if (viewer.id === sides.plannerId) return "planner";
  if (viewer.id === sides.managerId) return "act";
  return "reader";
}

/**
 * A thread's title names the other side: the act to its planner; the planner to the act's artist,
 * with the act, since one artist may run several ("Pat Planner (DJ Nova)"); a reader sees both.
 */
export function conversationTitle(conversation: {
  side: ConversationSide;
  act: { name: string };
  planner: { name: string };
}): string {
  if (conversation.side === "planner") return conversation.act.name;
  if (conversation.side === "act") return `${conversation.planner.name} (${conversation.act.name})`;
  return `${conversation.act.name} and ${conversation.planner.name}`;
}

/** Only its two sides write in it: an admin reads for disputes, and writes only in an act they manage. */
export function canWriteConversation(viewer: { id: string }, sides: ConversationSides): boolean {
  return viewer.id === sides.plannerId || viewer.id === sides.managerId;
}

/**
 * Response facts: shown once an act has had this many conversations started in
 * the window; the rate counts those answered by the act within ANSWER_HOURS.
 */
export const RESPONSE_FACTS = { minConversations: 3, windowDays: 90, answerHours: 24 } as const;

/** "Usually responds within 3 hours": whole hours, rounded up; under an hour says so. */
export function responseTimeText(hours: number): string {
  if (hours < 1) return "Usually responds within an hour";
  const whole = Math.ceil(hours);
  return `Usually responds within ${whole} ${whole === 1 ? "hour" : "hours"}`;
}

/** The line a profile and a result card show of an act's response facts, or null when it has none yet. */
export function responseFactsText(facts: {
  response_rate?: number;
  response_time_hours?: number | null;
}): string | null {
  if (facts.response_rate === undefined) return null;
  const time = facts.response_time_hours == null ? "" : `${responseTimeText(facts.response_time_hours)} · `;
  return `${time}${facts.response_rate}% response rate`;
}

export { LIVE_STREAMS };

export const LIVE_STREAM_MESSAGES = {
  tooMany: `You have ${LIVE_STREAMS.perAccount} conversations open live already: close one to open another`,
} as const;
