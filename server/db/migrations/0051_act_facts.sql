ALTER TABLE "acts" ADD COLUMN "facts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "acts" ADD CONSTRAINT "acts_facts_object" CHECK (jsonb_typeof("acts"."facts") = 'object');--> statement-breakpoint
-- The facts are part of the act's search row (its facets): a change of them rebuilds the row, as a
-- change of the other columns the row reads does (0021's list, and "facts").
DROP TRIGGER IF EXISTS "acts_search" ON "acts";
--> statement-breakpoint
CREATE TRIGGER "acts_search" AFTER INSERT OR UPDATE OF "name", "headline", "description", "location", "active", "internal_use_only", "is_featured", "nationally_recognized", "has_performed_corporate_event", "created_at", "facts" ON "acts"
  FOR EACH ROW EXECUTE FUNCTION "act_search_changed"('id');
