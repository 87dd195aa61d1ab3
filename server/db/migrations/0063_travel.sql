ALTER TABLE "acts" ADD COLUMN "travel" jsonb;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "travel_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_travel_check" CHECK ("offers"."travel_cents" between 0 and "offers"."price_cents");