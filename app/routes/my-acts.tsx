import { Link } from "react-router";
import { Badge } from "#ui/badge";
import { Button } from "#ui/button";
import { api, outcome } from "#ui/lib/api-client";
import { useAction } from "#ui/lib/use-action";
import { loadMyActs } from "./my-acts.server";
import { paymentInstructionsSchema } from "#modules/acts/schemas";
import { LIMITS } from "#domain/limits";
import { TextAreaDialog } from "#ui/text-area-dialog";
import { TakesSection, TravelSection } from "#modules/acts/ui";
import type { Route } from "./+types/my-acts";

export function meta() {
  return [{ title: "My Acts" }, { name: "robots", content: "noindex" }];
}

export function loader({ context }: Route.LoaderArgs) {
  return loadMyActs(context);
}

type OwnAct = Route.ComponentProps["loaderData"]["acts"][number];

export default function MyActs({ loaderData }: Route.ComponentProps) {
  const { acts, waitingInvites, cardPayments, eventTypes } = loaderData;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">My Acts</h1>
        <Link
          to="/acts/new"
          className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
        >
          Create an act
        </Link>
      </div>
      <section aria-labelledby="invites-heading" className="mt-6 rounded-lg bg-white p-5 shadow-sm">
        <h2 id="invites-heading" className="text-lg font-semibold">
          Invites waiting for your offer ({waitingInvites.length})
        </h2>
        {waitingInvites.length === 0 ? (
          <p className="mt-2 text-sm text-gray-700">No invites are waiting for an offer.</p>
        ) : (
          <ul className="mt-2 flex flex-col gap-2">
            {waitingInvites.map((invite) => (
              <li key={invite.id} className="text-sm">
                <strong>{invite.event.name}</strong> for {invite.act.name} ·{" "}
                <time dateTime={invite.event.starttime}>{invite.event.short_starttime}</time> · {invite.event.location}
              </li>
            ))}
          </ul>
        )}
        {waitingInvites.length > 0 && (
          <p className="mt-3">
            <Link to="/invites" className="text-brand-800 underline">
              Send offers on the Invites page
            </Link>
          </p>
        )}
      </section>
      {acts.length === 0 ? (
        <p className="mt-6 text-gray-700">You have no acts yet.</p>
      ) : (
        <ul className="mt-6 flex flex-col gap-4" aria-label="Your acts">
          {acts.map((act) => (
            <OwnActCard
              key={act.url}
              act={act}
              cardPayments={cardPayments?.[act.url] ?? null}
              eventTypes={eventTypes}
            />
          ))}
        </ul>
      )}
    </>
  );
}

/** With Stripe set up: whether the act takes card payments, and the way to set them up. */
function CardPayments({ act, takesCards }: { act: OwnAct; takesCards: boolean }) {
  const { run, pending } = useAction();
  if (takesCards)
    return (
      <p className="mt-3 text-sm text-green-900">
        <span aria-hidden>✓</span> {act.name} takes card payments: planners pay through us, and we pay you out.
      </p>
    );
  return (
    <div className="mt-3 text-sm">
      <p className="text-gray-800">
        {act.name} does not take card payments yet: planners pay you directly. Set up payouts with Stripe to take cards.
      </p>
      <Button
        className="mt-2"
        variant="secondary"
        disabled={pending}
        onClick={() =>
          void run(async () => {
            const answer = await outcome(
              api.POST("/payouts/onboard/{actUrl}", { params: { path: { actUrl: act.url } } }),
            );
            // Stripe's onboarding is Stripe's page: the artist comes back here when it is done.
            if (answer.ok) window.location.assign(answer.data.url);
            return answer.ok ? { ok: true as const, data: {} } : answer;
          })
        }
      >
        Set up card payments
      </Button>
    </div>
  );
}

/** How planners pay the act directly: on its offline bookings' pages, confirmation mails and agreements. */
function PaymentInstructions({ act }: { act: OwnAct }) {
  return (
    <div className="mt-3 text-sm">
      <h3 className="font-semibold">How planners pay {act.name} directly</h3>
      <p className="mt-1 whitespace-pre-wrap text-gray-800">
        {act.payment_instructions ?? "Not given yet: planners who book you are told to ask you."}
      </p>
      <div className="mt-2">
        <TextAreaDialog
          title={`How planners pay ${act.name}`}
          description="Whom to pay and how (a bank transfer's details, a check's payee, Zelle or Venmo). Shown to the planner with every booking paid directly: on its page, in its confirmation email and on its agreement."
          trigger={
            <Button variant="secondary">
              {act.payment_instructions ? "Change payment instructions" : "Add payment instructions"}
              <span className="sr-only"> for {act.name}</span>
            </Button>
          }
          label="Payment instructions"
          max={LIMITS.paymentInstructions}
          rule={paymentInstructionsSchema.shape.payment_instructions}
          submitLabel="Save instructions"
          field="payment_instructions"
          initial={act.payment_instructions ?? ""}
          send={(text) =>
            outcome(
              api.POST("/acts/{actUrl}/payment-instructions", {
                params: { path: { actUrl: act.url } },
                body: { payment_instructions: text },
              }),
            )
          }
        />
      </div>
    </div>
  );
}

function OwnActCard({
  act,
  cardPayments,
  eventTypes,
}: {
  act: OwnAct;
  cardPayments: boolean | null;
  eventTypes: string[];
}) {
  const { run, pending } = useAction();
  const ready = act.checklist.every((item) => item.done);
  return (
    <li className="rounded-lg bg-white p-5 shadow-sm" aria-labelledby={`act-${act.url}`}>
      <div className="flex flex-wrap items-center gap-3">
        <h2 id={`act-${act.url}`} className="text-lg font-semibold">
          <Link to={`/entertainment/${act.url}`} className="text-brand-800 hover:underline">
            {act.name}
          </Link>
        </h2>
        <Badge color={act.status.color} title={act.status.tooltip}>
          {act.status.label}
        </Badge>
      </div>
      {act.status.tooltip && <p className="mt-1 text-sm text-gray-700">{act.status.tooltip}</p>}
      {act.status.key === "declined" && (
        <div className="mt-2 rounded-md bg-red-50 p-3 text-sm text-red-950 ring-1 ring-red-200">
          <p className="font-semibold">An admin declined {act.name}.</p>
          {act.decline_reason && <p className="mt-1 whitespace-pre-line">Reason given: {act.decline_reason}</p>}
          <p className="mt-1">Fix what the reason names with Update Profile, then submit it again.</p>
        </div>
      )}
      {act.checklist.length > 0 && (
        <>
          <h3 className="mt-3 text-sm font-semibold">Before you submit</h3>
          <ul className="mt-1 flex flex-col gap-1 text-sm" aria-label={`Checklist for ${act.name}`}>
            {act.checklist.map((item) => (
              <li key={item.key} className={item.done ? "text-green-900" : "text-gray-900"}>
                <span aria-hidden>{item.done ? "✓" : "○"}</span> {item.label}:{" "}
                <strong>{item.done ? "done" : "missing"}</strong>
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Link
          to={`/entertainment/update/${act.url}`}
          className="rounded-md border border-gray-300 px-4 py-2 text-sm font-semibold hover:bg-gray-50"
        >
          Update Profile
        </Link>
        <Link
          to={`/my-acts/${act.url}/leads`}
          className="rounded-md border border-gray-300 px-4 py-2 text-sm font-semibold hover:bg-gray-50"
        >
          Leads<span className="sr-only"> for {act.name}</span>
        </Link>
        <Link
          to={`/my-acts/${act.url}/insights`}
          className="rounded-md border border-gray-300 px-4 py-2 text-sm font-semibold hover:bg-gray-50"
        >
          Insights<span className="sr-only"> for {act.name}</span>
        </Link>
        <a
          href={`/acts/${act.url}/statement.pdf`}
          className="rounded-md border border-gray-300 px-4 py-2 text-sm font-semibold hover:bg-gray-50"
          download
        >
          Statement of payments (PDF)
        </a>
        {act.checklist.length > 0 && (
          <Button
            disabled={pending || !ready}
            aria-describedby={ready ? undefined : `why-not-${act.url}`}
            onClick={() =>
              void run(() =>
                outcome(api.POST("/acts/submit-application/{actUrl}", { params: { path: { actUrl: act.url } } })),
              )
            }
          >
            {act.status.key === "declined" ? "Submit again for approval" : "Submit for Approval"}
          </Button>
        )}
      </div>
      {cardPayments !== null && <CardPayments act={act} takesCards={cardPayments} />}
      <PaymentInstructions act={act} />
      <TravelSection act={act} />
      <TakesSection act={act} eventTypes={eventTypes} />
      {act.checklist.length > 0 && !ready && (
        <p id={`why-not-${act.url}`} className="mt-2 text-sm text-gray-700">
          Finish the checklist above to submit {act.name} for approval.
        </p>
      )}
    </li>
  );
}
