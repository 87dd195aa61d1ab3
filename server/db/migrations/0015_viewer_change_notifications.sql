-- Each server keeps who a session token belongs to, and their unread count, for a minute
-- (server/viewer-cache.ts). Any change to a user's sessions, account or notifications says
-- whose, at commit, so every server forgets what it kept of them before the next request.
CREATE OR REPLACE FUNCTION "notify_viewer_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- TG_ARGV[0]: the column that holds the user's id ('id' on users itself).
  user_column text := TG_ARGV[0];
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM pg_notify('viewer_change', to_jsonb(OLD) ->> user_column); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM pg_notify('viewer_change', to_jsonb(NEW) ->> user_column); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_viewer_change" AFTER INSERT OR UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "notify_viewer_change"('id');
--> statement-breakpoint
CREATE TRIGGER "sessions_viewer_change" AFTER INSERT OR UPDATE OR DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "notify_viewer_change"('user_id');
--> statement-breakpoint
CREATE TRIGGER "notifications_viewer_change" AFTER INSERT OR UPDATE OR DELETE ON "notifications" FOR EACH ROW EXECUTE FUNCTION "notify_viewer_change"('user_id');
