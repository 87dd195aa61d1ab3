-- Issue 67: a planner's open conversations with every act are kept as one read until one of them
-- changes (keptPlannerThreads, modules/conversations/server/conversations.ts): a conversation
-- made, moved on (each message moves its last_message_at) or removed notifies
-- "threads:<planner id>" at commit. The events it names notify their planner's "user:<id>".
CREATE OR REPLACE FUNCTION "notify_planner_threads_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM notify_change('threads:' || OLD.planner_id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM notify_change('threads:' || NEW.planner_id); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "conversations_planner_threads_change" AFTER INSERT OR UPDATE OR DELETE ON "conversations" FOR EACH ROW EXECUTE FUNCTION "notify_planner_threads_change"();
