ALTER TABLE "act_search" ADD COLUMN "price_from_cents" integer;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "price_from_cents" integer;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "price_to_cents" integer;--> statement-breakpoint
CREATE INDEX "act_search_price_idx" ON "act_search" USING btree ("visible","price_from_cents" asc nulls last,"act_id");--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_price_check" CHECK (("packages"."price_from_cents" is null or "packages"."price_from_cents" between 0 and 100000000) and ("packages"."price_to_cents" is null or ("packages"."price_from_cents" is not null and "packages"."price_to_cents" between "packages"."price_from_cents" and 100000000)));--> statement-breakpoint
-- Issue 33: an act's search row carries its "from" price (the lowest of its live offerings'),
-- for the search's budget and its sort by price.
CREATE OR REPLACE FUNCTION "refresh_act_search"(target integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "act_search" ("act_id", "document", "rating_avg", "review_count", "visible", "featured", "name", "created_at", "price_from_cents", "facets")
  SELECT a."id",
    setweight(to_tsvector('simple', unaccent(coalesce(a."name", ''))), 'A') ||
    setweight(to_tsvector('simple', unaccent(coalesce((SELECT string_agg(t."name", ' ') FROM "act_tags" at JOIN "tags" t ON t."id" = at."tag_id" WHERE at."act_id" = a."id"), ''))), 'B') ||
    setweight(to_tsvector('simple', unaccent(coalesce(a."headline", ''))), 'B') ||
    setweight(to_tsvector('simple', unaccent(coalesce(a."location", '') || ' ' || coalesce((SELECT string_agg(l."location", ' ') FROM "act_locations" l WHERE l."act_id" = a."id"), ''))), 'C') ||
    setweight(to_tsvector('simple', unaccent(coalesce(a."description", ''))), 'D'),
    r.average, r.count,
    a."active" AND NOT a."internal_use_only",
    a."is_featured", a."name", a."created_at",
    (SELECT min(p."price_from_cents") FROM "packages" p WHERE p."act_id" = a."id" AND p."deleted_at" IS NULL),
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
    "visible" = excluded."visible", "featured" = excluded."featured", "name" = excluded."name", "created_at" = excluded."created_at",
    "price_from_cents" = excluded."price_from_cents", "facets" = excluded."facets";
  -- Words a misspelling may have meant: letters only (numbers are not misspelt, and would swamp the list).
  INSERT INTO "search_words" ("word")
  -- In the words' order, so that two acts bringing the same new words wait on each other at
  -- most, and never deadlock.
  SELECT DISTINCT w FROM "act_search", unnest(tsvector_to_array("document")) w
  WHERE "act_id" = target AND length(w) >= 3 AND w ~ '^[a-z]+$'
  ORDER BY w
  ON CONFLICT DO NOTHING;
$$;
--> statement-breakpoint
-- Only a price or a soft delete changes what the search row reads of an offering.
CREATE TRIGGER "packages_search" AFTER INSERT OR DELETE OR UPDATE OF "price_from_cents", "deleted_at" ON "packages"
  FOR EACH ROW EXECUTE FUNCTION "act_search_changed"('act_id');
