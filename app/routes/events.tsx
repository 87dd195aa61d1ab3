import { Link } from "react-router";
import { pageCount } from "#domain/paging";
import { Pager } from "#ui/pager";
import { formatPrice } from "#domain/prices";
import { OFFER_STATUS_LABELS } from "#modules/bookings/events";
import { OfferTerms } from "#modules/bookings/ui";
import { AcceptOfferDialog } from "#modules/bookings/ui";
import { EventDetails } from "#modules/bookings/ui";
import { Badge } from "#ui/badge";
import { Button } from "#ui/button";
import { ConfirmDialog } from "#ui/confirm-dialog";
import { api, outcome } from "#ui/lib/api-client";
import { useAction } from "#ui/lib/use-action";
import { loadPlannerEvents } from "./events.server";
import type { Route } from "./+types/events";
import type { RouteHandle } from "../root";
import { PAGE_QUERY_KEYS } from "#domain/paging";

export const handle: RouteHandle = { queryParams: PAGE_QUERY_KEYS };

export function meta() {
  return [{ title: "My Events" }, { name: "robots", content: "noindex" }];
}

export function loader({ context, url }: Route.LoaderArgs) {
  return loadPlannerEvents(context, url);
}

const STATE_LABEL = {
  invited: "Invited",
  offered: "Offer received",
  booked: "Booked",
  declined: "Declined by the act",
  released: "Released",
  cancelled: "Cancelled",
} as const;
const OFFER_BADGE = {
  pending: "yellow",
  accepted: "green",
  declined: "gray",
  withdrawn: "gray",
  expired: "gray",
} as const;
const STATE_COLOR = {
  invited: "gray",
  offered: "yellow",
  booked: "green",
  declined: "gray",
  released: "gray",
  cancelled: "gray",
} as const;

export default function Events({ loaderData }: Route.ComponentProps) {
  const { run, pending } = useAction();
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">My Events</h1>
        <Link
          to="/events/add-event"
          className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
        >
          Create an event
        </Link>
      </div>
      <p className="mt-2 text-sm text-gray-700">
        An offer is the price you pay if you accept it: read its terms before you do.
      </p>
      {loaderData.events.length === 0 ? (
        <p className="mt-6 text-gray-700">No Events Found</p>
      ) : (
        <ul className="mt-6 flex flex-col gap-4">
          {loaderData.events.map((event) => (
            <li key={event.url} className="rounded-lg bg-white p-5 shadow-sm">
              <div className="flex flex-wrap items-center gap-2">
                <h2 className="text-lg font-semibold">{event.name}</h2>
                {event.cancelled && <Badge color="gray">Cancelled</Badge>}
                {!event.cancelled && Date.parse(event.starttime) > Date.now() && (
                  <div className="ml-auto">
                    <ConfirmDialog
                      title={`Cancel ${event.name}?`}
                      confirmLabel="Cancel the event"
                      body={
                        <p>
                          Every act invited to {event.name} is told, its offers are withdrawn and any booking ends. This
                          cannot be undone.
                        </p>
                      }
                      trigger={
                        <Button variant="secondary" className="px-3 py-1 text-sm">
                          Cancel event<span className="sr-only"> {event.name}</span>
                        </Button>
                      }
                      onConfirm={() =>
                        run(() =>
                          outcome(api.POST("/events/cancel/{eventUrl}", { params: { path: { eventUrl: event.url } } })),
                        )
                      }
                    />
                  </div>
                )}
              </div>
              <p className="text-sm text-gray-700">
                <time dateTime={event.starttime}>{event.short_starttime}</time> · {event.location}
                {!event.cancelled && (
                  <>
                    {" · "}
                    <Link to={`/events/edit/${event.url}`} className="text-brand-800 underline">
                      Edit<span className="sr-only"> {event.name}</span>
                    </Link>
                    {" · "}
                    <a href={`/calendar/events/${event.url}.ics`} download className="text-brand-800 underline">
                      Add to calendar<span className="sr-only"> ({event.name}, .ics file)</span>
                    </a>
                  </>
                )}
              </p>
              <EventDetails details={event.details} />
              {event.invites.length === 0 && !event.cancelled ? (
                <p className="mt-3 text-sm text-gray-700">
                  No acts invited yet.{" "}
                  <Link
                    to={`/search?location=${encodeURIComponent(event.location)}`}
                    className="text-brand-800 underline"
                  >
                    Find acts near {event.location}
                  </Link>
                </p>
              ) : (
                <ul className="mt-3 flex flex-col gap-3" aria-label={`Invites for ${event.name}`}>
                  {event.invites.map((invite) => (
                    <li key={invite.id} className="rounded-md border border-gray-200 p-3">
                      <div className="flex flex-wrap items-center gap-2">
                        <Link
                          to={`/entertainment/${invite.act.url}`}
                          className="font-semibold text-brand-800 underline"
                        >
                          {invite.act.name}
                        </Link>
                        <Badge color={STATE_COLOR[invite.state]}>{STATE_LABEL[invite.state]}</Badge>
                        {invite.booking && (
                          <Link to={`/bookings/${invite.booking}`} className="text-sm text-brand-800 underline">
                            Booking {invite.booking}
                          </Link>
                        )}
                        {invite.review_due && (
                          <Link
                            to={`/entertainment/${invite.act.url}?review=${encodeURIComponent(event.url)}#reviews`}
                            className="ml-auto rounded-md bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-950 ring-1 ring-amber-300 hover:bg-amber-200"
                          >
                            Leave a review<span className="sr-only"> of {invite.act.name}</span>
                          </Link>
                        )}
                      </div>
                      {(invite.state === "invited" || invite.state === "offered") && (
                        <div className="mt-2">
                          <ConfirmDialog
                            title={`Withdraw the invite of ${invite.act.name}?`}
                            confirmLabel="Withdraw invite"
                            body={
                              <p>
                                {invite.act.name} is told, and any offer they sent for {event.name} is withdrawn with
                                the invite.
                              </p>
                            }
                            trigger={
                              <Button variant="secondary" className="px-3 py-1 text-sm">
                                Withdraw invite<span className="sr-only"> of {invite.act.name}</span>
                              </Button>
                            }
                            onConfirm={() =>
                              run(() =>
                                outcome(
                                  api.POST("/invites/withdraw/{inviteId}", {
                                    params: { path: { inviteId: invite.id } },
                                  }),
                                ),
                              )
                            }
                          />
                        </div>
                      )}
                      {invite.offers.map((offer) => (
                        <div key={offer.id} className="mt-2 flex flex-wrap items-center gap-3 text-sm">
                          <span>
                            Offer: <strong>{formatPrice(offer.price_cents)}</strong>
                            {offer.message && <> — “{offer.message}”</>}
                          </span>
                          {offer.status !== "pending" && (
                            <Badge color={OFFER_BADGE[offer.status]}>{OFFER_STATUS_LABELS[offer.status]}</Badge>
                          )}
                          <OfferTerms offer={offer} />
                          {offer.status === "pending" && invite.state === "offered" && (
                            <AcceptOfferDialog
                              actName={invite.act.name}
                              event={event}
                              offer={offer}
                              agreeing={loaderData.acceptTerms[offer.id]!}
                              othersWaiting={event.invites
                                .filter(
                                  (other) =>
                                    other.id !== invite.id && (other.state === "invited" || other.state === "offered"),
                                )
                                .map((other) => other.act.name)}
                            />
                          )}
                          {offer.status === "pending" && invite.state === "offered" && (
                            <ConfirmDialog
                              title={`Decline the offer of ${invite.act.name}?`}
                              confirmLabel="Decline offer"
                              body={
                                <p>
                                  {invite.act.name} is told that you said no to {formatPrice(offer.price_cents)} for{" "}
                                  {event.name}. They may send another offer.
                                </p>
                              }
                              trigger={
                                <Button variant="secondary" className="px-3 py-1" disabled={pending}>
                                  Decline<span className="sr-only"> the offer from {invite.act.name}</span>
                                </Button>
                              }
                              onConfirm={() =>
                                run(() =>
                                  outcome(
                                    api.POST("/offers/decline/{offerId}", { params: { path: { offerId: offer.id } } }),
                                  ),
                                )
                              }
                            />
                          )}
                        </div>
                      ))}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
      <Pager page={loaderData.meta.page} pages={pageCount(loaderData.meta)} link={(to) => `/events?page=${to}`} />
    </>
  );
}
