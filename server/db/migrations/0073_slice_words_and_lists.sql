-- Issue 67 (decision 63): a slice's words and lists in one index. The planner never joins two
-- partial indexes of the same slice (their predicates are the same clauses), so a facet pass with a
-- word and a list read the words' slice index and tested the list on each row it found: an event
-- type and a common word at a million acts read 40,000 rows to keep 2,000 (126 ms; 23 ms this way).
DROP INDEX "act_search_sample_document_idx";--> statement-breakpoint
DROP INDEX "act_search_sample_facets_idx";--> statement-breakpoint
DROP INDEX "act_search_sparse_document_idx";--> statement-breakpoint
DROP INDEX "act_search_sparse_facets_idx";--> statement-breakpoint
CREATE INDEX "act_search_sample_words_facets_idx" ON "act_search" USING gin ("document","facets") WHERE "act_search"."visible" and hashint4("act_search"."act_id") & 7 = 0;--> statement-breakpoint
CREATE INDEX "act_search_sparse_words_facets_idx" ON "act_search" USING gin ("document","facets") WHERE "act_search"."visible" and hashint4("act_search"."act_id") & 63 = 0;