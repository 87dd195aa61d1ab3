import { Link } from "react-router";
import { PlainPage } from "../components/plain-page";
import { publicPageMeta } from "../lib/page-meta";
import { loadSitePage } from "./site-pages.server";
import type { Route } from "./+types/about";
import type { RouteHandle } from "../root";

/** Guests get it as plain HTML, without React (decision 0024). */
export const handle: RouteHandle = { publicForGuests: true };
export function meta({ data }: Route.MetaArgs) {
  return publicPageMeta({
    title: `About ${data?.appName ?? "EVA"}`,
    description: "A marketplace where event planners find, compare and book vetted entertainers.",
    canonicalUrl: data?.canonicalUrl ?? "/about",
  });
}

export function loader({ context }: Route.LoaderArgs) {
  return loadSitePage(context, "/about");
}

export default function About({ loaderData }: Route.ComponentProps) {
  const { appName } = loaderData;
  return (
    <PlainPage title={`About ${appName}`}>
      <p>
        {appName} is where event planners find and book entertainers: bands, DJs, ensembles, soloists, speakers and
        variety acts, for weddings, corporate events, festivals, college events, private parties and virtual events.
      </p>
      <h2>Every act is looked at before it is listed</h2>
      <p>
        An artist applies with photos, a description, the kinds of events they play and what they offer. Our team reads
        each application before the act appears in search, and declines with a reason when something is missing.
      </p>
      <h2>Reviews come from bookings</h2>
      <p>
        A planner can review an act only for an event that booked it and has started, once per event, so the ratings you
        read come from real events.
      </p>
      <h2>Prices up front</h2>
      <p>
        Acts show what their offerings usually cost. The act confirms the final price in its offer, and nothing is
        booked until you accept it. Start with{" "}
        <Link to="/search" className="text-brand-800 underline">
          a search
        </Link>{" "}
        or{" "}
        <Link to="/guides" className="text-brand-800 underline">
          our guides
        </Link>
        .
      </p>
    </PlainPage>
  );
}
