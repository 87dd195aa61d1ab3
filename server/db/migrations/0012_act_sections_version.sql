ALTER TABLE "acts" ADD COLUMN "sections_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Each write to a table the profile's sections read raises its act's sections_version in the
-- same transaction, so a server that keeps an act's sections in memory knows, from the act
-- row it reads anyway, whether they are still true: on every server, at once.
CREATE OR REPLACE FUNCTION "bump_sections_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- TG_ARGV[0]: the column that holds the act's id, or 'package_id' for an offering's event types.
  act_column text := TG_ARGV[0];
  ids bigint[] := ARRAY[]::bigint[];
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN ids := ids || (to_jsonb(OLD) ->> act_column)::bigint; END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN ids := ids || (to_jsonb(NEW) ->> act_column)::bigint; END IF;
  IF act_column = 'package_id' THEN
    UPDATE "acts" SET "sections_version" = "sections_version" + 1 WHERE "id" IN (SELECT "act_id" FROM "packages" WHERE "id" = ANY(ids));
  ELSE
    UPDATE "acts" SET "sections_version" = "sections_version" + 1 WHERE "id" = ANY(ids);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_sections_version_of_tag"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "acts" SET "sections_version" = "sections_version" + 1
  WHERE "id" IN (SELECT "act_id" FROM "act_tags" WHERE "tag_id" = NEW."id"
    UNION SELECT p."act_id" FROM "package_event_types" pe JOIN "packages" p ON p."id" = pe."package_id" WHERE pe."tag_id" = NEW."id");
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "act_locations_sections" AFTER INSERT OR UPDATE OR DELETE ON "act_locations" FOR EACH ROW EXECUTE FUNCTION "bump_sections_version"('act_id');
--> statement-breakpoint
CREATE TRIGGER "act_tags_sections" AFTER INSERT OR UPDATE OR DELETE ON "act_tags" FOR EACH ROW EXECUTE FUNCTION "bump_sections_version"('act_id');
--> statement-breakpoint
CREATE TRIGGER "images_sections" AFTER INSERT OR UPDATE OR DELETE ON "images" FOR EACH ROW EXECUTE FUNCTION "bump_sections_version"('act_id');
--> statement-breakpoint
CREATE TRIGGER "videos_sections" AFTER INSERT OR UPDATE OR DELETE ON "videos" FOR EACH ROW EXECUTE FUNCTION "bump_sections_version"('act_id');
--> statement-breakpoint
CREATE TRIGGER "packages_sections" AFTER INSERT OR UPDATE OR DELETE ON "packages" FOR EACH ROW EXECUTE FUNCTION "bump_sections_version"('act_id');
--> statement-breakpoint
CREATE TRIGGER "package_event_types_sections" AFTER INSERT OR UPDATE OR DELETE ON "package_event_types" FOR EACH ROW EXECUTE FUNCTION "bump_sections_version"('package_id');
--> statement-breakpoint
CREATE TRIGGER "testimonials_sections" AFTER INSERT OR UPDATE OR DELETE ON "testimonials" FOR EACH ROW EXECUTE FUNCTION "bump_sections_version"('act_id');
--> statement-breakpoint
CREATE TRIGGER "reviews_sections" AFTER INSERT OR UPDATE OR DELETE ON "reviews" FOR EACH ROW EXECUTE FUNCTION "bump_sections_version"('act_id');
--> statement-breakpoint
CREATE TRIGGER "documents_sections" AFTER INSERT OR UPDATE OR DELETE ON "documents" FOR EACH ROW EXECUTE FUNCTION "bump_sections_version"('act_id');
--> statement-breakpoint
CREATE TRIGGER "tags_sections" AFTER UPDATE OF "name", "type" ON "tags" FOR EACH ROW EXECUTE FUNCTION "bump_sections_version_of_tag"();
