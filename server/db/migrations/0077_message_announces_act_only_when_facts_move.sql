-- Issue 67: a conversation's rows no longer announce its act. Migration 0029 announced
-- "act:<url>" on every change of a conversation, so that the act's response facts on its profile
-- followed; every message moves its conversation's last_message_at, so every message made every
-- server forget what it kept of the act (its profile, its search rows) and, since a listing
-- depends on any act, every listing. The facts are written to the act's search row by the
-- message's own transaction (modules/conversations/server/response-facts.ts), which now announces
-- the act only when they change; the conversation's own rows notify "conversation:<id>" and
-- "threads:<planner id>" (migrations 0069 and 0071).
DROP TRIGGER IF EXISTS "conversations_page_change" ON "conversations";
