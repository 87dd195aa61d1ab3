ALTER TABLE "offers" ADD COLUMN "instant_offering_id" integer;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "instant" jsonb;--> statement-breakpoint
CREATE INDEX "packages_instant_idx" ON "packages" USING btree ("act_id") WHERE "packages"."instant" is not null and "packages"."deleted_at" is null;