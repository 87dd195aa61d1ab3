import { type SQL, sql } from "drizzle-orm";

/**
 * The one channel every server listens on for what it keeps (server/cache/tagged-store.ts).
 * Triggers send on it through the database's announce(tag) (migration 0034); code that changes
 * what a trigger cannot see announces the same way, inside its transaction (sent at commit).
 */
export const CHANGE_CHANNEL = "change";

/** One act's pages and facts: "act:<url>". */
export const actTag = (url: string) => `act:${url}`;
/** What is kept of one viewer: "user:<id>". */
export const userTag = (id: string) => `user:${id}`;

/** A statement that announces the tag at commit. */
export function announce(tag: string): SQL {
  return sql`select announce(${tag})`;
}
