import { quoteRequestPath } from "#domain/calendar-days";
import { priceFromText } from "#domain/prices";
import { formatAverage } from "#domain/ratings";
import type { SectionProps } from "../types";

/**
 * On a phone, the act's price and "Request a quote" stay in view at the foot of the screen
 * while the planner reads the profile (issue 44): a guest signs up and comes back to a new
 * event for the act; a planner goes to the booking block (an existing event, or a new one).
 * Wide screens have the side column beside the content instead.
 */
export function QuoteBar({ act, can }: Pick<SectionProps, "act" | "can">) {
  const asker = can.signUpToBook ? "guest" : can.invite ? "planner" : null;
  if (!asker || !act.active) return null;
  const average = formatAverage(act.reviewSummary.average);
  return (
    <section
      aria-label={`Request a quote from ${act.name}`}
      data-testid="quote-bar"
      className="fixed inset-x-0 bottom-0 z-30 flex items-center justify-between gap-3 border-t border-gray-200 bg-white px-4 py-3 shadow-[0_-2px_8px_rgba(0,0,0,0.08)] lg:hidden"
    >
      <p className="min-w-0 text-sm">
        <span className="block truncate font-semibold text-emerald-800">
          {act.price_from_cents === null ? "Price on request" : priceFromText(act.price_from_cents)}
        </span>
        <span className="block truncate text-gray-700">
          {average ? `★ ${average} (${act.reviewSummary.count})` : "No ratings yet"}
        </span>
      </p>
      <a
        href={asker === "guest" ? quoteRequestPath(act.url, null, "guest") : "#book"}
        className="shrink-0 rounded-md bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-800"
      >
        Request a quote
      </a>
    </section>
  );
}
