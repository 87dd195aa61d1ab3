CREATE TABLE "content_imports" (
	"file" text PRIMARY KEY NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guides" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "guides_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"paragraphs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guides_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "seo_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "seo_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"intro" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seo_entries_kind_check" CHECK ("seo_entries"."kind" in ('act', 'listing'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "seo_entries_kind_key_unique" ON "seo_entries" USING btree ("kind","key");--> statement-breakpoint
-- Curated copy shows on cached guest pages: an act's entry on its profile; a listing
-- entry or a guide on pages that any act's page may link to (and in the sitemap).
CREATE OR REPLACE FUNCTION "notify_seo_entry_page"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  entry record;
BEGIN
  IF TG_OP = 'DELETE' THEN entry := OLD; ELSE entry := NEW; END IF;
  IF TG_OP = 'UPDATE' AND (OLD."kind" <> NEW."kind" OR OLD."key" <> NEW."key") THEN
    IF OLD."kind" = 'act' THEN PERFORM pg_notify('page_change', 'act:' || OLD."key"); ELSE PERFORM pg_notify('page_change', 'all'); END IF;
  END IF;
  IF entry."kind" = 'act' THEN PERFORM pg_notify('page_change', 'act:' || entry."key"); ELSE PERFORM pg_notify('page_change', 'all'); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "seo_entries_page_change" AFTER INSERT OR UPDATE OR DELETE ON "seo_entries" FOR EACH ROW EXECUTE FUNCTION "notify_seo_entry_page"();
--> statement-breakpoint
CREATE TRIGGER "guides_page_change" AFTER INSERT OR UPDATE OR DELETE ON "guides" FOR EACH ROW EXECUTE FUNCTION "notify_all_pages"();
