import { Hono } from "hono";
import { US_STATES_PATH } from "#modules/discovery/map-bounds";
import { usStatesSvg } from "./us-map";

/**
 * The states under the map's pins: the same bytes for every page and every deployment, drawn once
 * per process and kept by browsers and caches for a day. An SVG of paths only (no script), as an
 * image it could not run one anyway.
 */
export function mapRoutes() {
  const app = new Hono();
  app.get(US_STATES_PATH, (c) =>
    c.body(usStatesSvg(), 200, {
      "content-type": "image/svg+xml",
      "cache-control": "public, max-age=86400",
    }),
  );
  return app;
}
