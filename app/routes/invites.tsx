import { pageCount } from "#domain/paging";
import { Pager } from "#ui/pager";
import { Link } from "react-router";
import { OFFER_STATUS_LABELS, dayIn } from "#modules/bookings/events";
import { AVAILABILITY_MESSAGES } from "#modules/availability/availability";
import { formatPrice } from "#domain/prices";
import { OfferForm, OfferTerms } from "#modules/bookings/ui";
import { EventDetails } from "#modules/bookings/ui";
import { Badge } from "#ui/badge";
import { Button } from "#ui/button";
import { ConfirmDialog } from "#ui/confirm-dialog";
import { api, outcome } from "#ui/lib/api-client";
import { useAction } from "#ui/lib/use-action";
import { loadArtistInvites } from "./invites.server";
import type { Route } from "./+types/invites";
import type { RouteHandle } from "../root";
import { PAGE_QUERY_KEYS } from "#domain/paging";

export const handle: RouteHandle = { queryParams: PAGE_QUERY_KEYS };

export function meta() {
  return [{ title: "Invites" }, { name: "robots", content: "noindex" }];
}

export function loader({ context, url }: Route.LoaderArgs) {
  return loadArtistInvites(context, url);
}

export default function Invites({ loaderData }: Route.ComponentProps) {
  const { run, pending } = useAction();
  return (
    <>
      <h1 className="text-2xl font-bold">Invites</h1>
      {loaderData.invites.length === 0 ? (
        <p className="mt-6 text-gray-700">No invites yet.</p>
      ) : (
        <ul className="mt-6 flex flex-col gap-4">
          {loaderData.invites.map((invite) => (
            <li key={invite.id} className="rounded-lg bg-white p-5 shadow-sm">
              <h2 className="text-lg font-semibold">{invite.event.name}</h2>
              <p className="text-sm text-gray-700">
                <time dateTime={invite.event.starttime}>{invite.event.short_starttime}</time> · {invite.event.location}{" "}
                · for{" "}
                <Link to={`/entertainment/${invite.act.url}`} className="text-brand-800 underline">
                  {invite.act.name}
                </Link>
              </p>
              <EventDetails details={invite.event.details} planner={invite.event.planner.name} />
              {invite.request && (
                <blockquote className="mt-2 whitespace-pre-wrap border-l-4 border-brand-200 pl-3 text-sm text-gray-900">
                  <span className="font-semibold">{invite.event.planner.name} asks:</span> “{invite.request}”
                </blockquote>
              )}
              {invite.state === "booked" && (
                <p className="mt-2 flex flex-wrap items-center gap-2 text-sm">
                  <Badge color="green">Booked</Badge>
                  {invite.booking && (
                    <Link to={`/bookings/${invite.booking}`} className="text-brand-800 underline">
                      Booking {invite.booking}: payments and agreement
                    </Link>
                  )}
                </p>
              )}
              {(invite.state === "declined" || invite.state === "cancelled") && (
                <p className="mt-2 flex flex-wrap items-center gap-2 text-sm">
                  {/* A cancelled booking is its own page still: what was paid, what is owed back. */}
                  <Badge color="gray">
                    {invite.state === "declined"
                      ? "You declined"
                      : invite.booking
                        ? "Booking cancelled"
                        : "Event cancelled"}
                  </Badge>
                  {invite.state === "cancelled" && invite.booking && (
                    <Link to={`/bookings/${invite.booking}`} className="text-brand-800 underline">
                      Booking {invite.booking}: payments and agreement
                    </Link>
                  )}
                </p>
              )}
              {invite.state === "released" && (
                <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-gray-700">
                  <Badge color="gray">Released</Badge> The planner booked another act for this date: the invite is
                  closed.
                </p>
              )}
              {invite.offers.map((offer) => (
                <div key={offer.id} className="mt-2 flex flex-wrap items-center gap-3 text-sm">
                  <span>
                    Your offer: <strong>{formatPrice(offer.price_cents)}</strong> (
                    {OFFER_STATUS_LABELS[offer.status].toLowerCase()})
                  </span>
                  {offer.status === "pending" && invite.state === "offered" && (
                    <ConfirmDialog
                      title="Withdraw this offer?"
                      confirmLabel="Withdraw offer"
                      body={<p>The planner of {invite.event.name} is told. You may send another offer after.</p>}
                      trigger={
                        <Button variant="secondary" className="px-3 py-1" disabled={pending}>
                          Withdraw offer<span className="sr-only"> for {invite.event.name}</span>
                        </Button>
                      }
                      onConfirm={() =>
                        run(() =>
                          outcome(api.POST("/offers/withdraw/{offerId}", { params: { path: { offerId: offer.id } } })),
                        )
                      }
                    />
                  )}
                  <OfferTerms offer={offer} />
                </div>
              ))}
              {(invite.state === "invited" || invite.state === "offered") && (
                <>
                  {invite.act_day && (
                    <p className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
                      <strong>Check your calendar: </strong>
                      {AVAILABILITY_MESSAGES.quotingTakenDay(
                        dayIn(new Date(invite.event.starttime), invite.event.time_zone),
                        invite.act_day,
                      )}
                      .{" "}
                      <Link to={`/entertainment/${invite.act.url}/calendar`} className="underline">
                        Open {invite.act.name}'s calendar
                      </Link>
                    </p>
                  )}
                  {invite.offers.some((offer) => offer.status === "pending") ? (
                    <p className="mt-3 text-sm text-gray-700">
                      Your offer waits for the planner's answer. Withdraw it to send another.
                    </p>
                  ) : (
                    <OfferForm
                      inviteId={invite.id}
                      eventName={invite.event.name}
                      actName={invite.act.name}
                      travelCents={invite.travel_cents}
                    />
                  )}
                  <div className="mt-3">
                    <ConfirmDialog
                      title={`Decline ${invite.event.name}?`}
                      confirmLabel="Decline invite"
                      body={
                        <p>
                          The planner is told that {invite.act.name} will not play {invite.event.name}; any offer you
                          sent for it is withdrawn.
                        </p>
                      }
                      trigger={
                        <Button variant="secondary" className="px-3 py-1 text-sm" disabled={pending}>
                          Decline invite<span className="sr-only"> to {invite.event.name}</span>
                        </Button>
                      }
                      onConfirm={() =>
                        run(() =>
                          outcome(
                            api.POST("/invites/decline/{inviteId}", { params: { path: { inviteId: invite.id } } }),
                          ),
                        )
                      }
                    />
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <Pager page={loaderData.meta.page} pages={pageCount(loaderData.meta)} link={(to) => `/invites?page=${to}`} />
    </>
  );
}
