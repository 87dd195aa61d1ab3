import { Link } from "react-router";
import { ActPicture } from "#modules/files/ui";
import { StarRating } from "#ui/star-rating";
import { priceFromText } from "#domain/prices";
import type { ActSearchPage as SearchResults } from "../answers";

type Result = SearchResults["data"][number];

/** A small card for rows of acts (home): photo, name, place, price and rating, the whole card one link. */
export function ActTile({ act }: { act: Result }) {
  return (
    <Link
      to={`/entertainment/${act.url}`}
      className="group block overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-gray-200 hover:ring-brand-400 focus-visible:ring-2 focus-visible:ring-brand-700"
    >
      <ActPicture act={act} width={320} height={160} className="h-32 w-full" />
      <div className="p-3">
        <p className="font-semibold text-brand-800 group-hover:underline">{act.name}</p>
        {act.location && <p className="text-sm text-gray-700">{act.location}</p>}
        {act.price_from_cents !== null && (
          <p className="text-sm font-semibold text-emerald-800">{priceFromText(act.price_from_cents)}</p>
        )}
        <p className="mt-1 flex items-center gap-1 text-sm">
          {act.rating.average !== null ? (
            <>
              <StarRating value={act.rating.average} size="sm" />
              <span>
                {act.rating.average.toFixed(1)} ({act.rating.count})
              </span>
            </>
          ) : (
            <span className="text-gray-600">No ratings yet</span>
          )}
        </p>
      </div>
    </Link>
  );
}
