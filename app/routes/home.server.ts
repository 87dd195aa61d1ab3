import type { AppLoadContext } from "react-router";
import { isShowcaseReady } from "#modules/acts/act-presentation";
import { type ListKey, parseSearchFilter } from "#modules/discovery/search-filter";
import { searchActs } from "#modules/discovery/server";

/** The lists whose values become category tiles on the home page, and how many of each. */
const TILE_LISTS: [ListKey, number][] = [
  ["actTypes", 8],
  ["eventTypes", 6],
  ["styles", 8],
];

/** The home page: category tiles with counts of acts, then rows of featured, recognised, top rated and new acts. */
export async function loadHome(context: AppLoadContext) {
  const search = (query: string) => searchActs(context.db, null, parseSearchFilter(query), context.readCache);
  // Rows put acts forward, so only acts with a photo, a headline and a city (a blank tile
  // promotes nothing): the first six such of a larger page.
  const row = async (query: string) => (await search(`perPage=24&${query}`)).data.filter(isShowcaseReady).slice(0, 6);
  // A browse reads its counts from the kept facet counts, so the tiles cost one small query.
  const browse = await search("perPage=1");
  const tiles = TILE_LISTS.map(([list, size]) => ({ list, values: browse.meta.facets[list].slice(0, size) }));
  const [featured, recognized, topRated, newest] = await Promise.all([
    row("extras[]=Featured"),
    row("extras[]=Nationally%20Recognized"),
    row("sort=rating&extras[]=Has%20Reviews"),
    row("sort=newest"),
  ]);
  const { appName, publicUrl, enhanceScripts } = context.config;
  return {
    appName,
    canonicalUrl: `${publicUrl}/`,
    enhanceScript: enhanceScripts.searchForm,
    total: browse.meta.total,
    tiles,
    featured,
    recognized,
    topRated,
    newest,
  };
}
