import { Form, Link, useNavigation } from "react-router";
import { formatCalendarDate } from "#domain/calendar-days";
import { formatPrice } from "#domain/prices";
import { Button } from "#ui/button";
import { TextField } from "#ui/text-field";
import type { AcceptTerms } from "../bookings";
import type { CancellationPolicy } from "../money";
import { BookingTermsList } from "./booking-terms-list";

export interface InstantBookingPageData {
  act: { url: string; name: string };
  offering: {
    id: number;
    title: string;
    description: string;
    instant: { price_cents: number; deposit_cents: number; cancellation_policy: CancellationPolicy; terms: string };
  };
  events: { url: string; name: string; day: string; location: string }[];
  event: { url: string; name: string; starttime: string; day: string } | null;
  unavailable: string | null;
  travel_cents: number;
  price_cents: number;
  agreeing: AcceptTerms;
  othersWaiting: string[];
}

export interface InstantBookingActionData {
  message: string;
  errors: Record<string, string[]>;
}

/**
 * The instant booking step: which of the planner's events, whether the act is free that day
 * (said before anything is committed), what they agree to, and one button that books. Plain
 * forms: choosing the event is a GET of this page, booking a POST, so both work before the
 * page's scripts load.
 */
export function InstantBookingView({
  data,
  actionData,
}: {
  data: InstantBookingPageData;
  actionData?: InstantBookingActionData;
}) {
  const submitting = useNavigation().state === "submitting";
  const { act, offering, event } = data;
  const errors = actionData?.errors ?? {};
  return (
    <section className="mx-auto max-w-xl rounded-lg bg-white p-5 shadow-sm sm:p-6" aria-labelledby="instant-heading">
      <h1 id="instant-heading" className="text-2xl font-bold">
        Book {act.name} instantly
      </h1>
      <p className="mt-1 text-gray-800">
        {offering.title}: {formatPrice(offering.instant.price_cents)}
        {data.travel_cents > 0 ? ` + ${formatPrice(data.travel_cents)} travel` : ""}. No quote to wait for: the act set
        these terms for any free day.
      </p>
      <p className="mt-1 whitespace-pre-wrap text-sm text-gray-700">{offering.description}</p>
      {data.events.length === 0 ? (
        <p className="mt-4 text-sm text-gray-800">
          Add the event first:{" "}
          <Link to="/events/add-event" className="text-brand-800 underline">
            add an event
          </Link>
          , then come back to this page.
        </p>
      ) : (
        <Form method="get" className="mt-4 flex flex-wrap items-end gap-2">
          <label className="flex flex-col gap-1 text-sm font-medium">
            Your event
            <select
              name="event"
              defaultValue={event?.url}
              className="rounded-md border border-gray-300 px-3 py-2"
              onChange={(change) => change.currentTarget.form?.requestSubmit()}
            >
              {data.events.map((each) => (
                <option key={each.url} value={each.url}>
                  {each.name}, {formatCalendarDate(each.day)}, {each.location}
                </option>
              ))}
            </select>
          </label>
          <Button type="submit" variant="secondary">
            Show this event
          </Button>
        </Form>
      )}
      {event && (
        <div className="mt-4">
          {data.unavailable ? (
            <p role="status" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
              <strong>Not free:</strong> {data.unavailable}. Choose another event, or{" "}
              <Link to={`/entertainment/${act.url}`} className="underline">
                ask the act
              </Link>
              .
            </p>
          ) : (
            <p role="status" className="rounded-md border border-green-300 bg-green-50 p-3 text-sm text-green-900">
              <strong>Free:</strong> {act.name} is free on {formatCalendarDate(event.day)} for {event.name}.
            </p>
          )}
          <BookingTermsList
            actName={act.name}
            terms={{
              price_cents: data.price_cents,
              travel_cents: data.travel_cents,
              cancellation_policy: offering.instant.cancellation_policy,
              terms: offering.instant.terms || null,
              message: null,
            }}
            agreeing={data.agreeing}
          />
          {!data.unavailable && (
            <Form method="post" className="mt-4 flex flex-col gap-3" noValidate>
              <input type="hidden" name="event" value={event.url} />
              <TextField
                label="Your phone on the day (optional)"
                name="phone"
                type="tel"
                autoComplete="tel"
                errors={errors.phone}
                hint={`Given to ${act.name} with your booking, to reach you on the day.`}
              />
              {data.othersWaiting.length > 0 && (
                <label className="flex items-start gap-2 text-sm">
                  <input type="hidden" name="others_offered" value="1" />
                  <input type="checkbox" name="release_others" value="1" defaultChecked className="mt-1" />
                  <span>
                    Release the other acts invited to {event.name} ({data.othersWaiting.join(", ")}): they are told the
                    date is taken. Untick it to book more than one act for this event.
                  </span>
                </label>
              )}
              {actionData && Object.keys(errors).length === 0 && (
                <p role="alert" className="text-sm text-red-700">
                  {actionData.message}
                </p>
              )}
              <p className="text-sm text-gray-700">
                Booking signs the booking agreement with these amounts, days and policy, and the marketplace's{" "}
                <a href="/terms" target="_blank" rel="noreferrer" className="text-brand-800 underline">
                  terms
                </a>
                . {act.name} is told at once, and you get the booking's number by email.
              </p>
              <div>
                <Button type="submit" disabled={submitting}>
                  Book now for {formatPrice(data.price_cents)}
                </Button>
              </div>
            </Form>
          )}
        </div>
      )}
    </section>
  );
}
