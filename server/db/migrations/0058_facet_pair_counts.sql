CREATE TABLE "facet_pair_count_changes" (
	"key" text NOT NULL,
	"other" text NOT NULL,
	"delta" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "facet_pair_count_changes_key_idx" ON "facet_pair_count_changes" USING btree ("key","other");--> statement-breakpoint
-- A change of an act's search row appends what it makes to each key's count, as before, and to
-- each pair of its keys' (both orders: a read asks for one key's partners). Only appended, so a
-- write never waits on another act's (issue 32).
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
  INSERT INTO "facet_pair_count_changes" ("key", "other", "delta")
  SELECT k, o, sum(d)::int FROM (
    SELECT k, o, -1 AS d FROM unnest(OLD."facets") k, unnest(OLD."facets") o WHERE OLD."visible" AND k <> o
    UNION ALL
    SELECT k, o, 1 FROM unnest(NEW."facets") k, unnest(NEW."facets") o WHERE NEW."visible" AND k <> o
  ) changes
  GROUP BY k, o HAVING sum(d) <> 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Folds both tables' changes into one row per key, and per pair.
CREATE OR REPLACE FUNCTION "compact_facet_counts"() RETURNS void LANGUAGE sql AS $$
  WITH gone AS (DELETE FROM "facet_count_changes" RETURNING "key", "delta")
  INSERT INTO "facet_count_changes" ("key", "delta")
  SELECT "key", sum("delta")::int FROM gone GROUP BY "key" HAVING sum("delta") <> 0;
  WITH gone AS (DELETE FROM "facet_pair_count_changes" RETURNING "key", "other", "delta")
  INSERT INTO "facet_pair_count_changes" ("key", "other", "delta")
  SELECT "key", "other", sum("delta")::int FROM gone GROUP BY "key", "other" HAVING sum("delta") <> 0;
$$;
--> statement-breakpoint
INSERT INTO "facet_pair_count_changes" ("key", "other", "delta")
SELECT k, o, count(*)::int FROM "act_search", unnest("facets") k, unnest("facets") o WHERE "visible" AND k <> o GROUP BY k, o;
