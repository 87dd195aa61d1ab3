ALTER TABLE "bookings" ADD COLUMN "status" text DEFAULT 'confirmed' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('confirmed', 'completed', 'cancelled'));--> statement-breakpoint
-- Bookings whose event was over before bookings had a status: completed, as their job would have made them.
UPDATE "bookings" b SET "status" = 'completed' FROM "events" e WHERE e."id" = b."event_id" AND e."starttime" < now() - interval '1 day';
