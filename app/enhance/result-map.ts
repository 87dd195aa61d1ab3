/**
 * The map view over a deployment's tile style (MAP_STYLE_URL, issue 65): each figure the server
 * drew (modules/discovery/ui/result-map.tsx) names its style, its acts' places and its search,
 * and this draws MapLibre in the drawing's stead. Pins are links to their cards, as on the
 * drawing; moving or zooming the map offers "Search this area", the same search with the
 * visible bounds. Loaded only on the map view, and only where a style is set.
 *
 * Figures that arrive later (the search form answering in place, a signed-in page's next
 * navigation) are found by watching the page, so one load serves them all; a figure that leaves
 * takes its map (and its WebGL context) with it. A signed-in page is drawn once React has
 * hydrated it, so that React finds the markup it rendered.
 */
import css from "maplibre-gl/dist/maplibre-gl.css?inline";
import * as maplibregl from "maplibre-gl/dist/maplibre-gl-csp.js";
import { formatBounds, type MapBounds, type MapPlace } from "#modules/discovery/map-bounds";

const STYLE_ID = "maplibre-css";
/** The whole of the lower 48, for a page with no act placed. */
const COUNTRY: MapBounds = { south: 24.5, west: -125, north: 49.5, east: -66.9 };

function ensureStyles() {
  if (document.getElementById(STYLE_ID)) return;
  const style = document.createElement("style");
  style.id = STYLE_ID;
  style.textContent = css;
  document.head.append(style);
}

/** Acts at one city share a pin: the city's centre is all the map knows (never an address). */
function byPoint(places: MapPlace[]): MapPlace[][] {
  const groups = new Map<string, MapPlace[]>();
  for (const place of places) {
    const key = `${place.lat},${place.lng}`;
    groups.set(key, [...(groups.get(key) ?? []), place]);
  }
  return [...groups.values()];
}

/** A pin: a link to its act's card (the first's, where several share a city), named for all of them. */
function pinElement(group: MapPlace[]): HTMLAnchorElement {
  const [first] = group as [MapPlace, ...MapPlace[]];
  const link = document.createElement("a");
  link.href = `#act-${first.url}`;
  link.id = `pin-${first.url}`;
  const where = first.location ? `, ${first.location}` : "";
  link.setAttribute(
    "aria-label",
    group.length === 1
      ? `${first.name}${where}: see its card`
      : `${group.length} acts here${where}: ${group.map((place) => place.name).join(", ")}. See the first card`,
  );
  link.title = group.map((place) => place.name).join(", ");
  link.className =
    "flex h-6 min-w-6 items-center justify-center rounded-full border-2 border-white bg-rose-600 px-1 text-xs font-semibold text-white shadow hover:bg-rose-800 focus:bg-rose-800";
  link.textContent = group.length > 1 ? String(group.length) : "";
  return link;
}

function toLngLatBounds(area: MapBounds): [[number, number], [number, number]] {
  return [
    [area.west, area.south],
    [area.east, area.north],
  ];
}

/** The figure's search with the map's visible area, on the map view, from its first page. */
function areaSearch(base: string, map: maplibregl.Map): string {
  const visible = map.getBounds();
  const address = new URL(base, window.location.href);
  address.searchParams.set(
    "bounds",
    formatBounds({
      south: Math.max(visible.getSouth(), -90),
      west: Math.max(visible.getWest(), -180),
      north: Math.min(visible.getNorth(), 90),
      east: Math.min(visible.getEast(), 180),
    }),
  );
  address.searchParams.delete("page");
  return `${address.pathname}${address.search}`;
}

const drawn = new Map<HTMLElement, maplibregl.Map>();

function enhance(figure: HTMLElement) {
  const container = figure.querySelector<HTMLElement>("[data-map-live]");
  const drawing = figure.querySelector<SVGElement>("svg[data-map-view]");
  const { mapStyle, mapWorker, mapSearch, mapPlaces, mapArea } = figure.dataset;
  if (!container || !drawing || !mapStyle || !mapWorker || !mapSearch || drawn.has(figure)) return;
  ensureStyles();
  maplibregl.setWorkerUrl(new URL(mapWorker, window.location.href).href);
  const places = JSON.parse(mapPlaces ?? "[]") as MapPlace[];
  const area = mapArea ? (JSON.parse(mapArea) as MapBounds) : COUNTRY;

  // The drawing's pins hand their ids to the live map's; the drawing stays for a failed style.
  container.hidden = false;
  drawing.style.display = "none";
  for (const pin of drawing.querySelectorAll("[id^='pin-']")) pin.removeAttribute("id");

  const map = new maplibregl.Map({
    container,
    style: mapStyle,
    bounds: toLngLatBounds(area),
    fitBoundsOptions: { padding: 32, maxZoom: 12 },
    attributionControl: { compact: true },
  });
  drawn.set(figure, map);
  map.getCanvas().setAttribute("aria-label", "Map of this page's acts: drag, or use the arrow keys, to move it");
  map.addControl(new maplibregl.NavigationControl({ showCompass: false }), "top-right");
  for (const group of byPoint(places)) {
    const [first] = group as [MapPlace, ...MapPlace[]];
    new maplibregl.Marker({ element: pinElement(group) }).setLngLat([first.lng, first.lat]).addTo(map);
  }

  const searchHere = document.createElement("a");
  searchHere.textContent = "Search this area";
  searchHere.className =
    "absolute left-1/2 top-2 z-10 -translate-x-1/2 rounded-full bg-brand-700 px-4 py-1.5 text-sm font-semibold text-white shadow";
  searchHere.hidden = true;
  container.style.position = "relative";
  container.append(searchHere);
  // Offered once the person moves the map: the first fit is the search's own area.
  map.once("idle", () => {
    map.on("moveend", () => {
      searchHere.href = areaSearch(mapSearch, map);
      searchHere.hidden = false;
    });
  });

  map.on("error", (event) => {
    // No style, no map: the server's drawing comes back, its pins with their ids.
    if (map.loaded() || !event.error) return;
    container.hidden = true;
    drawing.style.display = "";
    for (const link of drawing.querySelectorAll<SVGAElement>("a[href^='#act-']"))
      link.id = `pin-${link.getAttribute("href")?.slice("#act-".length)}`;
    drawn.delete(figure);
    map.remove();
  });
}

/** A page React will hydrate, not hydrated yet: its markup is React's to check first. */
function awaitingHydration(): boolean {
  return document.body.dataset.layout === "authenticated" && !document.documentElement.hasAttribute("data-hydrated");
}

function update() {
  for (const [figure, map] of drawn) {
    if (figure.isConnected) continue;
    drawn.delete(figure);
    map.remove();
  }
  if (awaitingHydration()) return;
  for (const figure of document.querySelectorAll<HTMLElement>("figure[data-map-style]")) enhance(figure);
}

update();
const watcher = new MutationObserver(update);
watcher.observe(document.body, { childList: true, subtree: true });
watcher.observe(document.documentElement, { attributes: true, attributeFilter: ["data-hydrated"] });
