import { useState } from "react";
import { Form, Link } from "react-router";
import { PlaceCombobox } from "#ui/place-combobox";
import { publicPageMeta } from "../lib/page-meta";
import { LIST_LABELS, serializeSearchFilter } from "#modules/discovery/search-filter";
import { ActTile } from "#modules/discovery/ui";
import type { SearchResults } from "./search.server";
import { loadHome } from "./home.server";
import type { Route } from "./+types/home";
import { type RouteHandle, usePublicLayout } from "../root";

/** Guests get it as plain HTML, without React (decision 0024); the search form's script suggests places. */
export const handle: RouteHandle = { publicForGuests: true };

export function meta({ data }: Route.MetaArgs) {
  const appName = data?.appName ?? "EVA";
  const title = `${appName} - Book vetted entertainers for your event`;
  const description = "Hire bands, DJs, speakers and variety acts for weddings, corporate events and more.";
  return publicPageMeta({ title, description, canonicalUrl: data?.canonicalUrl ?? "/" });
}

export async function loader({ context }: Route.LoaderArgs) {
  return loadHome(context);
}

const TILE_HEADINGS = {
  actTypes: "Browse by type of act",
  eventTypes: "Browse by occasion",
  styles: "Browse by style",
} as const;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { tiles, featured, recognized, topRated, newest, total, enhanceScript } = loaderData;
  const [place, setPlace] = useState("");
  const plain = usePublicLayout();
  return (
    <>
      <h1 className="text-3xl font-bold">Book vetted entertainers for your event</h1>
      <p className="mt-2 max-w-2xl text-gray-700">
        {total} bands, DJs, speakers and variety acts for weddings, corporate events, festivals, college events, private
        parties and virtual events.
      </p>
      {/* A date picked here waits for Search, as typed words do: the page is not /search. */}
      <Form
        method="get"
        action="/search"
        role="search"
        aria-label="Find entertainers"
        data-search-on-change="off"
        className="mt-6 grid gap-3 rounded-lg bg-white p-4 shadow-sm sm:grid-cols-4"
      >
        <label className="flex flex-col gap-1 text-sm font-medium">
          What
          <input
            type="search"
            name="searchTerms"
            placeholder="Jazz band, DJ, magician…"
            className="rounded-md border border-gray-300 px-3 py-2"
          />
        </label>
        <PlaceCombobox
          label="Where"
          name="location"
          value={place}
          onValueChange={setPlace}
          className="rounded-md border border-gray-300 px-3 py-2"
          labelClassName="text-sm font-medium"
        />
        <label className="flex flex-col gap-1 text-sm font-medium">
          When
          <input type="date" name="date" className="rounded-md border border-gray-300 px-3 py-2" />
        </label>
        <div className="flex items-end">
          <button
            type="submit"
            className="w-full rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
          >
            Search
          </button>
        </div>
      </Form>
      {tiles.map(({ list, values }) =>
        values.length ? (
          <section key={list} aria-labelledby={`tiles-${list}`} className="mt-8">
            <h2 id={`tiles-${list}`} className="text-xl font-semibold">
              {TILE_HEADINGS[list as keyof typeof TILE_HEADINGS] ?? LIST_LABELS[list]}
            </h2>
            <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
              {values.map(({ value, count }) => (
                <li key={value}>
                  <Link
                    to={`/search?${serializeSearchFilter({ [list]: [value] })}`}
                    className="flex h-full flex-col rounded-lg bg-white p-3 shadow-sm ring-1 ring-gray-200 hover:ring-brand-400 focus-visible:ring-2 focus-visible:ring-brand-700"
                  >
                    <span className="font-semibold text-brand-800">{value}</span>
                    <span className="text-sm text-gray-700">
                      {count} {count === 1 ? "act" : "acts"}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null,
      )}
      <ActRow id="featured" title="Featured entertainers" acts={featured} more="/search?extras[]=Featured" />
      <ActRow
        id="recognized"
        title="Nationally recognized"
        acts={recognized}
        more="/search?extras[]=Nationally%20Recognized"
      />
      <ActRow id="top-rated" title="Top rated" acts={topRated} more="/search?sort=rating&extras[]=Has%20Reviews" />
      <ActRow id="newest" title="Newly approved" acts={newest} more="/search?sort=newest" />
      {plain && <script type="module" src={enhanceScript} />}
    </>
  );
}

function ActRow({ id, title, acts, more }: { id: string; title: string; acts: SearchResults["data"]; more: string }) {
  if (!acts.length) return null;
  return (
    <section aria-labelledby={`row-${id}`} className="mt-8">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id={`row-${id}`} className="text-xl font-semibold">
          {title}
        </h2>
        <Link to={more} className="text-sm text-brand-800 underline">
          See all<span className="sr-only"> {title.toLowerCase()}</span>
        </Link>
      </div>
      <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {acts.map((act) => (
          <li key={act.url}>
            <ActTile act={act} />
          </li>
        ))}
      </ul>
    </section>
  );
}
