-- Guest pages are cached per act (server/guest-cache.ts): each write now says which act it
-- touched, instead of raising one version for the whole site.
DROP FUNCTION IF EXISTS "bump_content_version"() CASCADE;
--> statement-breakpoint
DROP TABLE "content_version" CASCADE;
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
    -- Delivered at commit to every app server that listens; repeats in one transaction fold into one.
    PERFORM pg_notify('page_change', 'act:' || act_url);
  END LOOP;
  IF TG_TABLE_NAME = 'acts' AND TG_OP = 'DELETE' THEN PERFORM pg_notify('page_change', 'act:' || OLD."url"); END IF;
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
    PERFORM pg_notify('page_change', 'act:' || act_url);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_all_pages"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('page_change', 'all');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "acts_page_change" AFTER INSERT OR UPDATE OR DELETE ON "acts" FOR EACH ROW EXECUTE FUNCTION "notify_act_page"('id');
--> statement-breakpoint
CREATE TRIGGER "act_locations_page_change" AFTER INSERT OR UPDATE OR DELETE ON "act_locations" FOR EACH ROW EXECUTE FUNCTION "notify_act_page"('act_id');
--> statement-breakpoint
CREATE TRIGGER "act_tags_page_change" AFTER INSERT OR UPDATE OR DELETE ON "act_tags" FOR EACH ROW EXECUTE FUNCTION "notify_act_page"('act_id');
--> statement-breakpoint
CREATE TRIGGER "testimonials_page_change" AFTER INSERT OR UPDATE OR DELETE ON "testimonials" FOR EACH ROW EXECUTE FUNCTION "notify_act_page"('act_id');
--> statement-breakpoint
CREATE TRIGGER "packages_page_change" AFTER INSERT OR UPDATE OR DELETE ON "packages" FOR EACH ROW EXECUTE FUNCTION "notify_act_page"('act_id');
--> statement-breakpoint
CREATE TRIGGER "package_event_types_page_change" AFTER INSERT OR UPDATE OR DELETE ON "package_event_types" FOR EACH ROW EXECUTE FUNCTION "notify_package_page"();
--> statement-breakpoint
CREATE TRIGGER "images_page_change" AFTER INSERT OR UPDATE OR DELETE ON "images" FOR EACH ROW EXECUTE FUNCTION "notify_act_page"('act_id');
--> statement-breakpoint
CREATE TRIGGER "videos_page_change" AFTER INSERT OR UPDATE OR DELETE ON "videos" FOR EACH ROW EXECUTE FUNCTION "notify_act_page"('act_id');
--> statement-breakpoint
CREATE TRIGGER "documents_page_change" AFTER INSERT OR UPDATE OR DELETE ON "documents" FOR EACH ROW EXECUTE FUNCTION "notify_act_page"('act_id');
--> statement-breakpoint
CREATE TRIGGER "reviews_page_change" AFTER INSERT OR UPDATE OR DELETE ON "reviews" FOR EACH ROW EXECUTE FUNCTION "notify_act_page"('act_id');
--> statement-breakpoint
CREATE TRIGGER "tags_page_change" AFTER INSERT OR UPDATE OR DELETE ON "tags" FOR EACH STATEMENT EXECUTE FUNCTION "notify_all_pages"();
--> statement-breakpoint
CREATE TRIGGER "acts_page_change_truncate" AFTER TRUNCATE ON "acts" FOR EACH STATEMENT EXECUTE FUNCTION "notify_all_pages"();
