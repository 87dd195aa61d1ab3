import { PlainPage } from "../components/plain-page";
import { publicPageMeta } from "../lib/page-meta";
import { loadSitePage } from "./site-pages.server";
import type { Route } from "./+types/terms";
import type { RouteHandle } from "../root";

/** Guests get it as plain HTML, without React (decision 0024). */
export const handle: RouteHandle = { publicForGuests: true };
export function meta({ data }: Route.MetaArgs) {
  return publicPageMeta({
    title: `Terms of use | ${data?.appName ?? "EVA"}`,
    description: "The terms for planners and artists who use the marketplace.",
    canonicalUrl: data?.canonicalUrl ?? "/terms",
  });
}

export function loader({ context }: Route.LoaderArgs) {
  return loadSitePage(context, "/terms");
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  const { appName, helpEmail } = loaderData;
  return (
    <PlainPage title="Terms of use">
      <p>
        These terms apply to everyone who uses {appName}: planners who book acts, artists who list them, and visitors.
      </p>
      <h2>Accounts</h2>
      <p>
        Keep your password to yourself and your details true. An account is for one person; an artist account may run
        several acts.
      </p>
      <h2>Listings and prices</h2>
      <p>
        Artists answer for what their acts' pages say. Prices on listings are estimates of what an offering usually
        costs; the price that binds is the one in an offer the planner accepts.
      </p>
      <h2>Bookings</h2>
      <p>
        A booking is an agreement between the planner and the act, made when the planner accepts the act's offer. Any
        deposit and cancellation terms are the ones in that offer.
      </p>
      <h2>Reviews</h2>
      <p>
        Planners review only acts they booked, for events that have taken place. Reviews must be honest and about the
        performance; we remove those that are not.
      </p>
      <h2>Content you upload</h2>
      <p>
        You keep the rights to your photos, videos and documents, and let us show them on the site for as long as they
        are there. Upload only what you may share.
      </p>
      <h2>Questions</h2>
      <p>Write to {helpEmail}.</p>
    </PlainPage>
  );
}
