-- Issue 29: an act's kept profile sections are fresh the way its kept row is, by the act's
-- announcement on page_change (every table they read announces it), so the version that
-- triggers raised in the writing transaction, and its eleven triggers, go.
DROP TRIGGER IF EXISTS "act_locations_sections" ON "act_locations";--> statement-breakpoint
DROP TRIGGER IF EXISTS "act_tags_sections" ON "act_tags";--> statement-breakpoint
DROP TRIGGER IF EXISTS "images_sections" ON "images";--> statement-breakpoint
DROP TRIGGER IF EXISTS "videos_sections" ON "videos";--> statement-breakpoint
DROP TRIGGER IF EXISTS "packages_sections" ON "packages";--> statement-breakpoint
DROP TRIGGER IF EXISTS "package_event_types_sections" ON "package_event_types";--> statement-breakpoint
DROP TRIGGER IF EXISTS "testimonials_sections" ON "testimonials";--> statement-breakpoint
DROP TRIGGER IF EXISTS "reviews_sections" ON "reviews";--> statement-breakpoint
DROP TRIGGER IF EXISTS "documents_sections" ON "documents";--> statement-breakpoint
DROP TRIGGER IF EXISTS "tags_sections" ON "tags";--> statement-breakpoint
DROP TRIGGER IF EXISTS "seo_entries_sections" ON "seo_entries";--> statement-breakpoint
DROP TRIGGER IF EXISTS "acts_url_sections" ON "acts";--> statement-breakpoint
DROP FUNCTION IF EXISTS "bump_sections_version"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "bump_sections_version_of_tag"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "bump_sections_version_of_seo_entry"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "bump_sections_version_on_url"();--> statement-breakpoint
ALTER TABLE "acts" DROP COLUMN "sections_version";
