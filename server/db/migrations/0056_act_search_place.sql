ALTER TABLE "act_search" ADD COLUMN "place_id" integer;--> statement-breakpoint
-- A search by place reads the act's base place from its search row (refresh_act_search writes it
-- from now on); the rows that exist get it here, before its indexes, which are built once.
UPDATE "act_search" s SET "place_id" = a."place_id" FROM "acts" a WHERE a."id" = s."act_id" AND a."place_id" IS NOT NULL;--> statement-breakpoint
-- A circle holds hundreds of places, whose acts the planner counts from this column's most common
-- values: with the default hundred it took the 243 places around Los Angeles for 609,000 acts of a
-- million (they hold 107,000), and read the whole sample slice rather than its acts there.
ALTER TABLE "act_search" ALTER COLUMN "place_id" SET STATISTICS 1000;--> statement-breakpoint
-- An act's base place is now part of its search row: a change of it rebuilds the row, as a change of
-- the other columns the row reads does (0051's list, and "place_id").
DROP TRIGGER IF EXISTS "acts_search" ON "acts";--> statement-breakpoint
CREATE TRIGGER "acts_search" AFTER INSERT OR UPDATE OF "name", "headline", "description", "location", "place_id", "active", "internal_use_only", "is_featured", "nationally_recognized", "has_performed_corporate_event", "created_at", "facts" ON "acts"
  FOR EACH ROW EXECUTE FUNCTION "act_search_changed"('id');--> statement-breakpoint
CREATE INDEX "act_search_place_idx" ON "act_search" USING btree ("place_id");--> statement-breakpoint
CREATE INDEX "act_search_sample_place_idx" ON "act_search" USING btree ("place_id") WHERE "act_search"."visible" and hashint4("act_search"."act_id") & 7 = 0;--> statement-breakpoint
CREATE INDEX "act_search_sparse_place_idx" ON "act_search" USING btree ("place_id") WHERE "act_search"."visible" and hashint4("act_search"."act_id") & 63 = 0;
