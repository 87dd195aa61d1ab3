-- What an act's managers see on its page (its latest offer, its pending tag request) and the
-- admins' count of what waits for them are now kept per server too (server/act-row-cache.ts),
-- so the tables they come from announce the act they touch on `page_change`, like every
-- table an act's public page shows (migration 0006).
CREATE OR REPLACE FUNCTION "notify_act_page_through"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- TG_ARGV[0]: the parent table; TG_ARGV[1]: this row's column that holds the parent's id.
  parent text := TG_ARGV[0];
  parent_column text := TG_ARGV[1];
  act_url text;
BEGIN
  FOR act_url IN EXECUTE format(
    'SELECT DISTINCT a."url" FROM %I p JOIN "acts" a ON a."id" = p."act_id" WHERE p."id" IN ($1, $2)', parent)
    USING (to_jsonb(OLD) ->> parent_column)::int, (to_jsonb(NEW) ->> parent_column)::int
  LOOP
    PERFORM pg_notify('page_change', 'act:' || act_url);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "invites_page_change" AFTER INSERT OR UPDATE OR DELETE ON "invites" FOR EACH ROW EXECUTE FUNCTION "notify_act_page"('act_id');
--> statement-breakpoint
CREATE TRIGGER "offers_page_change" AFTER INSERT OR UPDATE OR DELETE ON "offers" FOR EACH ROW EXECUTE FUNCTION "notify_act_page_through"('invites', 'invite_id');
--> statement-breakpoint
CREATE TRIGGER "tag_update_requests_page_change" AFTER INSERT OR UPDATE OR DELETE ON "tag_update_requests" FOR EACH ROW EXECUTE FUNCTION "notify_act_page"('act_id');
--> statement-breakpoint
CREATE TRIGGER "tag_update_request_tags_page_change" AFTER INSERT OR UPDATE OR DELETE ON "tag_update_request_tags" FOR EACH ROW EXECUTE FUNCTION "notify_act_page_through"('tag_update_requests', 'request_id');
