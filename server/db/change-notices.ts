import { type SQL, sql } from "drizzle-orm";

/**
 * The one channel every server listens on for what it keeps (server/cache/tagged-store.ts).
 * Triggers send on it through the database's notify_change(tag) (migration 0050); code that changes
 * what a trigger cannot see notifies the same way, inside its transaction (sent at commit).
 */
export const CHANGE_CHANNEL = "change";

/** One act's pages and facts: "act:<url>". */
export const actTag = (url: string) => `act:${url}`;
/** What is kept of one viewer: "user:<id>". */
export const userTag = (id: string) => `user:${id}`;
/** One booking's own rows (it, its payments, its ledger, its cases): "booking:<number>" (migration 0068). */
export const bookingTag = (number: string) => `booking:${number}`;
/** One conversation's own rows (it, its messages, its read marks): "conversation:<id>" (migration 0069). */
export const conversationTag = (id: number) => `conversation:${id}`;

/** A planner's conversations, with every act: "threads:<planner id>" (migration 0071). */
export const threadsTag = (plannerId: string) => `threads:${plannerId}`;

/** Any change to the cases, for the admins' count of open ones: "cases" (migration 0070). */
export const CASES_TAG = "cases";

/**
 * The tags a server's kept values may wait for; any other notice ("all") clears everything.
 * "cases" is a whole tag: before it was listed, each change to a case cleared every kept value.
 */
export const KEPT_TAG_PREFIXES = ["act:", "user:", "booking:", "conversation:", "threads:", CASES_TAG] as const;

/** A statement that sends the tag's change notice at commit. */
export function notifyChange(tag: string): SQL {
  return sql`select notify_change(${tag})`;
}
