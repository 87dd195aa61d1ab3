import { MESSAGES } from "#domain/messages";
import { Section } from "#ui/section";
import type { SectionProps } from "../types";
import { LocalTime } from "#ui/local-time";

export function LatestOffer({ act, can }: SectionProps) {
  if (!can.admin) return null;
  const posted = act.latestOffer?.date_time_posted;
  return (
    <Section id="latest-offer" title="Latest Offer">
      {posted ? (
        <p>
          Latest offer submitted <LocalTime instant={posted} />
        </p>
      ) : (
        <p className="text-sm text-gray-700">{MESSAGES.noOffers}</p>
      )}
    </Section>
  );
}
