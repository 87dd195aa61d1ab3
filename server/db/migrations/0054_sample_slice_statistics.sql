-- How many search rows each sample slice holds (one act in 8, one in 64: search-acts.ts): without
-- statistics on their expressions the planner took each for half a per cent of the rows, not 12.5
-- or 1.6, and counted a slice's keys by sorting them (half of such a pass's time at 1M acts)
-- where hashing them is the cheaper way for as many rows as it really reads. Built by the next
-- ANALYZE (autovacuum's on a server; the bench's generator runs one): analysing here, on a new
-- database's empty table, told the planner the search rows stay empty, and building them for
-- 30,000 generated acts read the table once per act (13 s became 63 s).
CREATE STATISTICS "act_search_sample_slice" ON (hashint4("act_id") & 7) FROM "act_search";--> statement-breakpoint
CREATE STATISTICS "act_search_sparse_slice" ON (hashint4("act_id") & 63) FROM "act_search";
