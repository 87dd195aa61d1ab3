import type { AppLoadContext } from "react-router";
import type { FieldErrors } from "#domain/api-error";
import { fieldErrorsFromIssues } from "#domain/api-error";
import { actSearchFilterSchema, rawSearchFilter } from "#modules/discovery/search-filter";
import { ApiError } from "#server/errors";
import { invitedActUrls } from "#modules/bookings/server";
import { mapViewOf, searchActs } from "#modules/discovery/server";
import { type MapView, parseBounds, resultsViewOf } from "#modules/discovery/map-bounds";
import { liveMapOf } from "../lib/live-map.server";
import { type PackedJson, packJson } from "../lib/packed-json";
import { SHOWN_ACTS_MEMO } from "#modules/insights/server";

export type SearchResults = Awaited<ReturnType<typeof searchActs>>;

/** The search page's data: the query as parsed, its results, or the field errors that stopped it. */
export async function loadSearchPage(context: AppLoadContext, url: URL) {
  const raw = rawSearchFilter(url.searchParams);
  const parsed = actSearchFilterSchema.safeParse(raw);
  const { appName, publicUrl, enhanceScripts } = context.config;
  // The map view (issue 65): the same search, its page of acts drawn on a map of the states.
  const view = resultsViewOf(url.searchParams);
  const base = {
    view,
    appName,
    canonicalUrl: `${publicUrl}/search`,
    viewerRole: context.viewer?.role ?? null,
    enhanceScript: enhanceScripts.searchForm,
    liveMap: view === "map" ? liveMapOf(context.config) : null,
  };
  if (!parsed.success)
    return {
      ...base,
      filter: null,
      results: null,
      errors: fieldErrorsFromIssues(parsed.error.issues) as FieldErrors,
      raw,
    };
  try {
    // The page's largest value, sent as one string (app/lib/packed-json.ts).
    const viewer = context.viewer;
    const [found, invited, shortlisted] = await Promise.all([
      searchActs(context.db, viewer, parsed.data, context.readCache),
      viewer?.role === "PLANNER" ? invitedActUrls(context.db, viewer) : [],
      context.shortlisted(),
    ]);
    // The acts of this page of results, counted as shown on it (on each cached copy's hit too).
    context.remember(
      SHOWN_ACTS_MEMO,
      found.data.map((act) => act.url),
    );
    const results = packJson(found);
    const map = view === "map" ? packedMapView(found, parsed.data.bounds) : null;
    return { ...base, filter: parsed.data, results, map, invited, shortlisted, errors: {} as FieldErrors, raw };
  } catch (error) {
    if (error instanceof ApiError && error.code === "validation_failed")
      return { ...base, filter: parsed.data, results: null, errors: error.errors ?? {}, raw };
    throw error;
  }
}

/** Map views packed, by the kept answer they draw and the area asked (part of that answer's filter). */
const packedMapViews = new WeakMap<SearchResults, Map<string, PackedJson<MapView>>>();

/**
 * The map view of an answer, packed as one string (app/lib/packed-json.ts), and made once per
 * kept answer: an answer is kept frozen until an act changes. Made on every request, its pins,
 * clusters and places were walked by React Router's serialiser each time, a fifth of a map
 * view's CPU, though a guest's page never sends them.
 */
function packedMapView(found: SearchResults, bounds: string | undefined): PackedJson<MapView> {
  const make = () => packJson(mapViewOf(found.data, bounds ? parseBounds(bounds) : null));
  if (!Object.isFrozen(found)) return make();
  let views = packedMapViews.get(found);
  if (!views) packedMapViews.set(found, (views = new Map()));
  let packed = views.get(bounds ?? "");
  if (packed === undefined) views.set(bounds ?? "", (packed = make()));
  return packed;
}
