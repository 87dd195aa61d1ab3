ALTER TABLE "reviews" ADD COLUMN "source" text DEFAULT 'admin' NOT NULL;--> statement-breakpoint
-- A review tied to one of the planner's events came from a booking; the rest were added by admins or imported.
UPDATE "reviews" SET "source" = 'booking' WHERE "event_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_source_check" CHECK ("reviews"."source" in ('booking', 'admin'));