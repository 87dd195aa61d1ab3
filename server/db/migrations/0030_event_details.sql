ALTER TABLE "events" ADD COLUMN "event_type" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "guests" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "budget_dollars" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "hours" double precision;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "venue" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "notes" text;