CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "acts" ADD COLUMN "stripe_account_id" text;--> statement-breakpoint
ALTER TABLE "acts" ADD COLUMN "card_payments" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "provider" text DEFAULT 'offline' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "checkout_session_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "checkout_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payment_intent_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "release_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "transfer_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "released_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reversed_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "payments_release_idx" ON "payments" USING btree ("release_at") WHERE "payments"."transfer_id" is null and "payments"."release_at" is not null;--> statement-breakpoint
ALTER TABLE "acts" ADD CONSTRAINT "acts_stripe_account_id_unique" UNIQUE("stripe_account_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payment_intent_id_unique" UNIQUE("payment_intent_id");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_transfer_id_unique" UNIQUE("transfer_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_provider_check" CHECK ("bookings"."provider" in ('offline', 'stripe'));