-- An act's search row (act_search), the words a misspelling may have meant (search_words) and
-- every word its document holds (search_lexemes), rebuilt from the act's own rows. Triggers call it
-- (act_search_changed, migrations 0008 on); this file is its one definition: the server applies it
-- after the migrations on every boot, when it differs from what the database has
-- (server/db/functions/sql-functions.ts), so a change to the search row is a change here.
-- Migrations 0008, 0009, 0021 and 0023 hold earlier copies as they were applied; none is read again.
CREATE OR REPLACE FUNCTION "refresh_act_search"(target integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "act_search" ("act_id", "document", "rating_avg", "review_count", "visible", "featured", "name", "created_at", "price_from_cents", "place_id", "facets")
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
    a."place_id",
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
      -- One line per word of the search filter's "extras" list, and one per fact an act's artist
      -- chooses (its `facts` column), written from their TypeScript lists (server/db/functions/sql-functions.ts).
      /* extras */
      /* facts */
    )
  FROM "acts" a
  CROSS JOIN LATERAL (SELECT round(avg(rv."rating"), 1)::double precision AS average, count(*)::int AS count FROM "reviews" rv WHERE rv."act_id" = a."id") r
  WHERE a."id" = target
  ON CONFLICT ("act_id") DO UPDATE SET "document" = excluded."document", "rating_avg" = excluded."rating_avg", "review_count" = excluded."review_count",
    "visible" = excluded."visible", "featured" = excluded."featured", "name" = excluded."name", "created_at" = excluded."created_at",
    "price_from_cents" = excluded."price_from_cents", "place_id" = excluded."place_id",
    "facets" = excluded."facets";
  -- Words a misspelling may have meant: letters only (numbers are not misspelt, and would swamp the list).
  INSERT INTO "search_words" ("word")
  -- In the words' order, so that two acts bringing the same new words wait on each other at
  -- most, and never deadlock.
  SELECT DISTINCT w FROM "act_search", unnest(tsvector_to_array("document")) w
  WHERE "act_id" = target AND length(w) >= 3 AND w ~ '^[a-z]+$'
  ORDER BY w
  ON CONFLICT DO NOTHING;
  -- Every word as the document holds it, for a typed prefix's words (migration 0072, decision 63).
  INSERT INTO "search_lexemes" ("word")
  SELECT DISTINCT w COLLATE "C" FROM "act_search", unnest(tsvector_to_array("document")) w
  WHERE "act_id" = target
  ORDER BY 1
  ON CONFLICT DO NOTHING;
$$;
