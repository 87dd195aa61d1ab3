-- Issue 67 (decision 63): every word the acts' search documents hold, in byte order, so that a
-- typed word's prefix is a range of it. A search asks the documents' index for the few words a
-- prefix stands for ("jazz" | "jazzy") rather than for every word it begins ("jazz:*"), which the
-- index cannot skip through: two words at a million acts read both words' every act. Kept by
-- refresh_act_search from here on (modules/discovery/server/search/functions).
CREATE TABLE "search_lexemes" (
	"word" text COLLATE "C" PRIMARY KEY NOT NULL
);--> statement-breakpoint
INSERT INTO "search_lexemes" ("word")
SELECT DISTINCT w FROM "act_search", unnest(tsvector_to_array("document")) w
ON CONFLICT DO NOTHING;
