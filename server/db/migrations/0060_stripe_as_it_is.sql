ALTER TABLE "cases" DROP CONSTRAINT "cases_kind_check";--> statement-breakpoint
ALTER TABLE "cases" ADD COLUMN "dispute_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "charge_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "processor_fee_cents" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "release_error" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "release_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "take_back_asked_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stripe_events" ADD COLUMN "not_applied" text;--> statement-breakpoint
ALTER TABLE "stripe_events" ADD COLUMN "waiting_for" text;--> statement-breakpoint
ALTER TABLE "stripe_events" ADD COLUMN "payload" jsonb;--> statement-breakpoint
CREATE INDEX "stripe_events_waiting_idx" ON "stripe_events" USING btree ("waiting_for") WHERE "stripe_events"."waiting_for" is not null;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_dispute_id_unique" UNIQUE("dispute_id");--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_kind_check" CHECK ("cases"."kind" in ('no_show', 'late', 'not_as_agreed', 'other', 'dispute'));