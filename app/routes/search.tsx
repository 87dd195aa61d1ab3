import { Link, useLocation } from "react-router";
import { GuestPageBody, PublicPageBody, type PublicPageBodyProps } from "../components/public-page-body";
import type { GuestPage } from "../lib/guest-page";
import {
  serializeSearchFilter,
  DEFAULT_RADIUS_MILES,
  MAX_RADIUS_MILES,
  LIST_KEYS,
  LIST_LABELS,
  SEARCH_QUERY_KEYS,
} from "#modules/discovery/search-filter";
import { pageHref, Pagination } from "#modules/discovery/ui";
import { ResultList } from "#modules/discovery/ui";
import { ResultMap, SearchForm, ViewSwitch } from "#modules/discovery/ui";
import { RANKING_FACTORS, RANKING_SUMMARY } from "#modules/discovery/ranking";
import { US_STATES_PATH } from "#modules/discovery/map-bounds";
import { foundLine } from "#modules/discovery/found-line";
import { unpackJson } from "../lib/packed-json";
import { publicPageMeta } from "../lib/page-meta";
import type { RouteHandle } from "../root";
import { loadSearchPage } from "./search.server";
import type { Route } from "./+types/search";

/**
 * Guests get the page as plain HTML, as they do listings (decision 0024); a small script keeps
 * its results following the form in place.
 */
export const handle: RouteHandle = { publicForGuests: true, queryParams: [...SEARCH_QUERY_KEYS, "view"] };

export function meta({ data, location }: Route.MetaArgs) {
  const appName = data?.appName ?? "EVA";
  const tags: Route.MetaDescriptors = publicPageMeta({
    title: `Find entertainers for your event | ${appName}`,
    description: "Search vetted bands, DJs, speakers and variety acts by what, where and when.",
    canonicalUrl: data?.canonicalUrl ?? "/search",
    // A page of search results is for visitors, not for search engines' indexes.
    robots: "noindex, follow",
  });
  const results = data?.results ? unpackJson(data.results) : null;
  if (results) {
    const pages = Math.ceil(results.meta.total / results.meta.perPage);
    if (results.meta.page > 1)
      tags.push({ tagName: "link", rel: "prev", href: pageHref(location.search, results.meta.page - 1) });
    if (results.meta.page < pages)
      tags.push({ tagName: "link", rel: "next", href: pageHref(location.search, results.meta.page + 1) });
  }
  return tags;
}

export async function loader({ context, url }: Route.LoaderArgs) {
  return loadSearchPage(context, url);
}

type SearchData = Route.ComponentProps["loaderData"];

export default function Search({ loaderData }: Route.ComponentProps) {
  return <PublicPageBody {...searchBody(loaderData, useLocation().search)} />;
}

export const guestPage: GuestPage<SearchData> = (data, search) => <GuestPageBody {...searchBody(data, search)} />;

/** The page's body and its script, drawn by the router or without it (`guestPage`). */
function searchBody(data: SearchData, search: string): PublicPageBodyProps<{ data: SearchData; search: string }> {
  return {
    name: "search",
    input: { data, search },
    script: data.enhanceScript,
    render: (input) => <SearchBody {...input} />,
  };
}

/**
 * The form and its answer. The parts marked `data-live` are what a guest's page replaces with
 * the next answer's as the form changes (app/enhance/search-form.ts).
 */
function SearchBody({ data, search }: { data: SearchData; search: string }) {
  const { filter, errors, raw, viewerRole } = data;
  const results = data.results ? unpackJson(data.results) : null;
  const total = results?.meta.total ?? 0;
  return (
    <>
      <h1 className="text-3xl font-bold">Find entertainers</h1>
      <div className="mt-4">
        <SearchForm
          filter={filter}
          raw={raw}
          facets={results?.meta.facets ?? null}
          facetsEstimated={results?.meta.facetsEstimated}
          errors={errors}
          view={data.view}
        />
      </div>
      <ViewSwitch view={data.view} href={(to) => searchHref({ ...(filter ?? {}), page: 1 }, to)} />
      <section aria-labelledby="results-heading" className="mt-6">
        <h2 id="results-heading" className="sr-only">
          Results
        </h2>
        <p role="status" aria-live="polite" data-live="status" className="font-medium">
          {results ? foundLine(results.meta) : "Correct the search to see results"}
        </p>
        <div data-live="results" className="contents">
          {"map" in data && data.map && filter && (
            <ResultMap
              view={unpackJson(data.map)}
              statesImage={US_STATES_PATH}
              live={data.liveMap}
              areaHref={(bounds) => searchHref({ ...filter, page: 1, bounds: bounds ?? undefined }, "map")}
            />
          )}
          {results && results.data.length > 0 && (
            <ResultList
              name="search-results"
              acts={results.data}
              canInvite={viewerRole === "PLANNER"}
              invited={"invited" in data ? data.invited : []}
              shortlisted={"shortlisted" in data ? data.shortlisted : []}
              freeOn={filter?.date ?? null}
              onMap={data.view === "map"}
            />
          )}
          {results && total === 0 && filter && <EmptyState filter={filter} />}
          {results && (
            <Pagination search={search} page={results.meta.page} pages={Math.ceil(total / results.meta.perPage)} />
          )}
        </div>
      </section>
      <HowResultsAreOrdered />
    </>
  );
}

/** What "Recommended" and "Best match" weigh (modules/discovery/ranking.ts), readable with or without scripts. */
function HowResultsAreOrdered() {
  return (
    <details id="how-results-are-ordered" className="mt-8 rounded-lg bg-white p-4 text-sm shadow-sm">
      <summary className="cursor-pointer font-semibold">How results are ordered</summary>
      <p className="mt-2 text-gray-800">{RANKING_SUMMARY}</p>
      <dl className="mt-2 flex flex-col gap-2">
        {RANKING_FACTORS.map((factor) => (
          <div key={factor.key}>
            <dt className="font-semibold">{factor.title}</dt>
            <dd className="text-gray-800">{factor.text}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

type Filter = NonNullable<SearchData["filter"]>;

/** The search's address for this filter, on the list or the map. */
function searchHref(filter: Partial<Filter>, view: "list" | "map"): string {
  const { page, ...rest } = filter;
  const query = serializeSearchFilter(page && page > 1 ? { ...rest, page } : rest);
  const all = [query, view === "map" ? "view=map" : ""].filter(Boolean).join("&");
  return all ? `/search?${all}` : "/search";
}

/** No results: offer a wider radius, or the same search without one of its filters. */
function EmptyState({ filter }: { filter: NonNullable<SearchData["filter"]> }) {
  const radius = filter.radius ?? DEFAULT_RADIUS_MILES;
  const { page: _page, ...rest } = filter;
  const wider =
    filter.location && radius < MAX_RADIUS_MILES
      ? `/search?${serializeSearchFilter({ ...rest, radius: Math.min(MAX_RADIUS_MILES, radius * 2) })}`
      : null;
  const drops = LIST_KEYS.flatMap((key) => filter[key].map((value) => ({ key, value })));
  return (
    <div className="mt-4 rounded-lg bg-white p-4 shadow-sm">
      <p>No entertainers match all of this.</p>
      <ul className="mt-2 list-disc pl-6">
        {wider && (
          <li>
            <Link to={wider} className="text-brand-800 underline">
              Search within {Math.min(MAX_RADIUS_MILES, radius * 2)} miles
            </Link>
          </li>
        )}
        {drops.map(({ key, value }) => (
          <li key={`${key}:${value}`}>
            <Link
              to={`/search?${serializeSearchFilter({ ...rest, [key]: filter[key].filter((item) => item !== value) })}`}
              className="text-brand-800 underline"
            >
              Drop {LIST_LABELS[key].toLowerCase()}: {value}
            </Link>
          </li>
        ))}
        {filter.date && (
          <li>
            <Link
              to={`/search?${serializeSearchFilter({ ...rest, date: undefined })}`}
              className="text-brand-800 underline"
            >
              Any date
            </Link>
          </li>
        )}
      </ul>
    </div>
  );
}
