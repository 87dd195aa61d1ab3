-- An act's curated title and description are read with its sections and kept with them
-- (server/services/act-profile-sections.ts), so a change to them, or to the act's address
-- they are keyed by, raises the act's sections_version like any other change the page shows.
CREATE OR REPLACE FUNCTION "bump_sections_version_of_seo_entry"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."kind" = 'act' THEN
    UPDATE "acts" SET "sections_version" = "sections_version" + 1 WHERE "url" = OLD."key";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."kind" = 'act' THEN
    UPDATE "acts" SET "sections_version" = "sections_version" + 1 WHERE "url" = NEW."key";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "seo_entries_sections" AFTER INSERT OR UPDATE OR DELETE ON "seo_entries" FOR EACH ROW EXECUTE FUNCTION "bump_sections_version_of_seo_entry"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_sections_version_on_url"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."sections_version" := OLD."sections_version" + 1;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "acts_url_sections" BEFORE UPDATE OF "url" ON "acts" FOR EACH ROW WHEN (OLD."url" IS DISTINCT FROM NEW."url") EXECUTE FUNCTION "bump_sections_version_on_url"();
