ALTER TABLE "bookings" ADD COLUMN "agreement" jsonb;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "sent_by" text;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;