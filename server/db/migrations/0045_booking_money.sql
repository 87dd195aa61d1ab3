CREATE TABLE "ledger_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"transaction_id" integer NOT NULL,
	"account" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	CONSTRAINT "ledger_lines_amount_check" CHECK ("ledger_lines"."amount_cents" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_transactions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"booking_id" integer,
	"booking_number" text NOT NULL,
	"payment_id" integer,
	"memo" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "accepted_by" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "accepted_from" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "cancellation_policy" text DEFAULT 'moderate' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "paid_on" date;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_lines_transaction_idx" ON "ledger_lines" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_booking_idx" ON "ledger_transactions" USING btree ("booking_number");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_cancellation_policy_check" CHECK ("offers"."cancellation_policy" in ('flexible', 'moderate', 'strict'));--> statement-breakpoint
-- A ledger transaction balances: its lines sum to zero, checked when the change commits (so
-- that its lines may be written one by one inside it).
CREATE FUNCTION ledger_transaction_balances() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total bigint;
BEGIN
  SELECT coalesce(sum(amount_cents), 0) INTO total FROM ledger_lines WHERE transaction_id = NEW.transaction_id;
  IF total <> 0 THEN
    RAISE EXCEPTION 'ledger transaction % does not balance: its lines sum to % cents', NEW.transaction_id, total
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_lines_balance AFTER INSERT ON ledger_lines
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_transaction_balances();
--> statement-breakpoint
-- The ledger is written once: a correction is a new transaction, never an edit.
CREATE FUNCTION ledger_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: % of % refused', TG_OP, TG_TABLE_NAME USING ERRCODE = 'check_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_lines_append_only BEFORE UPDATE OR DELETE ON ledger_lines
  FOR EACH ROW EXECUTE FUNCTION ledger_is_append_only();
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_append_only BEFORE UPDATE OF memo, at, booking_number OR DELETE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION ledger_is_append_only();
--> statement-breakpoint
-- Bookings made before the agreement was recorded were accepted by their event's planner.
UPDATE bookings b SET accepted_by = e.planner_id FROM events e WHERE e.id = b.event_id AND b.accepted_by IS NULL;
--> statement-breakpoint
-- Payments scheduled before the ledger: each becomes due in it, as new ones do.
DO $$
DECLARE
  p record;
  t integer;
BEGIN
  FOR p IN SELECT pay.id, pay.kind, pay.amount_cents, pay.created_at, b.id AS booking_id, b.number
           FROM payments pay JOIN bookings b ON b.id = pay.booking_id ORDER BY pay.id LOOP
    INSERT INTO ledger_transactions (booking_id, booking_number, payment_id, memo, at)
      VALUES (p.booking_id, p.number, p.id, initcap(p.kind) || ' due', p.created_at) RETURNING id INTO t;
    INSERT INTO ledger_lines (transaction_id, account, amount_cents)
      VALUES (t, 'planner_owes', p.amount_cents), (t, 'act_earned', -p.amount_cents);
  END LOOP;
END $$;
