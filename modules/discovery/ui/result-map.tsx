import type { LiveMap, MapView } from "../map-bounds";

/**
 * A page of results on a map of the states (drawn on the server: no tiles, no script). Each pin
 * is a link to its act's card below, and each card links back to its pin; a cluster is a link
 * that searches its area, as zooming in would; the controls zoom out or show the whole country.
 *
 * With a tile style (`live`), the same figure names its style and places, and its script
 * (app/enhance/result-map.ts) draws MapLibre in their stead: an async module script, which React
 * loads once per page wherever the map appears, and which a page without script never misses.
 */
export function ResultMap({
  view,
  areaHref,
  statesImage,
  live = null,
}: {
  view: MapView;
  /** MapLibre over MAP_STYLE_URL's style, drawn in the browser; null keeps the server's drawing alone. */
  live?: LiveMap | null;
  /** The search's address with this area (null: the whole country), on the map view. */
  areaHref: (bounds: string | null) => string;
  statesImage: string;
}) {
  // Pins big enough to see and tap on a phone, where the map is a third of its full size.
  const r = 10 * view.unit;
  const zoomed = view.zoomOut !== null;
  return (
    <figure
      className="mt-4 rounded-lg bg-white p-3 shadow-sm"
      aria-labelledby="map-caption"
      {...(live && {
        "data-map-style": live.styleUrl,
        "data-map-worker": live.worker,
        "data-map-search": areaHref(null),
        "data-map-places": JSON.stringify(view.places),
        "data-map-area": view.area ? JSON.stringify(view.area) : undefined,
      })}
    >
      {live && (
        <>
          <div data-map-live="" hidden className="h-96 w-full overflow-hidden rounded-md" />
          <script type="module" async src={live.script} />
        </>
      )}
      <svg viewBox={view.viewBox.join(" ")} className="h-auto w-full" data-map-view="">
        <title>Map of this page's acts</title>
        <image href={statesImage} x={0} y={0} width={975} height={610} />
        {view.clusters.map((cluster) => (
          <a
            key={`${cluster.x}:${cluster.y}`}
            href={areaHref(cluster.bounds)}
            aria-label={`${cluster.count} acts here: ${cluster.names.join(", ")}. Search this area`}
            className="group"
          >
            <title>{`${cluster.count} acts: ${cluster.names.join(", ")}`}</title>
            <circle
              cx={cluster.x}
              cy={cluster.y}
              r={r * 1.7}
              className="fill-brand-700 stroke-white group-hover:fill-brand-900 group-focus:fill-brand-900"
              strokeWidth={1.5 * view.unit}
            />
            <text
              x={cluster.x}
              y={cluster.y}
              dy="0.35em"
              textAnchor="middle"
              fontSize={15 * view.unit}
              className="pointer-events-none fill-white font-semibold"
            >
              {cluster.count}
            </text>
          </a>
        ))}
        {view.pins.map((pin) => (
          <a
            key={pin.url}
            id={`pin-${pin.url}`}
            href={`#act-${pin.url}`}
            aria-label={`${pin.name}${pin.location ? `, ${pin.location}` : ""}: see its card`}
            className="group"
          >
            <title>{`${pin.name}${pin.location ? `, ${pin.location}` : ""}`}</title>
            <circle
              cx={pin.x}
              cy={pin.y}
              r={r}
              className="fill-rose-600 stroke-white group-hover:fill-rose-800 group-focus:fill-rose-800"
              strokeWidth={1.5 * view.unit}
            />
          </a>
        ))}
      </svg>
      <figcaption id="map-caption" className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-gray-800">
        <span>
          Map of this page's acts: {view.pins.length + view.clusters.reduce((sum, each) => sum + each.count, 0)} placed
          {view.clusters.length > 0 ? ", numbered circles where several are close (open one to search that area)" : ""}
          {view.unplaced > 0 ? `; ${view.unplaced} without a city on the map` : ""}.
        </span>
        {zoomed && (
          <>
            <a href={areaHref(view.zoomOut)} className="text-brand-800 underline">
              Zoom out
            </a>
            <a href={areaHref(null)} className="text-brand-800 underline">
              Whole country
            </a>
          </>
        )}
      </figcaption>
    </figure>
  );
}
