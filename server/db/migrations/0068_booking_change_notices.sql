-- Issue 67: a booking's page and papers are kept by what they were read from (decision 0058).
-- A change to a booking's own rows (it, its payments, its ledger, its cases) notifies
-- "booking:<number>" at commit; what a booking joins (its act, event, people) already notifies
-- "act:<url>" and "user:<id>", under which it is kept too.
CREATE OR REPLACE FUNCTION "notify_booking_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb;
  target text;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := to_jsonb(OLD); ELSE changed := to_jsonb(NEW); END IF;
  -- The booking's number where the row carries it (bookings, the ledger), else through its id.
  target := coalesce(changed ->> 'number', changed ->> 'booking_number');
  IF target IS NULL AND changed ? 'booking_id' THEN
    SELECT b.number INTO target FROM bookings b WHERE b.id = (changed ->> 'booking_id')::integer;
  END IF;
  IF target IS NOT NULL THEN
    PERFORM notify_change('booking:' || target);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "bookings_booking_change" AFTER INSERT OR UPDATE OR DELETE ON "bookings" FOR EACH ROW EXECUTE FUNCTION "notify_booking_change"();
--> statement-breakpoint
CREATE TRIGGER "payments_booking_change" AFTER INSERT OR UPDATE OR DELETE ON "payments" FOR EACH ROW EXECUTE FUNCTION "notify_booking_change"();
--> statement-breakpoint
CREATE TRIGGER "ledger_transactions_booking_change" AFTER INSERT ON "ledger_transactions" FOR EACH ROW EXECUTE FUNCTION "notify_booking_change"();
--> statement-breakpoint
CREATE TRIGGER "cases_booking_change" AFTER INSERT OR UPDATE OR DELETE ON "cases" FOR EACH ROW EXECUTE FUNCTION "notify_booking_change"();
