-- Issue 67: a conversation's thread is kept by what it was read from (decision 0058). A change to
-- a conversation's own rows (it, its messages, its read marks) notifies "conversation:<id>" at
-- commit; its act and people already notify "act:<url>" and "user:<id>".
CREATE OR REPLACE FUNCTION "notify_conversation_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := to_jsonb(OLD); ELSE changed := to_jsonb(NEW); END IF;
  -- Messages and read marks carry their conversation's id; a conversation is its own.
  PERFORM notify_change('conversation:' || coalesce(changed ->> 'conversation_id', changed ->> 'id'));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "conversations_conversation_change" AFTER INSERT OR UPDATE OR DELETE ON "conversations" FOR EACH ROW EXECUTE FUNCTION "notify_conversation_change"();
--> statement-breakpoint
CREATE TRIGGER "messages_conversation_change" AFTER INSERT OR UPDATE OR DELETE ON "messages" FOR EACH ROW EXECUTE FUNCTION "notify_conversation_change"();
--> statement-breakpoint
CREATE TRIGGER "conversation_reads_conversation_change" AFTER INSERT OR UPDATE OR DELETE ON "conversation_reads" FOR EACH ROW EXECUTE FUNCTION "notify_conversation_change"();
