DROP INDEX "act_blocks_day_idx";--> statement-breakpoint
CREATE INDEX "act_blocks_days_idx" ON "act_blocks" USING gist (daterange("starts_on", "ends_on", '[]'));