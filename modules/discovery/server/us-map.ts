// The map of results drawn on the server (issue 65, item 1): the states from us-atlas (already
// projected to Albers USA, 975 x 610), and each act's pin projected the same way, so the page
// needs no tiles, no network call and no script to show where acts are.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { geoAlbersUsa, geoPath } from "d3-geo";
import { feature, mesh } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";
import {
  type MapBounds,
  type MapCluster,
  type MapPin,
  type MapPoint,
  type MapView,
  boundsAround,
  formatBounds,
  padded,
} from "#modules/discovery/map-bounds";

export const MAP_WIDTH = 975;
export const MAP_HEIGHT = 610;
/** us-atlas's albers files are projected with exactly this (its README). */
const projection = geoAlbersUsa()
  .scale(1300)
  .translate([MAP_WIDTH / 2, MAP_HEIGHT / 2]);

let outline: string | null = null;

/** The states as one SVG document, drawn once per process: served as a static image the map lays under its pins. */
export function usStatesSvg(): string {
  if (outline) return outline;
  const file = createRequire(import.meta.url).resolve("us-atlas/states-albers-10m.json");
  const topology = JSON.parse(readFileSync(file, "utf8")) as Topology<{
    states: GeometryCollection;
    nation: GeometryCollection;
  }>;
  const path = geoPath();
  const land = path(feature(topology, topology.objects.nation)) ?? "";
  const borders = path(mesh(topology, topology.objects.states, (a, b) => a !== b)) ?? "";
  outline = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${MAP_WIDTH} ${MAP_HEIGHT}" width="${MAP_WIDTH}" height="${MAP_HEIGHT}"><path d="${land}" fill="#e5e7eb" stroke="#9ca3af" stroke-width="1"/><path d="${borders}" fill="none" stroke="#ffffff" stroke-width="1" stroke-linejoin="round"/></svg>`;
  return outline;
}

/** Where a point falls on the map, or null outside the projection (outside the US). */
function projected(point: MapPoint): [number, number] | null {
  return projection([point.lng, point.lat]);
}

/** The part of the map an area covers, kept to the map's shape and never past the whole map. */
function viewBoxOf(bounds: MapBounds | null): [number, number, number, number] {
  const whole: [number, number, number, number] = [0, 0, MAP_WIDTH, MAP_HEIGHT];
  if (!bounds) return whole;
  // A grid over the area: Albers bends the edges, and a corner off the US projects to nothing.
  const steps = [0, 0.25, 0.5, 0.75, 1];
  const corners = steps.flatMap((down) =>
    steps.flatMap((across) => {
      const at = projected({
        lat: bounds.south + (bounds.north - bounds.south) * down,
        lng: bounds.west + (bounds.east - bounds.west) * across,
      });
      return at ? [at] : [];
    }),
  );
  if (corners.length < 2) return whole;
  const xs = corners.map(([x]) => x);
  const ys = corners.map(([, y]) => y);
  let [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  // At least a 60th of the country across, and in the map's proportions.
  let width = Math.max(x1 - x0, MAP_WIDTH / 60);
  let height = Math.max(y1 - y0, MAP_HEIGHT / 60);
  if (width / height > MAP_WIDTH / MAP_HEIGHT) height = (width * MAP_HEIGHT) / MAP_WIDTH;
  else width = (height * MAP_WIDTH) / MAP_HEIGHT;
  if (width >= MAP_WIDTH) return whole;
  const cx = (x0 + x1) / 2;
  const cy = (y0 + y1) / 2;
  x0 = Math.min(Math.max(cx - width / 2, 0), MAP_WIDTH - width);
  y0 = Math.min(Math.max(cy - height / 2, 0), MAP_HEIGHT - height);
  x1 = x0 + width;
  y1 = y0 + height;
  const round = (value: number) => Math.round(value * 10) / 10;
  return [round(x0), round(y0), round(x1 - x0), round(y1 - y0)];
}

/**
 * The map of a page of results: the searched area (or the whole country), each act's pin, and
 * clusters where pins would overlap (within 36 of the map's 975 units, whatever the zoom),
 * each naming its acts and the area to zoom in on.
 */
export function mapViewOf(
  acts: readonly { url: string; name: string; location: string | null; map: MapPoint | null }[],
  searched: MapBounds | null,
): MapView {
  const viewBox = viewBoxOf(searched);
  const unit = viewBox[2] / MAP_WIDTH;
  const cell = 36 * unit;
  const placed = acts.flatMap((act) => {
    const at = act.map ? projected(act.map) : null;
    return at && act.map ? [{ act, point: act.map, x: at[0], y: at[1] }] : [];
  });
  const cells = new Map<string, typeof placed>();
  for (const each of placed) {
    const key = `${Math.floor(each.x / cell)}:${Math.floor(each.y / cell)}`;
    cells.set(key, [...(cells.get(key) ?? []), each]);
  }
  const pins: MapPin[] = [];
  const clusters: MapCluster[] = [];
  const round = (value: number) => Math.round(value * 10) / 10;
  for (const group of cells.values()) {
    if (group.length === 1) {
      const [{ act, x, y }] = group as [(typeof placed)[number]];
      pins.push({ url: act.url, name: act.name, location: act.location, x: round(x), y: round(y) });
      continue;
    }
    const area = boundsAround(group.map((each) => each.point));
    clusters.push({
      x: round(group.reduce((sum, each) => sum + each.x, 0) / group.length),
      y: round(group.reduce((sum, each) => sum + each.y, 0) / group.length),
      count: group.length,
      names: group.map((each) => each.act.name),
      bounds: formatBounds(padded(area!, 0.25, 0.2)),
    });
  }
  return {
    viewBox,
    unit,
    pins,
    clusters,
    zoomOut: searched ? formatBounds(padded(searched, 0.5)) : null,
    unplaced: acts.length - placed.length,
    places: placed.map(({ act, point }) => ({
      url: act.url,
      name: act.name,
      location: act.location,
      lat: point.lat,
      lng: point.lng,
    })),
    area: searched ?? boundsAround(placed.map((each) => each.point)),
  };
}
