DROP INDEX "act_search_rating_idx";--> statement-breakpoint
ALTER TABLE "act_search" ADD COLUMN "visible" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "act_search" ADD COLUMN "featured" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "act_search" ADD COLUMN "name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "act_search" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "act_search" ADD COLUMN "facets" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "act_search_facets_idx" ON "act_search" USING gin ("facets");--> statement-breakpoint
CREATE INDEX "act_search_recommended_idx" ON "act_search" USING btree ("visible","featured" desc,"rating_avg" desc nulls last,"review_count" desc,"name","act_id");--> statement-breakpoint
CREATE INDEX "act_search_reviews_idx" ON "act_search" USING btree ("visible","review_count" desc,"rating_avg" desc nulls last,"act_id");--> statement-breakpoint
CREATE INDEX "act_search_newest_idx" ON "act_search" USING btree ("visible","created_at" desc,"act_id" desc);--> statement-breakpoint
CREATE INDEX "act_search_rating_idx" ON "act_search" USING btree ("visible","rating_avg" desc nulls last,"review_count" desc,"act_id");--> statement-breakpoint
-- The search row now also holds what lists and sorts read, so a search touches one table:
-- who may find the act, its sort keys, and "<list>:<value>" for every filter value it has.
-- Which tag links each filter list reads is the VALUES list below (the one place it is said);
-- the extras are EXTRAS in domain/search-filter.ts, and must name the same five.
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
  SELECT DISTINCT w FROM "act_search", unnest(tsvector_to_array("document")) w
  WHERE "act_id" = target AND length(w) >= 3 AND w ~ '^[a-z]+$'
  ON CONFLICT DO NOTHING;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "acts_search" ON "acts";
--> statement-breakpoint
CREATE TRIGGER "acts_search" AFTER INSERT OR UPDATE ON "acts" FOR EACH ROW EXECUTE FUNCTION "act_search_changed"('id');
--> statement-breakpoint
CREATE TRIGGER "videos_search" AFTER INSERT OR UPDATE OR DELETE ON "videos" FOR EACH ROW EXECUTE FUNCTION "act_search_changed"('act_id');
--> statement-breakpoint
DELETE FROM "search_words";
--> statement-breakpoint
SELECT "refresh_act_search"("id") FROM "acts";
