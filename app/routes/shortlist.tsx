import { Form, Link, useNavigation } from "react-router";
import { fieldMessagesText } from "#domain/api-error";
import { LIMITS } from "#domain/limits";
import { pageCount } from "#domain/paging";
import { priceFromText } from "#domain/prices";
import type { QuoteRequestResult } from "#modules/bookings/answers";
import { ActPicture } from "#modules/files/ui";
import { Button } from "#ui/button";
import { Pager } from "#ui/pager";
import { ShortlistHeart } from "#modules/discovery/ui";
import { runCommand } from "#server/render/page-command";
import { inviteActsSchema } from "#modules/bookings/schemas";
import { inviteActs } from "#modules/bookings/server";
import { loadShortlist } from "./shortlist.server";
import type { Route } from "./+types/shortlist";
import type { RouteHandle } from "../root";
import { PAGE_QUERY_KEYS } from "#domain/paging";

export const handle: RouteHandle = { queryParams: PAGE_QUERY_KEYS };

export function meta() {
  return [{ title: "Your shortlist" }, { name: "robots", content: "noindex" }];
}

export function loader({ context, url }: Route.LoaderArgs) {
  return loadShortlist(context, url);
}

/** What a quote request's answer says of each act, in words. */
const OUTCOME: Record<QuoteRequestResult["status"], string> = {
  invited: "asked for a quote",
  already_invited: "already invited to this event",
  unavailable: "not free that day",
  not_found: "no longer available",
};

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const event = String(form.get("event") ?? "");
  if (!event)
    return {
      results: null,
      message: "Choose an event",
      errors: { event: ["Choose an event"] } as Record<string, string[]>,
    };
  const message = String(form.get("message") ?? "");
  const body = { acts: form.getAll("acts").map(String), ...(message.trim() ? { message } : {}) };
  const result = await runCommand(context, inviteActsSchema, body, ({ db, viewer }, input) =>
    inviteActs(db, viewer, event, input),
  );
  if (result.ok) return { results: result.data, message: "", errors: {} as Record<string, string[]> };
  return { results: null, message: result.message, errors: result.errors };
}

export default function Shortlist({ loaderData, actionData }: Route.ComponentProps) {
  const { saved, events } = loaderData;
  const submitting = useNavigation().state === "submitting";
  const errors = actionData?.errors ?? {};
  const nameOf = (url: string) => saved.data.find((act) => act.url === url)?.name ?? url;
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold">Your shortlist</h1>
      {saved.data.length === 0 ? (
        <p className="mt-4 text-gray-700">
          Nothing saved yet. Press <strong>Save</strong> on an act in{" "}
          <Link to="/search" className="text-brand-800 underline">
            the search
          </Link>{" "}
          or on its profile to keep it here.
        </p>
      ) : (
        <Form method="post" className="mt-4 flex flex-col gap-4" noValidate>
          <fieldset aria-describedby={errors.acts ? "acts-error" : undefined}>
            <legend className="text-lg font-semibold">
              Choose up to {LIMITS.quoteRequestActs} acts to ask for a quote
            </legend>
            <ul className="mt-2 flex flex-col gap-2">
              {saved.data.map((act) => (
                <li key={act.url} className="flex items-center gap-3 rounded-lg bg-white p-3 shadow-sm">
                  <input type="checkbox" name="acts" value={act.url} id={`ask-${act.url}`} className="h-5 w-5" />
                  <ActPicture act={act} width={64} height={64} className="h-16 w-16 shrink-0 rounded-md" />
                  <div className="min-w-0 flex-1">
                    <label htmlFor={`ask-${act.url}`} className="font-semibold">
                      Ask {act.name}
                    </label>
                    <p className="text-sm text-gray-700">
                      {act.location ?? "Location not given"}
                      {act.price_from_cents !== null && ` · ${priceFromText(act.price_from_cents)}`}
                    </p>
                    <Link to={`/entertainment/${act.url}`} className="text-sm text-brand-800 underline">
                      See the profile<span className="sr-only"> of {act.name}</span>
                    </Link>
                  </div>
                  <ShortlistHeart actUrl={act.url} actName={act.name} saved />
                </li>
              ))}
            </ul>
            {errors.acts && (
              <p id="acts-error" className="mt-1 text-sm text-red-700">
                {fieldMessagesText(errors.acts)}
              </p>
            )}
          </fieldset>
          {events.length === 0 ? (
            <p className="text-gray-700">
              To ask for quotes,{" "}
              <Link to="/events/add-event" className="text-brand-800 underline">
                create an event
              </Link>{" "}
              first.
            </p>
          ) : (
            <>
              <label className="flex flex-col gap-1 text-sm font-medium">
                For which event
                <select
                  name="event"
                  className="rounded-md border border-gray-300 px-3 py-2"
                  aria-invalid={errors.event ? true : undefined}
                  aria-describedby={errors.event ? "event-error" : undefined}
                >
                  <option value="">Choose an event</option>
                  {events.map((event) => (
                    <option key={event.url} value={event.url}>
                      {event.name} ({event.short_starttime})
                    </option>
                  ))}
                </select>
              </label>
              {errors.event && (
                <p id="event-error" className="text-sm text-red-700">
                  {fieldMessagesText(errors.event)}
                </p>
              )}
              <label className="flex flex-col gap-1 text-sm font-medium">
                Your message to each act (optional)
                <textarea
                  name="message"
                  rows={4}
                  maxLength={LIMITS.messageBody}
                  className="rounded-md border border-gray-300 px-3 py-2"
                  placeholder="Guests, hours of music, what you have in mind…"
                />
              </label>
              {errors.message && <p className="text-sm text-red-700">{fieldMessagesText(errors.message)}</p>}
              {actionData?.message && Object.keys(errors).length === 0 && (
                <p role="alert" className="text-sm text-red-700">
                  {actionData.message}
                </p>
              )}
              <div>
                <Button type="submit" disabled={submitting}>
                  Request quotes
                </Button>
              </div>
            </>
          )}
        </Form>
      )}
      {actionData?.results && (
        <section aria-labelledby="quote-results" role="status" className="mt-6 rounded-lg bg-white p-4 shadow-sm">
          <h2 id="quote-results" className="font-semibold">
            Your request
          </h2>
          <ul className="mt-2 list-disc pl-5 text-sm">
            {actionData.results.map((result) => (
              <li key={result.act}>
                {nameOf(result.act)}: {OUTCOME[result.status]}
              </li>
            ))}
          </ul>
          <p className="mt-2 text-sm">
            Their answers come in{" "}
            <Link to="/messages" className="text-brand-800 underline">
              your messages
            </Link>{" "}
            and on{" "}
            <Link to="/events" className="text-brand-800 underline">
              your events
            </Link>
            .
          </p>
        </section>
      )}
      <Pager page={saved.meta.page} pages={pageCount(saved.meta)} link={(to) => `/shortlist?page=${to}`} />
    </div>
  );
}
