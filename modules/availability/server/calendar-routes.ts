import { Hono } from "hono";
import type { Executor } from "#server/db/client";
import type { AppEnv } from "#server/http/app-env";
import { actFeed, plannerEventIcs } from "./calendar-feed";

const CALENDAR_HEADERS = {
  "content-type": "text/calendar; charset=utf-8",
  "cache-control": "private, no-store",
  "x-robots-tag": "noindex",
};
/** A feed token as we make them (base64url), so anything else is a 404 without a query. */
const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * The iCalendar files (issue 31): an act's private feed at /calendar/{token}.ics, which its
 * manager's phone subscribes to (the token is the only key, so the address is secret), and a
 * planner's event as a download from /events.
 */
export function calendarRoutes({ db, publicUrl }: { db: Executor; publicUrl: string }) {
  const host = new URL(publicUrl).host;
  const app = new Hono<AppEnv>();
  app.get("/calendar/events/:file{[^/]+\\.ics}", async (c) => {
    const viewer = c.get("viewer");
    if (!viewer) return c.text("Sign in to download your event", 401);
    const { name, ics } = await plannerEventIcs(db, viewer, c.req.param("file").replace(/\.ics$/, ""), host);
    return c.body(ics, 200, { ...CALENDAR_HEADERS, "content-disposition": `attachment; filename="${name}.ics"` });
  });
  app.get("/calendar/:file{[^/]+\\.ics}", async (c) => {
    const token = c.req.param("file").replace(/\.ics$/, "");
    const ics = TOKEN.test(token) ? await actFeed(db, token, host) : null;
    if (ics === null) return c.text("No such calendar", 404);
    return c.body(ics, 200, CALENDAR_HEADERS);
  });
  return app;
}
