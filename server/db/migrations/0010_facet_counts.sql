CREATE TABLE "facet_counts" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "facet_counts_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."visible" THEN
    UPDATE "facet_counts" SET "count" = "count" - 1 WHERE "key" = ANY(OLD."facets" || '_visible'::text);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."visible" THEN
    INSERT INTO "facet_counts" ("key", "count") SELECT k, 1 FROM unnest(NEW."facets" || '_visible'::text) k
    ON CONFLICT ("key") DO UPDATE SET "count" = "facet_counts"."count" + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "act_search_facet_counts" AFTER INSERT OR UPDATE OR DELETE ON "act_search" FOR EACH ROW EXECUTE FUNCTION "facet_counts_changed"();
--> statement-breakpoint
INSERT INTO "facet_counts" ("key", "count")
SELECT k, count(*)::int FROM "act_search", unnest("facets" || '_visible'::text) k WHERE "visible" GROUP BY k;
