import type { AppLoadContext } from "react-router";
import type { LiveMap } from "#modules/discovery/map-bounds";

/** MapLibre over the deployment's tile style, when it has one (MAP_STYLE_URL): the map view's own scripts. */
export function liveMapOf(config: AppLoadContext["config"]): LiveMap | null {
  if (!config.mapStyleUrl) return null;
  return {
    styleUrl: config.mapStyleUrl,
    script: config.enhanceScripts.resultMap,
    worker: config.enhanceScripts.mapLibreWorker,
  };
}
