-- Issue 29: one channel for everything servers keep. Every announcement goes through
-- announce(tag) on `change`: 'act:<url>' for one act's pages and facts, 'user:<id>' for what
-- is kept of one viewer, 'all' when anything may have changed. Each server listens once and
-- keeps one clock of tags (server/cache/tagged-store.ts). The functions keep their names and
-- triggers; only what they send changes.
CREATE OR REPLACE FUNCTION "announce"(tag text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Delivered at commit to every app server that listens; repeats in one transaction fold into one.
  PERFORM pg_notify('change', tag);
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_act_page"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- TG_ARGV[0]: the column that holds the act's id ('id' on acts itself).
  act_column text := TG_ARGV[0];
  act_ids bigint[] := ARRAY[]::bigint[];
  act_url text;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN act_ids := act_ids || (to_jsonb(OLD) ->> act_column)::bigint; END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN act_ids := act_ids || (to_jsonb(NEW) ->> act_column)::bigint; END IF;
  FOR act_url IN SELECT DISTINCT "url" FROM "acts" WHERE "id" = ANY(act_ids) LOOP
    PERFORM announce('act:' || act_url);
  END LOOP;
  IF TG_TABLE_NAME = 'acts' AND TG_OP = 'DELETE' THEN PERFORM announce('act:' || OLD."url"); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_package_page"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  act_url text;
BEGIN
  FOR act_url IN
    SELECT DISTINCT a."url" FROM "packages" p JOIN "acts" a ON a."id" = p."act_id"
    WHERE p."id" IN ((to_jsonb(OLD) ->> 'package_id')::int, (to_jsonb(NEW) ->> 'package_id')::int)
  LOOP
    PERFORM announce('act:' || act_url);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_all_pages"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM announce('all');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_seo_entry_page"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  entry record;
BEGIN
  IF TG_OP = 'DELETE' THEN entry := OLD; ELSE entry := NEW; END IF;
  IF TG_OP = 'UPDATE' AND (OLD."kind" <> NEW."kind" OR OLD."key" <> NEW."key") THEN
    IF OLD."kind" = 'act' THEN PERFORM announce('act:' || OLD."key"); ELSE PERFORM announce('all'); END IF;
  END IF;
  IF entry."kind" = 'act' THEN PERFORM announce('act:' || entry."key"); ELSE PERFORM announce('all'); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_act_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM announce('act:' || OLD."url");
  RETURN NULL;
END
$$;
--> statement-breakpoint
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
    PERFORM announce('act:' || act_url);
  END LOOP;
  RETURN NULL;
END
$$;
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
    PERFORM announce('act:' || act_url);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_viewer_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- TG_ARGV[0]: the column that holds the user's id ('id' on users itself).
  user_column text := TG_ARGV[0];
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM announce('user:' || (to_jsonb(OLD) ->> user_column)); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM announce('user:' || (to_jsonb(NEW) ->> user_column)); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_event_planner_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  planner text;
BEGIN
  FOR planner IN
    SELECT DISTINCT e."planner_id" FROM "events" e
    WHERE e."id" IN ((to_jsonb(OLD) ->> 'event_id')::int, (to_jsonb(NEW) ->> 'event_id')::int)
  LOOP
    PERFORM announce('user:' || planner);
  END LOOP;
  RETURN NULL;
END
$$;
