import { BOOK_INSTANTLY } from "#modules/content/instant";
import { Link } from "react-router";
import { ActPicture } from "#modules/files/ui";
import { Badge } from "#ui/badge";
import { StarRating } from "#ui/star-rating";
import { formatDollars, priceFromText } from "#domain/prices";
import { distanceText } from "#domain/formatters";
import { formatShortCalendarDate } from "#domain/calendar-days";
import { responseFactsText } from "#modules/conversations/conversations";
import { actFactLines } from "#modules/acts/act-facts";
import { InviteToEventDialog } from "#modules/bookings/ui";
import { ShortlistHeart } from "./shortlist-heart";
import type { ActSearchPage as SearchResults } from "../answers";

type Result = SearchResults["data"][number];

/** One act in a list of results: photo, name, headline, place and distance, price, rating, badges. */
export function ResultCard({
  act,
  canInvite,
  invited = false,
  shortlisted = false,
  freeOn = null,
  onMap = false,
}: {
  act: Result;
  /** A planner's Invite button (the results are all acts a planner may invite). */
  canInvite: boolean;
  /** Already invited to one of the planner's upcoming events. */
  invited?: boolean;
  /** Saved to the planner's shortlist. */
  shortlisted?: boolean;
  /** The searched day, which every act found is free on (busy acts are left out). */
  freeOn?: string | null;
  /** Beside the map, with a pin to link to. */
  onMap?: boolean;
}) {
  const responses = responseFactsText(act);
  return (
    <article
      id={`act-${act.url}`}
      className="flex h-full scroll-mt-4 flex-wrap gap-4 rounded-lg bg-white p-4 shadow-sm target:ring-2 target:ring-brand-700 sm:flex-nowrap"
      aria-labelledby={`result-${act.url}`}
    >
      <ActPicture act={act} width={96} height={96} className="h-24 w-24 shrink-0 rounded-md" />
      <div className="min-w-0 flex-1">
        <h3 id={`result-${act.url}`} className="text-lg font-semibold">
          <Link to={`/entertainment/${act.url}`} className="text-brand-800 hover:underline">
            {act.name}
          </Link>
        </h3>
        {act.headline && <p className="text-sm text-gray-700">{act.headline}</p>}
        <p className="mt-1 text-sm text-gray-600">
          {act.location ?? "Location not given"}
          <Whereabouts act={act} />
        </p>
        {act.price_from_cents !== null && (
          <p className="mt-1 font-semibold text-emerald-800">{priceFromText(act.price_from_cents)}</p>
        )}
        <TravelToPlace act={act} />
        {onMap && (
          <a href={`#pin-${act.url}`} className="mt-1 inline-block text-sm text-brand-800 underline">
            On the map<span className="sr-only">: {act.name}</span>
          </a>
        )}
        {act.instant && (
          <p className="mt-1 text-sm font-semibold text-brand-800">
            <span aria-hidden="true">⚡ </span>
            {BOOK_INSTANTLY}
          </p>
        )}
        {responses && <p className="mt-1 text-sm text-gray-700">{responses}</p>}
        {actFactLines(act.facts).map((line) => (
          <p key={line} className="mt-1 text-sm text-gray-700">
            {line}
          </p>
        ))}
        <p className="mt-1 flex items-center gap-2 text-sm">
          {act.rating.average !== null ? (
            <>
              <StarRating value={act.rating.average} size="sm" />
              <span>
                {act.rating.average.toFixed(1)} ({act.rating.count} {act.rating.count === 1 ? "review" : "reviews"})
              </span>
            </>
          ) : (
            <span className="text-gray-600">No ratings yet</span>
          )}
        </p>
        <p className="mt-2 flex flex-wrap gap-2">
          {freeOn && <Badge color="green">Free on {formatShortCalendarDate(freeOn)}</Badge>}
          {act.is_featured === 1 && <Badge color="brand">Featured</Badge>}
          {act.nationallyRecognized && <Badge color="blue">Nationally Recognized</Badge>}
        </p>
      </div>
      {canInvite && (
        // On a phone the planner's buttons take a row of their own under the card, not a column beside it.
        <div className="flex w-full shrink-0 flex-row flex-wrap items-center gap-2 sm:w-auto sm:flex-col sm:items-stretch sm:self-center">
          <InviteToEventDialog actUrl={act.url} actName={act.name} compact invited={invited} />
          <ShortlistHeart actUrl={act.url} actName={act.name} saved={shortlisted} />
        </div>
      )}
    </article>
  );
}

/** What the act charges to travel to the searched place, when it prices travel: a line of any price it quotes. */
function TravelToPlace({ act }: { act: Result }) {
  if (!("travel_cents" in act) || act.travel_cents === null || act.travel_cents === undefined) return null;
  return (
    <p className="mt-1 text-sm text-gray-700" data-testid="travel-line">
      {act.travel_cents === 0
        ? "No travel charge to this place"
        : `+ ${formatDollars(act.travel_cents)} travel to this place`}
    </p>
  );
}

/**
 * Where the act stands to the searched place: the distance from its nearest location, naming
 * that location when it is not the act's home ("also plays Austin, TX, 12 miles away").
 */
function Whereabouts({ act }: { act: Result }) {
  if (!("distance_miles" in act) || act.distance_miles === null || act.distance_miles === undefined) return null;
  const away = distanceText(act.distance_miles);
  const elsewhere = act.nearest_location && act.nearest_location !== act.location ? act.nearest_location : null;
  if (elsewhere)
    return (
      <>
        {" "}
        · also plays {elsewhere}
        {away && `, ${away}`}
      </>
    );
  return away ? <> · {away}</> : null;
}
