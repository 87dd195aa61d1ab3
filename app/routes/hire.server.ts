import { data, type AppLoadContext } from "react-router";
import {
  categoryLabel,
  generatedListingIntro,
  LIST_OF_TAG_TYPE,
  headingOfTitle,
  listingPath,
  listingTitle,
  MIN_INDEXABLE_ACTS,
} from "#modules/discovery/listings";
import { TAG_LIST_KEYS, listingAddress, rawSearchFilter } from "#modules/discovery/search-filter";
import {
  type ListingNarrowing,
  findCategory,
  findPlaceBySlug,
  listingQuery,
  listingResults,
  mapViewOf,
  nearbyCitiesWithCategory,
} from "#modules/discovery/server";
import { curatedListingFor } from "#modules/seo/server";
import { SHOWN_ACTS_MEMO } from "#modules/insights/server";
import { reviewSourceCounts } from "#modules/content/server";
import { type ReadCache, cachedRead } from "#server/cache/cached-read";
import type { Executor } from "#server/db/client";
import { packJson } from "../lib/packed-json";
import { liveMapOf } from "../lib/live-map.server";
import { boundsAround, padded, resultsViewOf } from "#modules/discovery/map-bounds";

interface ListingArgs {
  params: { category?: string; city?: string };
  page: number;
  /** The page's acts as a list, or on the map (issue 65): the map's pins are drawn from them. */
  view: "list" | "map";
  narrowing: ListingNarrowing;
  config: AppLoadContext["config"];
  /** Where the listing's own parts (its tags, curated copy, review counts) are kept; not part of its key. */
  cache: ReadCache;
}

/**
 * A listing is public, and made only of what acts, tags, places and curated copy hold, whose
 * every change is notified: kept until any act (or any copy) changes. An unknown address
 * throws, and is not kept.
 */
const listingPage = cachedRead({
  name: "listings",
  maxEntries: 5_000,
  key: ({ params, page, narrowing, view }: ListingArgs) =>
    JSON.stringify([params.category, params.city, page, narrowing, view]),
  tags: () => "*",
  read: readListingPage,
});

/** /hire/{category}/{city}: the acts within 50 miles that carry the tag, best first; 404 for an unknown tag or city. */
export async function loadListingPage(context: AppLoadContext, params: { category?: string; city?: string }, url: URL) {
  const { page, ...narrowing } = listingAddress(url.searchParams);
  const view = resultsViewOf(url.searchParams);
  const listing = await listingPage(
    { db: context.db, cache: context.readCache },
    { params, page, narrowing, view, config: context.config, cache: context.readCache },
  );
  // The acts of this page of results, counted as shown on it (on each cached copy's hit too).
  context.remember(SHOWN_ACTS_MEMO, listing.shown);
  return listing;
}

async function readListingPage(db: Executor, { params, page, narrowing, view, config, cache }: ListingArgs) {
  const [tag, place] = await Promise.all([
    findCategory(db, params.category ?? "", cache),
    findPlaceBySlug(db, params.city ?? ""),
  ]);
  if (!tag || !place) throw data("No such listing", { status: 404 });
  const [results, nearby] = await Promise.all([
    listingResults({ db, cache }, tag, place.label, page, narrowing),
    nearbyCitiesWithCategory({ db, cache }, tag, place),
  ]);

  const path = listingPath(tag.name, place.slug);
  const category = categoryLabel(tag);
  const curated = await curatedListingFor(db, path, cache);
  const ownList = LIST_OF_TAG_TYPE[tag.type];
  // Other tags the acts here carry most, as links to their own listing in this city.
  const seen = new Set([tag.name]);
  const related = TAG_LIST_KEYS.flatMap((key) => results.meta.facets[key].map((facet) => ({ ...facet, key })))
    .filter((facet) => !(facet.key === ownList && facet.value === tag.name))
    .sort((a, b) => b.count - a.count)
    .filter((facet) => {
      if (seen.has(facet.value)) return false;
      seen.add(facet.value);
      return true;
    })
    .slice(0, 6);
  const averages = results.data.flatMap((act) => (act.rating.average === null ? [] : [act.rating.average]));
  const { publicUrl, appName, enhanceScripts } = config;
  const title = curated?.title ?? listingTitle(category, place.label);
  const intro = curated?.intro.length
    ? curated.intro
    : [
        generatedListingIntro({
          category,
          city: place.label,
          total: results.meta.total,
          related: related.slice(0, 3).map((facet) => facet.value),
          shown: results.data.length,
          reviews: {
            averages,
            ...(await reviewSourceCounts(
              db,
              results.data.filter((act) => act.rating.count > 0).map((act) => act.url),
              cache,
            )),
          },
          appName,
        }),
      ];
  return {
    appName,
    // Guests get the page without React (decision 0024): the search form's behaviours come from this.
    enhanceScript: enhanceScripts.searchForm,
    tag,
    place,
    category,
    title,
    heading: headingOfTitle(title),
    description: curated?.description ?? intro[0]!,
    intro,
    path,
    canonicalUrl: `${publicUrl}${path}${page > 1 ? `?page=${page}` : ""}`,
    publicUrl,
    // A budget or a date (anything but the page) narrows it: search engines get the whole listing (the canonical address).
    indexable:
      Object.values(narrowing).every((value) => value === undefined) && results.meta.total >= MIN_INDEXABLE_ACTS,
    // The page's largest value, sent as one string (app/lib/packed-json.ts), and kept packed with the rest.
    results: packJson(results),
    view,
    // The listing's 50 miles around its city (about 0.75 degrees each way), drawn on the states.
    // Packed as one string, as the search page's map view is (routes/search.server.ts): made once
    // per kept listing, it is not walked by React Router's serialiser on every request.
    map: view === "map" ? packJson(mapViewOf(results.data, padded(boundsAround([place])!, 0, 1.5))) : null,
    liveMap: view === "map" ? liveMapOf(config) : null,
    /** The acts on this page, by url: counted as shown (the loader tells the page's memo). */
    shown: results.data.map((act) => act.url),
    searchQuery: listingQuery(tag, place.label),
    raw: rawSearchFilter(listingQuery(tag, place.label, 1, narrowing)),
    related,
    nearby,
  };
}
