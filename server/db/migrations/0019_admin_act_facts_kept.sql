-- What admins see of an act (its manager's account, its moderation history) is now kept per
-- server with the act's row (server/act-row-cache.ts), so what it is read from announces the
-- act on `page_change`: a moderation event announces its act, and a change to an account's
-- name or contact facts announces the acts it manages and the acts whose history names it.
CREATE TRIGGER "moderation_events_page_change" AFTER INSERT OR UPDATE OR DELETE ON "moderation_events" FOR EACH ROW EXECUTE FUNCTION "notify_act_page"('act_id');
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_user_acts_pages"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  act_url text;
BEGIN
  FOR act_url IN
    SELECT a."url" FROM "acts" a
    WHERE a."manager_id" = NEW."id"
       OR a."id" IN (SELECT e."act_id" FROM "moderation_events" e WHERE e."actor_id" = NEW."id")
  LOOP
    PERFORM pg_notify('page_change', 'act:' || act_url);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_acts_page_change" AFTER UPDATE OF "name", "email", "phone", "role", "url", "w9_received", "direct_deposit_received" ON "users" FOR EACH ROW
  WHEN (
    OLD."name" IS DISTINCT FROM NEW."name" OR OLD."email" IS DISTINCT FROM NEW."email" OR OLD."phone" IS DISTINCT FROM NEW."phone"
    OR OLD."role" IS DISTINCT FROM NEW."role" OR OLD."url" IS DISTINCT FROM NEW."url"
    OR OLD."w9_received" IS DISTINCT FROM NEW."w9_received" OR OLD."direct_deposit_received" IS DISTINCT FROM NEW."direct_deposit_received"
  )
  EXECUTE FUNCTION "notify_user_acts_pages"();
