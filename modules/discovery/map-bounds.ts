// The map's area (issue 65, item 1): `bounds=south,west,north,east` on a search, and the box
// around a page's acts, which the map view draws and searches by.
export interface MapBounds {
  south: number;
  west: number;
  north: number;
  east: number;
}
export interface MapPoint {
  lat: number;
  lng: number;
}

/** A page of results as a list or on the map (`view=map`; anything else is the list). */
export function resultsViewOf(query: URLSearchParams): "list" | "map" {
  return query.get("view") === "map" ? "map" : "list";
}

/** Where the map view's states image is served (modules/discovery/server/map-routes.ts). */
export const US_STATES_PATH = "/map/us-states.svg";

export const BOUNDS_MESSAGE = "Give the map's area as four numbers: south,west,north,east";

/** The area a query names, or null when it is not four numbers south < north and west < east on the globe. */
export function parseBounds(value: string): MapBounds | null {
  const parts = value.split(",").map((part) => part.trim());
  if (parts.length !== 4 || parts.some((part) => !/^-?\d+(\.\d+)?$/.test(part))) return null;
  const [south, west, north, east] = parts.map(Number) as [number, number, number, number];
  if (south < -90 || north > 90 || west < -180 || east > 180) return null;
  if (south >= north || west >= east) return null;
  return { south, west, north, east };
}

/** As the query writes it, to 4 decimals (about 11 metres). */
export function formatBounds({ south, west, north, east }: MapBounds): string {
  return [south, west, north, east].map((value) => Math.round(value * 10_000) / 10_000).join(",");
}

/** The box around these points, null for none. */
export function boundsAround(points: readonly MapPoint[]): MapBounds | null {
  if (!points.length) return null;
  return {
    south: Math.min(...points.map((point) => point.lat)),
    west: Math.min(...points.map((point) => point.lng)),
    north: Math.max(...points.map((point) => point.lat)),
    east: Math.max(...points.map((point) => point.lng)),
  };
}

/** The box grown by `ratio` of its size on each side, at least `minDegrees` across, kept on the globe. */
export function padded(bounds: MapBounds, ratio: number, minDegrees = 0.5): MapBounds {
  const height = Math.max(bounds.north - bounds.south, minDegrees);
  const width = Math.max(bounds.east - bounds.west, minDegrees);
  const midLat = (bounds.north + bounds.south) / 2;
  const midLng = (bounds.east + bounds.west) / 2;
  const halfH = (height / 2) * (1 + 2 * ratio);
  const halfW = (width / 2) * (1 + 2 * ratio);
  return {
    south: Math.max(midLat - halfH, -90),
    west: Math.max(midLng - halfW, -180),
    north: Math.min(midLat + halfH, 90),
    east: Math.min(midLng + halfW, 180),
  };
}

/** A page of results as the map view draws it (modules/discovery/server/us-map.ts). */
export interface MapPin {
  url: string;
  name: string;
  location: string | null;
  x: number;
  y: number;
}
export interface MapCluster {
  x: number;
  y: number;
  count: number;
  names: string[];
  /** The area of its acts, to search (zoom in on) it. */
  bounds: string;
}
export interface MapView {
  viewBox: [number, number, number, number];
  /** How big a pin is in the view's units: pins keep their size on the screen as the map zooms. */
  unit: number;
  pins: MapPin[];
  clusters: MapCluster[];
  /** The searched area grown twice over, to zoom out to; null on the whole country. */
  zoomOut: string | null;
  /** Acts on the page that the map cannot place (no city, or outside the US). */
  unplaced: number;
  /** Each placed act where it is, for a map drawn in the browser (MapLibre, when a style is set). */
  places: MapPlace[];
  /** The area the map shows: the searched one, or the box around the page's acts (null: none placed). */
  area: MapBounds | null;
}
export interface MapPlace extends MapPoint {
  url: string;
  name: string;
  location: string | null;
}

/** A map drawn in the browser over a tile style (MAP_STYLE_URL), with the scripts it runs. */
export interface LiveMap {
  styleUrl: string;
  script: string;
  worker: string;
}
