/**
 * Conversations between a planner and an act (CONTRACT.md, Conversations): what a message can
 * be, and who may read and write one. The server and the pages share these rules.
 */
import type { Role } from "./roles";

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

/** Only its two sides write in it: an admin reads for disputes, and writes only in an act they manage. */
export function canWriteConversation(viewer: { id: string }, sides: ConversationSides): boolean {
  return viewer.id === sides.plannerId || viewer.id === sides.managerId;
}
