ALTER TABLE "bookings" ADD COLUMN "card_customer_id" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "card_payment_method_id" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "card_saved_at" timestamp with time zone;