import { Link } from "react-router";
import { formatPrice } from "#domain/prices";
import { Badge } from "#ui/badge";
import { Button } from "#ui/button";
import { ConfirmDialog } from "#ui/confirm-dialog";
import { LocalTime } from "#ui/local-time";
import { api, outcome } from "#ui/lib/api-client";
import { useAction } from "#ui/lib/use-action";
import { AVAILABILITY_MESSAGES } from "#modules/availability/availability";
import { misfitWords, type Takes } from "#modules/acts/takes";
import type { Invite, QuoteTemplate } from "../answers";
import { OFFER_STATUS_LABELS, dayIn } from "../events";
import { EventDetails } from "./event-details";
import { OfferForm } from "./offer-form";
import { OfferTerms } from "./offer-terms";

/**
 * One invite of an act as its artist reads it (the invites page, an act's leads): the event, the
 * planner's words, whether it fits what the act takes, when it wants an answer, the act's offers
 * and the offer form (filled from a template when the act has some).
 */
export function InviteCard({
  invite,
  templates = [],
  takes = null,
  heading = "h2",
}: {
  invite: Invite;
  templates?: QuoteTemplate[];
  /** What the act takes, for the reasons in its words; without it the reasons are short. */
  takes?: Takes | null;
  heading?: "h2" | "h3";
}) {
  const { run, pending } = useAction();
  const Heading = heading;
  return (
    <li className="rounded-lg bg-white p-5 shadow-sm" aria-labelledby={`invite-${invite.id}`}>
      <Heading id={`invite-${invite.id}`} className="text-lg font-semibold">
        {invite.event.name}
      </Heading>
      <LeadMarks invite={invite} takes={takes} />
      <p className="text-sm text-gray-700">
        <time dateTime={invite.event.starttime}>{invite.event.short_starttime}</time> · {invite.event.location} · for{" "}
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
            {invite.state === "declined" ? "You declined" : invite.booking ? "Booking cancelled" : "Event cancelled"}
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
          <Badge color="gray">Released</Badge> The planner booked another act for this date: the invite is closed.
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
                run(() => outcome(api.POST("/offers/withdraw/{offerId}", { params: { path: { offerId: offer.id } } })))
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
              templates={templates}
            />
          )}
          <div className="mt-3">
            <ConfirmDialog
              title={`Decline ${invite.event.name}?`}
              confirmLabel="Decline invite"
              body={
                <p>
                  The planner is told that {invite.act.name} will not play {invite.event.name}; any offer you sent for
                  it is withdrawn.
                </p>
              }
              trigger={
                <Button variant="secondary" className="px-3 py-1 text-sm" disabled={pending}>
                  Decline invite<span className="sr-only"> to {invite.event.name}</span>
                </Button>
              }
              onConfirm={() =>
                run(() =>
                  outcome(api.POST("/invites/decline/{inviteId}", { params: { path: { inviteId: invite.id } } })),
                )
              }
            />
          </div>
        </>
      )}
    </li>
  );
}

/** A lead outside what the act takes says why; a new one says by when it wants an answer. */
function LeadMarks({ invite, takes = null }: { invite: Invite; takes?: Takes | null }) {
  return (
    <>
      {!invite.fits && (
        <div className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <p className="font-semibold">Outside what {invite.act.name} takes:</p>
          <ul className="mt-1 list-disc pl-5">
            {invite.misfits.map((reason) => (
              <li key={reason}>{misfitWords(reason, takes)}</li>
            ))}
          </ul>
        </div>
      )}
      {invite.answer_by && (
        <p className="mt-2 text-sm text-gray-800">
          <span className="font-semibold">Answer by</span> <LocalTime instant={invite.answer_by} /> to keep your
          response rate.
        </p>
      )}
    </>
  );
}
