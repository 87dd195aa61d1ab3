-- Issue 31: a blocked day and a subscribed calendar's busy day change what the act's profile
-- answers ("Check availability") and which searches with a date find it, so both announce
-- the act like every other table its pages show.
CREATE TRIGGER "act_blocks_page_change" AFTER INSERT OR UPDATE OR DELETE ON "act_blocks" FOR EACH ROW EXECUTE FUNCTION "notify_act_page"('act_id');
--> statement-breakpoint
CREATE TRIGGER "calendar_busy_days_page_change" AFTER INSERT OR UPDATE OR DELETE ON "calendar_busy_days" FOR EACH ROW EXECUTE FUNCTION "notify_act_page"('act_id');
--> statement-breakpoint
-- A booking makes the act's day "booked", which its profile's availability answer shows.
CREATE TRIGGER "bookings_page_change" AFTER INSERT OR UPDATE OR DELETE ON "bookings" FOR EACH ROW EXECUTE FUNCTION "notify_act_page"('act_id');
--> statement-breakpoint
-- An event moved or cancelled frees or takes the days of the acts booked for it.
CREATE OR REPLACE FUNCTION "notify_event_booked_acts"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  act_url text;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."starttime" IS NOT DISTINCT FROM NEW."starttime" AND OLD."place_id" IS NOT DISTINCT FROM NEW."place_id"
    AND OLD."cancelled_at" IS NOT DISTINCT FROM NEW."cancelled_at" THEN
    RETURN NULL;
  END IF;
  FOR act_url IN SELECT DISTINCT a."url" FROM "bookings" b JOIN "acts" a ON a."id" = b."act_id" WHERE b."event_id" = OLD."id" LOOP
    PERFORM announce('act:' || act_url);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "events_booked_acts_change" AFTER UPDATE OR DELETE ON "events" FOR EACH ROW EXECUTE FUNCTION "notify_event_booked_acts"();
--> statement-breakpoint
-- Every act has its feed's secret from the start, so asking for the address reads and never writes.
CREATE OR REPLACE FUNCTION "create_act_calendar_feed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "act_calendar_feeds" ("act_id") VALUES (NEW."id") ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "acts_calendar_feed" AFTER INSERT ON "acts" FOR EACH ROW EXECUTE FUNCTION "create_act_calendar_feed"();
--> statement-breakpoint
INSERT INTO "act_calendar_feeds" ("act_id") SELECT "id" FROM "acts" ON CONFLICT DO NOTHING;
