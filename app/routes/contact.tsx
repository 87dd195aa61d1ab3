import { Link } from "react-router";
import { PlainPage } from "../components/plain-page";
import { publicPageMeta } from "../lib/page-meta";
import { loadSitePage } from "./site-pages.server";
import type { Route } from "./+types/contact";
import type { RouteHandle } from "../root";

/** Guests get it as plain HTML, without React (decision 0024). */
export const handle: RouteHandle = { publicForGuests: true };
export function meta({ data }: Route.MetaArgs) {
  return publicPageMeta({
    title: `Contact ${data?.appName ?? "EVA"}`,
    description: "How to reach the team: planners, artists, press and partners.",
    canonicalUrl: data?.canonicalUrl ?? "/contact",
  });
}

export function loader({ context }: Route.LoaderArgs) {
  return loadSitePage(context, "/contact");
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { helpEmail } = loaderData;
  return (
    <PlainPage title="Contact us">
      <p>
        Write to{" "}
        <a href={`mailto:${helpEmail}`} className="text-brand-800 underline">
          {helpEmail}
        </a>
        . We answer on weekdays, usually within one working day.
      </p>
      <h2>Planning an event</h2>
      <p>
        Questions about an invite, an offer or a booking: write from the email of your account and name the event, so
        that we can find it at once. About an act itself, the act answers fastest: invite it from its page.
      </p>
      <h2>Performing</h2>
      <p>
        To list your act,{" "}
        <Link to="/signup" className="text-brand-800 underline">
          create an artist account
        </Link>{" "}
        and apply from My Acts. If your application was declined, its reason is on My Acts; fix what it names and submit
        again.
      </p>
    </PlainPage>
  );
}
