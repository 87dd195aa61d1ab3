import { Link, useLocation } from "react-router";
import { GuestPageBody, PublicPageBody, type PublicPageBodyProps } from "../components/public-page-body";
import type { GuestPage } from "../lib/guest-page";
import { listingPath } from "#modules/discovery/listings";
import { LISTING_QUERY_KEYS, listingAddress } from "#modules/discovery/search-filter";
import { Pagination, ResultMap, ViewSwitch } from "#modules/discovery/ui";
import { US_STATES_PATH } from "#modules/discovery/map-bounds";
import { ResultList } from "#modules/discovery/ui";
import { SearchForm } from "#modules/discovery/ui";
import { foundLine } from "#modules/discovery/found-line";
import { listingJsonLd } from "../lib/listing-json-ld";
import { unpackJson } from "../lib/packed-json";
import { publicPageMeta } from "../lib/page-meta";
import type { RouteHandle } from "../root";
import { loadListingPage } from "./hire.server";
import type { Route } from "./+types/hire.$category.$city";

/** Guests get the page as plain HTML, as they do an act's profile (decisions 0005 and 0024). */
export const handle: RouteHandle = { publicForGuests: true, queryParams: [...LISTING_QUERY_KEYS, "view"] };

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: "Page not found" }, { name: "robots", content: "noindex" }];
  const { title, description, canonicalUrl, indexable, publicUrl } = data;
  const results = unpackJson(data.results);
  const tags: Route.MetaDescriptors = [
    // A page with too few acts is thin: visitors may use it, search engines should not list it.
    ...publicPageMeta({ title, description, canonicalUrl, robots: indexable ? "index, follow" : "noindex, follow" }),
    {
      "script:ld+json": listingJsonLd({
        title,
        url: canonicalUrl,
        publicUrl,
        acts: results.data,
        offset: (results.meta.page - 1) * results.meta.perPage,
        crumbs: crumbsOf(data).map((crumb) => ({ name: crumb.name, url: `${publicUrl}${crumb.path}` })),
      }),
    },
  ];
  return tags;
}

export function loader({ context, params, url }: Route.LoaderArgs) {
  return loadListingPage(context, params, url);
}

type ListingData = Route.ComponentProps["loaderData"];

function crumbsOf(data: Pick<ListingData, "category" | "place" | "path" | "searchQuery">) {
  const list = new URLSearchParams(data.searchQuery);
  list.delete("location");
  list.delete("radius");
  return [
    { name: "Home", path: "/" },
    { name: data.category, path: `/search?${list.toString()}` },
    { name: data.place.label, path: data.path },
  ];
}

export default function Listing({ loaderData }: Route.ComponentProps) {
  return <PublicPageBody {...listingBody(loaderData, useLocation().search)} />;
}

export const guestPage: GuestPage<ListingData> = (data, search) => <GuestPageBody {...listingBody(data, search)} />;

/** The page's body and its script, drawn by the router or without it (`guestPage`). */
function listingBody(data: ListingData, search: string): PublicPageBodyProps<{ data: ListingData; search: string }> {
  return {
    name: "listing",
    input: { data, search },
    script: data.enhanceScript,
    render: (input) => <ListingBody {...input} />,
  };
}

function ListingBody({ data, search }: { data: ListingData; search: string }) {
  const { heading, intro, place, tag, related, nearby, raw, category, path, searchQuery } = data;
  const results = unpackJson(data.results);
  const total = results.meta.total;
  const crumbs = crumbsOf(data);
  return (
    <>
      <nav aria-label="Breadcrumb" className="text-sm text-gray-700">
        <ol className="flex flex-wrap gap-1">
          {crumbs.map((crumb, index) => (
            <li key={crumb.path} className="flex gap-1">
              {index > 0 && <span aria-hidden>›</span>}
              {index === crumbs.length - 1 ? (
                <span aria-current="page">{crumb.name}</span>
              ) : (
                <Link to={crumb.path} className="text-brand-800 underline">
                  {crumb.name}
                </Link>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <h1 className="mt-2 text-3xl font-bold">{heading}</h1>
      {/* The first paragraph leads; the rest follows the results, which a phone shows first. */}
      <p className="mt-2 max-w-3xl text-gray-700">{intro[0]}</p>
      <div className="mt-4">
        <SearchForm
          filter={null}
          raw={raw}
          facets={results.meta.facets}
          facetsEstimated={results.meta.facetsEstimated}
          errors={{}}
        />
      </div>
      <ViewSwitch view={data.view} href={(to) => viewHref(path, search, to)} />
      <section aria-labelledby="results-heading" className="mt-6">
        <h2 id="results-heading" className="sr-only">
          {category} near {place.label}
        </h2>
        <p role="status" aria-live="polite" className="font-medium">
          {foundLine(results.meta)}
        </p>
        {data.map && (
          <ResultMap
            view={unpackJson(data.map)}
            statesImage={US_STATES_PATH}
            live={data.liveMap}
            // A crowd's area, or the country, is a search of the same category: the listing is its city's.
            areaHref={(bounds) => `/search?${searchQuery}&view=map${bounds ? `&bounds=${bounds}` : ""}`}
          />
        )}
        {results.data.length > 0 ? (
          <ResultList
            name="listing-results"
            acts={results.data}
            canInvite={false}
            freeOn={listingAddress(new URLSearchParams(search)).date ?? null}
            onMap={data.view === "map"}
          />
        ) : (
          <p className="mt-4">
            No {category.toLowerCase()} within 50 miles yet.{" "}
            <Link
              to={`/search?${searchQuery.replace(/radius=\d+/, "radius=250")}`}
              className="text-brand-800 underline"
            >
              Search within 250 miles
            </Link>
          </p>
        )}
        <Pagination
          search={search}
          page={results.meta.page}
          pages={Math.ceil(total / results.meta.perPage)}
          path={path}
        />
      </section>
      {intro.length > 1 && (
        <section aria-labelledby="about-heading" className="mt-8 max-w-3xl">
          <h2 id="about-heading" className="text-xl font-semibold">
            About {category.toLowerCase()} in {place.label}
          </h2>
          {intro.slice(1).map((paragraph) => (
            <p key={paragraph} className="mt-2 text-gray-700">
              {paragraph}
            </p>
          ))}
        </section>
      )}
      {related.length > 0 && (
        <section aria-labelledby="related-heading" className="mt-8">
          <h2 id="related-heading" className="text-xl font-semibold">
            More in {place.label}
          </h2>
          <ul className="mt-2 flex flex-wrap gap-2">
            {related.map((facet) => (
              <li key={facet.value}>
                <Link
                  to={listingPath(facet.value, place.slug)}
                  className="inline-block rounded-full bg-white px-3 py-1 text-sm text-brand-800 ring-1 ring-gray-200 hover:ring-brand-400"
                >
                  {facet.value} ({facet.count})
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {nearby.length > 0 && (
        <section aria-labelledby="nearby-heading" className="mt-8">
          <h2 id="nearby-heading" className="text-xl font-semibold">
            {category} in nearby cities
          </h2>
          <ul className="mt-2 flex flex-wrap gap-2">
            {nearby.map((city) => (
              <li key={city.slug}>
                <Link
                  to={listingPath(tag.name, city.slug)}
                  className="inline-block rounded-full bg-white px-3 py-1 text-sm text-brand-800 ring-1 ring-gray-200 hover:ring-brand-400"
                >
                  {city.label}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/** The same listing, narrowing kept, from its first page, as a list or on the map. */
function viewHref(path: string, search: string, view: "list" | "map"): string {
  const query = new URLSearchParams(search);
  query.delete("page");
  if (view === "map") query.set("view", "map");
  else query.delete("view");
  const rest = query.toString();
  return rest ? `${path}?${rest}` : path;
}
