-- Issue 67: the admins' header counts the open cases on every page an admin opens; the count is
-- kept until a case changes (keptOpenCaseCount, modules/bookings/server/cases.ts). Any change
-- to the cases notifies "cases" at commit, besides the booking it belongs to (migration 0068).
CREATE OR REPLACE FUNCTION "notify_cases_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_change('cases');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "cases_any_change" AFTER INSERT OR UPDATE OR DELETE ON "cases" FOR EACH STATEMENT EXECUTE FUNCTION "notify_cases_change"();
