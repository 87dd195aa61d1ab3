import { Link } from "react-router";
import { publicPageMeta } from "../lib/page-meta";
import { loadGuides } from "./guides.server";
import type { Route } from "./+types/guides";
import type { RouteHandle } from "../root";

/** Guests get it as plain HTML, without React (decision 0024). */
export const handle: RouteHandle = { publicForGuests: true };
export function meta({ data }: Route.MetaArgs) {
  const title = `Guides for planning event entertainment | ${data?.appName ?? "EVA"}`;
  const description =
    "Practical guides for event planners: choosing a wedding band, what corporate entertainment costs, booking speakers and more.";
  return publicPageMeta({ title, description, canonicalUrl: data?.canonicalUrl ?? "/guides" });
}

export function loader({ context }: Route.LoaderArgs) {
  return loadGuides(context);
}

export default function Guides({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-3xl font-bold">Guides for planners</h1>
      <ul className="mt-6 flex flex-col gap-4">
        {loaderData.guides.map((guide) => (
          <li key={guide.slug} className="rounded-lg bg-white p-5 shadow-sm">
            <h2 className="text-xl font-semibold">
              <Link to={`/guides/${guide.slug}`} className="text-brand-800 hover:underline">
                {guide.title}
              </Link>
            </h2>
            <p className="mt-1 text-gray-700">{guide.description}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
