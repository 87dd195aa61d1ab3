import { formatShortCalendarDate } from "#domain/calendar-days";
import { formatPrice } from "#domain/prices";
import type { Offer } from "../answers";
import { POLICY_WORDS } from "../money";

/** An offer's deposit, last day and cancellation terms, as both sides read them. */
export function OfferTerms({
  offer,
}: {
  offer: Pick<Offer, "deposit_cents" | "expires_on" | "terms" | "status" | "cancellation_policy">;
}) {
  const parts = [
    offer.deposit_cents > 0 ? `Deposit ${formatPrice(offer.deposit_cents)}` : "No deposit",
    offer.expires_on && offer.status === "pending" ? `open until ${formatShortCalendarDate(offer.expires_on)}` : null,
  ].filter(Boolean);
  return (
    <span className="block w-full text-xs text-gray-700">
      {parts.join(", ")}
      <span className="block">
        {POLICY_WORDS[offer.cancellation_policy].name} cancellation: {POLICY_WORDS[offer.cancellation_policy].rule}
      </span>
      {offer.terms && <span className="block whitespace-pre-wrap">Cancellation terms: {offer.terms}</span>}
    </span>
  );
}
