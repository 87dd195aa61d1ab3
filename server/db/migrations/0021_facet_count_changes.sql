CREATE TABLE "facet_count_changes" (
	"key" text NOT NULL,
	"delta" integer NOT NULL
);
--> statement-breakpoint
-- Issue 32: every change of an act's search row updated shared counter rows (one per facet
-- value), so two writes to different acts locked them in different orders and deadlocked. A
-- change now appends the difference it makes, which never waits on another writer; reading sums
-- by key, and compact_facet_counts() folds the rows into one per key now and then.
CREATE OR REPLACE FUNCTION "facet_counts_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- OLD is null on INSERT and NEW on DELETE: their sides add nothing.
  INSERT INTO "facet_count_changes" ("key", "delta")
  SELECT k, sum(d)::int FROM (
    SELECT unnest(OLD."facets" || '_visible'::text) AS k, -1 AS d WHERE OLD."visible"
    UNION ALL
    SELECT unnest(NEW."facets" || '_visible'::text), 1 WHERE NEW."visible"
  ) changes
  GROUP BY k HAVING sum(d) <> 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "act_search_facet_counts" ON "act_search";
--> statement-breakpoint
CREATE TRIGGER "act_search_facet_counts" AFTER INSERT OR DELETE ON "act_search" FOR EACH ROW EXECUTE FUNCTION "facet_counts_changed"();
--> statement-breakpoint
CREATE TRIGGER "act_search_facet_counts_changed" AFTER UPDATE ON "act_search" FOR EACH ROW
  WHEN (OLD."visible" IS DISTINCT FROM NEW."visible" OR OLD."facets" IS DISTINCT FROM NEW."facets")
  EXECUTE FUNCTION "facet_counts_changed"();
--> statement-breakpoint
-- Folds the changes into one row per key. Run by any server at any time: a concurrent writer's
-- rows are not in this statement's snapshot, and a concurrent compaction's deletions are skipped.
CREATE OR REPLACE FUNCTION "compact_facet_counts"() RETURNS void LANGUAGE sql AS $$
  WITH gone AS (DELETE FROM "facet_count_changes" RETURNING "key", "delta")
  INSERT INTO "facet_count_changes" ("key", "delta")
  SELECT "key", sum("delta")::int FROM gone GROUP BY "key" HAVING sum("delta") <> 0;
$$;
--> statement-breakpoint
INSERT INTO "facet_count_changes" ("key", "delta") SELECT "key", "count" FROM "facet_counts" WHERE "count" <> 0;
--> statement-breakpoint
-- An act's search row reads only these columns of the act; other updates of the row (such as
-- sections_version, raised by every testimonial) no longer rebuild it.
DROP TRIGGER IF EXISTS "acts_search" ON "acts";
--> statement-breakpoint
CREATE TRIGGER "acts_search" AFTER INSERT OR UPDATE OF "name", "headline", "description", "location", "active", "internal_use_only", "is_featured", "nationally_recognized", "has_performed_corporate_event", "created_at" ON "acts"
  FOR EACH ROW EXECUTE FUNCTION "act_search_changed"('id');
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "refresh_act_search"(target integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "act_search" ("act_id", "document", "rating_avg", "review_count", "visible", "featured", "name", "created_at", "facets")
  SELECT a."id",
    setweight(to_tsvector('simple', unaccent(coalesce(a."name", ''))), 'A') ||
    setweight(to_tsvector('simple', unaccent(coalesce((SELECT string_agg(t."name", ' ') FROM "act_tags" at JOIN "tags" t ON t."id" = at."tag_id" WHERE at."act_id" = a."id"), ''))), 'B') ||
    setweight(to_tsvector('simple', unaccent(coalesce(a."headline", ''))), 'B') ||
    setweight(to_tsvector('simple', unaccent(coalesce(a."location", '') || ' ' || coalesce((SELECT string_agg(l."location", ' ') FROM "act_locations" l WHERE l."act_id" = a."id"), ''))), 'C') ||
    setweight(to_tsvector('simple', unaccent(coalesce(a."description", ''))), 'D'),
    r.average, r.count,
    a."active" AND NOT a."internal_use_only",
    a."is_featured", a."name", a."created_at",
    ARRAY(
      SELECT DISTINCT list || ':' || t."name"
      FROM "act_tags" at JOIN "tags" t ON t."id" = at."tag_id"
      JOIN (VALUES
        ('actTypes', 'varietyTypes'), ('actTypes', 'speakerTypes'), ('actTypes', 'bandSetups'),
        ('styles', 'genres'), ('styles', 'styles'),
        ('bandSetups', 'bandSetups'),
        ('songTypes', 'songTypes'),
        ('eventTypes', 'eventTypes'), ('eventTypes', 'occasions'),
        ('occasions', 'eventTypes'), ('occasions', 'occasions')
      ) m(list, relation) ON m.relation = at."relation"
      WHERE at."act_id" = a."id"
      UNION ALL SELECT 'extras:Featured' WHERE a."is_featured"
      UNION ALL SELECT 'extras:Nationally Recognized' WHERE a."nationally_recognized"
      UNION ALL SELECT 'extras:Corporate Experience' WHERE a."has_performed_corporate_event"
      UNION ALL SELECT 'extras:Has Videos' WHERE EXISTS (SELECT 1 FROM "videos" v WHERE v."act_id" = a."id")
      UNION ALL SELECT 'extras:Has Reviews' WHERE r.count > 0
    )
  FROM "acts" a
  CROSS JOIN LATERAL (SELECT round(avg(rv."rating"), 1)::double precision AS average, count(*)::int AS count FROM "reviews" rv WHERE rv."act_id" = a."id") r
  WHERE a."id" = target
  ON CONFLICT ("act_id") DO UPDATE SET "document" = excluded."document", "rating_avg" = excluded."rating_avg", "review_count" = excluded."review_count",
    "visible" = excluded."visible", "featured" = excluded."featured", "name" = excluded."name", "created_at" = excluded."created_at", "facets" = excluded."facets";
  -- Words a misspelling may have meant: letters only (numbers are not misspelt, and would swamp the list).
  INSERT INTO "search_words" ("word")
  -- In the words' order, so that two acts bringing the same new words wait on each other at
  -- most, and never deadlock.
  SELECT DISTINCT w FROM "act_search", unnest(tsvector_to_array("document")) w
  WHERE "act_id" = target AND length(w) >= 3 AND w ~ '^[a-z]+$'
  ORDER BY w
  ON CONFLICT DO NOTHING;
$$;
