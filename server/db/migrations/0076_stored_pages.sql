CREATE TABLE "stored_pages" (
	"key" text PRIMARY KEY NOT NULL,
	"build" text NOT NULL,
	"depends_on" text[],
	"snapshot" "pg_snapshot" NOT NULL,
	"gzip" "bytea" NOT NULL,
	"headers" jsonb NOT NULL,
	"memo" jsonb,
	"made_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tag_changes" (
	"tag" text PRIMARY KEY NOT NULL,
	"xid" "xid8" NOT NULL
);
--> statement-breakpoint
CREATE INDEX "tag_changes_xid_idx" ON "tag_changes" USING btree ("xid");--> statement-breakpoint
-- Decision 0067: a change notice also records its transaction against the tag, for the guests'
-- pages every server keeps in stored_pages. Only what a guest's page can depend on is recorded:
-- one act ("act:<url>"), or "all" for any notice a server reads as "anything may have changed".
-- A viewer's, a booking's, a conversation's, a planner's threads and the cases' notices are no
-- guest's page.
CREATE OR REPLACE FUNCTION "notify_change"(tag text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  recorded text;
BEGIN
  -- Delivered at commit to every app server that listens; repeats in one transaction fold into one.
  PERFORM pg_notify('change', tag);
  recorded := CASE
    WHEN tag LIKE 'act:%' THEN tag
    WHEN tag LIKE 'user:%' OR tag LIKE 'booking:%' OR tag LIKE 'conversation:%' OR tag LIKE 'threads:%' OR tag = 'cases' THEN NULL
    ELSE 'all'
  END;
  IF recorded IS NOT NULL THEN
    INSERT INTO tag_changes (tag, xid) VALUES (recorded, pg_current_xact_id())
      ON CONFLICT ON CONSTRAINT tag_changes_pkey DO UPDATE SET xid = excluded.xid WHERE tag_changes.xid <> excluded.xid;
  END IF;
END
$$;
