import { Form, Link } from "react-router";
import { loadHome } from "./home.server";
import type { Route } from "./+types/home";

export function meta({ data }: Route.MetaArgs) {
  const appName = data?.appName ?? "EVA";
  return [
    { title: `${appName} - Book vetted entertainers for your event` },
    { name: "description", content: "Hire bands, DJs, speakers and variety acts for weddings, corporate events and more." },
  ];
}

export async function loader({ context }: Route.LoaderArgs) {
  return loadHome(context);
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-3xl font-bold">Book vetted entertainers for your event</h1>
      <p className="mt-2 max-w-2xl text-gray-700">
        Bands, DJs, speakers and variety acts for weddings, corporate events, festivals, college events, private
        parties and virtual events.
      </p>
      <Form method="get" action="/search" role="search" aria-label="Find entertainers" className="mt-6 grid gap-3 rounded-lg bg-white p-4 shadow-sm sm:grid-cols-4">
        <label className="flex flex-col gap-1 text-sm font-medium">
          What
          <input type="search" name="searchTerms" placeholder="Jazz band, DJ, magician…" className="rounded-md border border-gray-300 px-3 py-2" />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Where
          <input type="text" name="location" placeholder="City, ST" className="rounded-md border border-gray-300 px-3 py-2" />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          When
          <input type="date" name="date" className="rounded-md border border-gray-300 px-3 py-2" />
        </label>
        <div className="flex items-end">
          <button type="submit" className="w-full rounded-md bg-violet-700 px-4 py-2 font-semibold text-white hover:bg-violet-800">
            Search
          </button>
        </div>
      </Form>
      <h2 className="mt-8 text-xl font-semibold">Featured entertainers</h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {loaderData.acts.map((act) => (
          <li key={act.url} className="rounded-lg bg-white p-4 shadow-sm">
            <Link to={`/entertainment/${act.url}`} className="font-semibold text-violet-800 hover:underline">
              {act.name}
            </Link>
            {act.headline && <p className="mt-1 text-sm text-gray-700">{act.headline}</p>}
          </li>
        ))}
      </ul>
    </>
  );
}
