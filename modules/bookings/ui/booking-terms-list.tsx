import { Fragment } from "react";
import { formatCalendarDate } from "#domain/calendar-days";
import { formatPrice } from "#domain/prices";
import type { AcceptTerms } from "../bookings";
import { type CancellationPolicy, POLICY_WORDS } from "../money";

/**
 * What a planner agrees to before booking, as the accept dialog and the instant booking step both
 * show it: the price (with its travel line), the payments and their days, the policy, the act's
 * terms, how the money is paid and what the act offers.
 */
export function BookingTermsList({
  actName,
  terms,
  agreeing,
}: {
  actName: string;
  terms: {
    price_cents: number;
    travel_cents?: number;
    cancellation_policy: CancellationPolicy;
    terms: string | null;
    message: string | null;
  };
  agreeing: AcceptTerms;
}) {
  const policy = POLICY_WORDS[terms.cancellation_policy];
  return (
    <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="font-semibold">Price</dt>
      <dd>
        {formatPrice(terms.price_cents)}
        {terms.travel_cents ? `, of which travel ${formatPrice(terms.travel_cents)}` : ""}
      </dd>
      {agreeing.schedule.map((payment) => (
        <Fragment key={payment.kind}>
          <dt className="font-semibold">{payment.kind === "deposit" ? "Deposit" : "Balance"}</dt>
          <dd>
            {formatPrice(payment.amount_cents)}, due {formatCalendarDate(payment.due_on)}
          </dd>
        </Fragment>
      ))}
      <dt className="font-semibold">Cancellation</dt>
      <dd>
        {policy.name}: {policy.rule} If the act cancels, everything paid comes back.
      </dd>
      {terms.terms && (
        <>
          <dt className="font-semibold">The act's terms</dt>
          <dd className="whitespace-pre-wrap">{terms.terms}</dd>
        </>
      )}
      <dt className="font-semibold">Paying</dt>
      <dd className="whitespace-pre-wrap">
        {agreeing.paying.by === "card"
          ? "By card, on the booking's page once you book. We hold each payment and release it to the act: the deposit once it can no longer come back, the balance two days after the event."
          : `Directly to ${actName}: ${agreeing.paying.instructions ?? "they have not given payment instructions yet, so ask them in your conversation."}`}
      </dd>
      {terms.message && (
        <>
          <dt className="font-semibold">What they offer</dt>
          <dd className="whitespace-pre-wrap">“{terms.message}”</dd>
        </>
      )}
    </dl>
  );
}
