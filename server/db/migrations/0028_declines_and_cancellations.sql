ALTER TABLE "events" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invites" ADD COLUMN "declined_at" timestamp with time zone;