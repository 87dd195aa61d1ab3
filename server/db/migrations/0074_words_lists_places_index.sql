-- Issue 67 (decision 63): a search's words, lists and places in one GIN index, which meets them
-- itself, skipping through the longer postings: with an index each, the planner read every act
-- of a common word and every act of the circle's places, then met the two bitmaps ("close"
-- within 25 miles of Elgin, IL, at a million acts: 192,000 acts read to find 1,450). btree_gin
-- indexes the place id in GIN; it is one of PostgreSQL's trusted contrib extensions, as pg_trgm
-- and unaccent are (migration 0007). The words' and the lists' own indexes stay: the planner
-- costs a GIN index by its size, and took this one alone as dearer than reading every row for a
-- common word at 100,000 acts on the embedded database.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE INDEX "act_search_words_lists_places_idx" ON "act_search" USING gin ("document","facets","place_id");
