-- Issue 30: an act's response facts (its profile) follow its conversations: a conversation
-- started, and each message (which moves its last_message_at), announces the act's pages.
CREATE TRIGGER "conversations_page_change" AFTER INSERT OR UPDATE OR DELETE ON "conversations" FOR EACH ROW EXECUTE FUNCTION "notify_act_page"('act_id');
