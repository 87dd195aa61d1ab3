CREATE TABLE "reminders_sent" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminders_sent_kind_key_pk" PRIMARY KEY("kind","key")
);
--> statement-breakpoint
ALTER TABLE "ledger_transactions" DROP CONSTRAINT "ledger_transactions_booking_id_bookings_id_fk";
--> statement-breakpoint
ALTER TABLE "ledger_transactions" DROP CONSTRAINT "ledger_transactions_payment_id_payments_id_fk";
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "fee_basis_points" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_asked_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_account_check" CHECK (account in ('planner_owes', 'act_earned', 'act_received', 'refund_owed', 'platform_held', 'platform_fee', 'act_owes', 'processor_fees'));--> statement-breakpoint
-- Refunds asked of Stripe before this column: as many as were refunded.
UPDATE "payments" SET "refund_asked_cents" = "refunded_cents";
--> statement-breakpoint
-- The ledger is written once, whole: no column of a transaction changes (its booking and payment
-- included, now that no foreign key rewrites them), and neither table can be truncated.
DROP TRIGGER "ledger_transactions_append_only" ON "ledger_transactions";
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_append_only BEFORE UPDATE OR DELETE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION ledger_is_append_only();
--> statement-breakpoint
CREATE TRIGGER ledger_lines_no_truncate BEFORE TRUNCATE ON ledger_lines
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_is_append_only();
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_no_truncate BEFORE TRUNCATE ON ledger_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_is_append_only();
