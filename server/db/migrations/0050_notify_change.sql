-- Issue 41: the database's change notice is called what PostgreSQL calls it. `notify_change(tag)`
-- replaces `announce(tag)` (migration 0034): every function that called the old name is
-- written again from its current definition with the new one, so no trigger is left calling a
-- function that no longer exists.
CREATE OR REPLACE FUNCTION "notify_change"(tag text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Delivered at commit to every app server that listens; repeats in one transaction fold into one.
  PERFORM pg_notify('change', tag);
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  caller oid;
BEGIN
  FOR caller IN
    SELECT p.oid FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname = current_schema() AND p.proname <> 'announce' AND p.prosrc LIKE '%announce(%'
  LOOP
    EXECUTE replace(pg_get_functiondef(caller), 'announce(', 'notify_change(');
  END LOOP;
END
$$;
--> statement-breakpoint
DROP FUNCTION "announce"(text);
