import { Globe, MapPin } from "lucide-react";
import { travelTerms } from "../../travel";
import { SOCIAL_NETWORKS, SOCIAL_NETWORK_LABELS } from "#modules/acts/act-profile";
import { priceFromText } from "#domain/prices";
import { responseFactsText } from "#modules/conversations/conversations";
import { kindOfAct } from "#domain/tags";
import { ActPlaceholder } from "#ui/act-placeholder";
import { formatAverage } from "#domain/ratings";
import { Badge } from "#ui/badge";
import { StarRating } from "#ui/star-rating";
import { Tooltip } from "#ui/tooltip";
import { sizedImage } from "#modules/files/file-urls";
import type { SectionProps } from "../types";

export function ProfileHeader({ act, can }: SectionProps) {
  const average = formatAverage(act.reviewSummary.average);
  const responses = responseFactsText(act);
  const socials = SOCIAL_NETWORKS.flatMap((network) => {
    const href = act.social[network];
    return href ? [{ network, href }] : [];
  });
  return (
    <header className="flex flex-col gap-4 rounded-lg bg-white p-5 shadow-sm sm:flex-row sm:items-center">
      {act.avatar ? (
        <img
          {...sizedImage(act.avatar, 112)}
          alt={`${act.name} avatar`}
          width={112}
          height={112}
          className="h-28 w-28 shrink-0 rounded-full object-cover"
        />
      ) : (
        <ActPlaceholder name={act.name} kind={kindOfAct(act.tags)} className="h-28 w-28 shrink-0 rounded-full" />
      )}
      <div className="flex min-w-0 flex-col gap-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-3xl font-bold">{act.name}</h1>
          {act.is_featured === 1 && <Badge color="brand">Featured</Badge>}
          {act.nationallyRecognized && <Badge color="blue">Nationally Recognized</Badge>}
          {can.admin && <StatusBadge status={act.status} />}
          {can.admin && act.internal_use_only && <Badge color="gray">For Internal Use Only</Badge>}
        </div>
        {(act.location || act.additionalLocations.length > 0) && (
          <p className="flex flex-wrap items-center gap-1 text-gray-700">
            <MapPin aria-hidden className="h-4 w-4" />
            <span>{act.location}</span>
            {act.additionalLocations.length > 0 && (
              <span className="text-sm">(also {act.additionalLocations.map((item) => item.location).join(", ")})</span>
            )}
          </p>
        )}
        {act.compare_to && <p className="text-sm text-gray-700">Compare to: {act.compare_to}</p>}
        <p className="flex items-center gap-2 text-sm">
          {average ? (
            <>
              <StarRating value={act.reviewSummary.average ?? 0} size="sm" />
              <span>
                <strong>{average}</strong> ({act.reviewSummary.count}{" "}
                {act.reviewSummary.count === 1 ? "review" : "reviews"})
              </span>
            </>
          ) : (
            <span className="text-gray-700">No ratings yet</span>
          )}
        </p>
        {act.price_from_cents !== null && (
          <p className="text-lg font-semibold text-emerald-800">{priceFromText(act.price_from_cents)}</p>
        )}
        {act.travel && <p className="text-sm text-gray-800">Travel: {travelTerms(act.travel)}</p>}
        {responses && (
          <p className="text-sm text-gray-800" data-testid="response-facts">
            {responses}
          </p>
        )}
        {socials.length > 0 && (
          <ul aria-label="Social links" className="flex flex-wrap gap-3 text-sm">
            {socials.map(({ network, href }) => (
              <li key={network}>
                <a
                  href={href}
                  rel="noopener noreferrer nofollow"
                  target="_blank"
                  className="inline-flex items-center gap-1 text-brand-800 underline"
                >
                  <Globe aria-hidden className="h-3.5 w-3.5" />
                  {SOCIAL_NETWORK_LABELS[network]}
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </header>
  );
}

function StatusBadge({ status }: { status: SectionProps["act"]["status"] }) {
  const badge = (
    <Badge color={status.color} data-testid="status-badge">
      Status: {status.label}
    </Badge>
  );
  return status.tooltip ? <Tooltip content={status.tooltip}>{badge}</Tooltip> : badge;
}
