CREATE TABLE "act_search" (
	"act_id" integer PRIMARY KEY NOT NULL,
	"document" "tsvector" NOT NULL,
	"rating_avg" double precision,
	"review_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "place_id" integer;--> statement-breakpoint
ALTER TABLE "act_search" ADD CONSTRAINT "act_search_act_id_acts_id_fk" FOREIGN KEY ("act_id") REFERENCES "public"."acts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "act_search_document_idx" ON "act_search" USING gin ("document");--> statement-breakpoint
CREATE INDEX "act_search_rating_idx" ON "act_search" USING btree ("rating_avg" desc nulls last);--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "act_locations_place_idx" ON "act_locations" USING btree ("place_id");--> statement-breakpoint
CREATE INDEX "acts_place_idx" ON "acts" USING btree ("place_id");--> statement-breakpoint
CREATE INDEX "acts_public_idx" ON "acts" USING btree ("is_featured","created_at") WHERE "acts"."active" and not "acts"."internal_use_only";--> statement-breakpoint
CREATE INDEX "bookings_act_idx" ON "bookings" USING btree ("act_id");--> statement-breakpoint
-- An act's search document: name (A), tags and headline (B), locations (C), description (D),
-- with accents removed; and its rating summary. Refreshed by the triggers below on every write.
CREATE OR REPLACE FUNCTION "refresh_act_search"(target integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "act_search" ("act_id", "document", "rating_avg", "review_count")
  SELECT a."id",
    setweight(to_tsvector('simple', unaccent(coalesce(a."name", ''))), 'A') ||
    setweight(to_tsvector('simple', unaccent(coalesce((SELECT string_agg(t."name", ' ') FROM "act_tags" at JOIN "tags" t ON t."id" = at."tag_id" WHERE at."act_id" = a."id"), ''))), 'B') ||
    setweight(to_tsvector('simple', unaccent(coalesce(a."headline", ''))), 'B') ||
    setweight(to_tsvector('simple', unaccent(coalesce(a."location", '') || ' ' || coalesce((SELECT string_agg(l."location", ' ') FROM "act_locations" l WHERE l."act_id" = a."id"), ''))), 'C') ||
    setweight(to_tsvector('simple', unaccent(coalesce(a."description", ''))), 'D'),
    (SELECT round(avg(r."rating"), 1)::double precision FROM "reviews" r WHERE r."act_id" = a."id"),
    (SELECT count(*)::int FROM "reviews" r WHERE r."act_id" = a."id")
  FROM "acts" a WHERE a."id" = target
  ON CONFLICT ("act_id") DO UPDATE SET "document" = excluded."document", "rating_avg" = excluded."rating_avg", "review_count" = excluded."review_count";
  INSERT INTO "search_words" ("word")
  SELECT DISTINCT unnest(tsvector_to_array("document")) FROM "act_search" WHERE "act_id" = target
  ON CONFLICT DO NOTHING;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "act_search_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- TG_ARGV[0]: the column that holds the act's id ('id' on acts itself).
  act_column text := TG_ARGV[0];
  target integer;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    target := (to_jsonb(NEW) ->> act_column)::int;
    PERFORM "refresh_act_search"(target);
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND (to_jsonb(OLD) ->> act_column)::int IS DISTINCT FROM target THEN
    PERFORM "refresh_act_search"((to_jsonb(OLD) ->> act_column)::int);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "act_search_tag_renamed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "refresh_act_search"(at."act_id") FROM "act_tags" at WHERE at."tag_id" = NEW."id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "acts_search" AFTER INSERT OR UPDATE OF "name", "headline", "description", "location" ON "acts" FOR EACH ROW EXECUTE FUNCTION "act_search_changed"('id');
--> statement-breakpoint
CREATE TRIGGER "act_tags_search" AFTER INSERT OR UPDATE OR DELETE ON "act_tags" FOR EACH ROW EXECUTE FUNCTION "act_search_changed"('act_id');
--> statement-breakpoint
CREATE TRIGGER "act_locations_search" AFTER INSERT OR UPDATE OR DELETE ON "act_locations" FOR EACH ROW EXECUTE FUNCTION "act_search_changed"('act_id');
--> statement-breakpoint
CREATE TRIGGER "reviews_search" AFTER INSERT OR UPDATE OR DELETE ON "reviews" FOR EACH ROW EXECUTE FUNCTION "act_search_changed"('act_id');
--> statement-breakpoint
CREATE TRIGGER "tags_search" AFTER UPDATE OF "name" ON "tags" FOR EACH ROW EXECUTE FUNCTION "act_search_tag_renamed"();
--> statement-breakpoint
SELECT "refresh_act_search"("id") FROM "acts";
