-- The demo catalogue was loaded with the acts' row triggers off, so its acts never got their
-- feed's secret and their calendar page failed (issue 44). Every act gets one; the catalogue's
-- load now makes them too.
INSERT INTO "act_calendar_feeds" ("act_id") SELECT "id" FROM "acts" ON CONFLICT DO NOTHING;
