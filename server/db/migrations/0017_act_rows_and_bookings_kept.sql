-- Pages now keep acts' rows (server/act-row-cache.ts) and planners' unreviewed bookings
-- (server/viewer-cache.ts) between requests, so the announcements that clear them must name
-- everything they hold.
--
-- An act that moves to a new address announces its old one too: a copy kept under the old
-- address must go.
CREATE OR REPLACE FUNCTION "notify_act_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('page_change', 'act:' || OLD."url");
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "acts_moved_page_change" AFTER UPDATE OF "url" ON "acts" FOR EACH ROW WHEN (OLD."url" IS DISTINCT FROM NEW."url") EXECUTE FUNCTION "notify_act_moved"();
--> statement-breakpoint
-- Which of a planner's events may review which act follows from their events, the bookings
-- on them and the reviews already written: a change to any of these names the planner.
CREATE OR REPLACE FUNCTION "notify_event_planner_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  planner text;
BEGIN
  FOR planner IN
    SELECT DISTINCT e."planner_id" FROM "events" e
    WHERE e."id" IN ((to_jsonb(OLD) ->> 'event_id')::int, (to_jsonb(NEW) ->> 'event_id')::int)
  LOOP
    PERFORM pg_notify('viewer_change', planner);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "events_viewer_change" AFTER INSERT OR UPDATE OR DELETE ON "events" FOR EACH ROW EXECUTE FUNCTION "notify_viewer_change"('planner_id');
--> statement-breakpoint
CREATE TRIGGER "bookings_viewer_change" AFTER INSERT OR UPDATE OR DELETE ON "bookings" FOR EACH ROW EXECUTE FUNCTION "notify_event_planner_change"();
--> statement-breakpoint
CREATE TRIGGER "reviews_viewer_change" AFTER INSERT OR UPDATE OR DELETE ON "reviews" FOR EACH ROW EXECUTE FUNCTION "notify_event_planner_change"();
