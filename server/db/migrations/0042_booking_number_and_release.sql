ALTER TABLE "bookings" ADD COLUMN "number" text;--> statement-breakpoint
-- Bookings made before numbers: eight capitals and digits of a hash of their id (hex has no O, I or L to confuse).
UPDATE "bookings" SET "number" = upper(substr(md5('booking-' || "id"::text), 1, 8));--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "planner_phone" text;--> statement-breakpoint
ALTER TABLE "invites" ADD COLUMN "released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_number_unique" UNIQUE("number");
