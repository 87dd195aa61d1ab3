-- Issue 30: each server keeps a planner's saved acts with what it keeps of the viewer
-- (server/viewer-cache.ts); a save or a removal says whose, at commit.
CREATE TRIGGER "shortlists_viewer_change" AFTER INSERT OR UPDATE OR DELETE ON "shortlists" FOR EACH ROW EXECUTE FUNCTION "notify_viewer_change"('planner_id');
