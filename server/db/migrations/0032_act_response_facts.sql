-- Issue 30: response facts on the search row, for cards and the order of equally relevant
-- acts (server/services/response-facts.ts writes them; the servers' sweep fills them at boot).
ALTER TABLE "act_search" ADD COLUMN "response_rate" smallint;--> statement-breakpoint
ALTER TABLE "act_search" ADD COLUMN "response_hours" real;--> statement-breakpoint
CREATE INDEX "act_search_responding_idx" ON "act_search" USING btree ("act_id") WHERE "act_search"."response_rate" is not null;