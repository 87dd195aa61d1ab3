import { Form, Link, useNavigation } from "react-router";
import { formatShortCalendarDate } from "#domain/calendar-days";
import { centsOfDollars, formatPrice } from "#domain/prices";
import { CASE_KIND_LABELS, resolveCaseSchema } from "#modules/bookings/cases";
import { dayIn } from "#modules/bookings/events";
import { listCases, moneyAlerts, resolveCase } from "#modules/bookings/server";
import { runCommand } from "#server/render/page-command";
import { Button } from "#ui/button";
import { TextAreaField } from "#ui/form-fields";
import { TextField } from "#ui/text-field";
import { LIMITS } from "#domain/limits";
import type { RouteHandle } from "../root";
import { requireAdmin } from "./admin.server";
import type { Route } from "./+types/admin.cases";

export const handle: RouteHandle = { queryParams: ["status"] };

export function meta() {
  return [{ title: "Cases" }, { name: "robots", content: "noindex" }];
}

/** The admins' queue of problems reported on bookings: the open ones, or those resolved. */
export async function loader({ context, url }: Route.LoaderArgs) {
  requireAdmin(context, url);
  const status = url.searchParams.get("status") === "resolved" ? "resolved" : "open";
  return { status, cases: await listCases(context.db, status), alerts: await moneyAlerts(context.db) };
}

/** Resolving a case here runs the API's command. */
export async function action({ context, request }: Route.ActionArgs) {
  requireAdmin(context, new URL(request.url));
  const form = await request.formData();
  const caseId = Number(form.get("caseId"));
  const result = await runCommand(
    context,
    resolveCaseSchema,
    {
      refund_cents: centsOfDollars(String(form.get("refund") ?? "0") || "0") ?? -1,
      note: String(form.get("note") ?? ""),
    },
    ({ db, jobs, viewer }, input) => resolveCase(db, jobs, viewer, caseId, input),
  );
  return result.ok
    ? { caseId, message: "Case resolved", errors: {} as Record<string, string[]> }
    : { caseId, message: result.message, errors: result.errors };
}

export default function AdminCases({ loaderData, actionData }: Route.ComponentProps) {
  const { status, cases, alerts } = loaderData;
  const submitting = useNavigation().state === "submitting";
  return (
    <>
      <h1 className="text-2xl font-bold">Cases</h1>
      <p className="mt-2 text-gray-700">
        Problems the two sides of a booking reported. Read the booking and its conversation, then resolve: a refund of
        any part of what was paid (owed by the act) and a note both sides read.
      </p>
      <nav aria-label="Cases by status" className="mt-4 flex gap-4 text-sm">
        <Link to="/admin/cases" aria-current={status === "open" ? "page" : undefined} className="underline">
          Open
        </Link>
        <Link
          to="/admin/cases?status=resolved"
          aria-current={status === "resolved" ? "page" : undefined}
          className="underline"
        >
          Resolved
        </Link>
      </nav>
      {cases.length === 0 ? (
        <p className="mt-6 text-gray-700">{status === "open" ? "No open cases." : "No resolved cases yet."}</p>
      ) : (
        <ul className="mt-6 flex flex-col gap-4">
          {cases.map((each) => (
            <li key={each.id} className="rounded-lg bg-white p-4 shadow-sm">
              <article aria-labelledby={`case-${each.id}`}>
                <h2 id={`case-${each.id}`} className="font-semibold">
                  {CASE_KIND_LABELS[each.kind]}: {each.act.name} for {each.event.name}
                </h2>
                <p className="mt-1 text-sm text-gray-700">
                  Reported by {each.reporter} ({each.side === "act" ? "the act" : "the planner"}) on{" "}
                  {formatShortCalendarDate(dayIn(new Date(each.created_at), each.event.time_zone))}.{" "}
                  <Link to={`/bookings/${each.booking}`} className="text-brand-800 underline">
                    Booking {each.booking}
                  </Link>
                  {each.conversation_id !== null && (
                    <>
                      {" · "}
                      <Link to={`/messages/${each.conversation_id}`} className="text-brand-800 underline">
                        Their conversation
                      </Link>
                    </>
                  )}
                </p>
                <p className="mt-2 whitespace-pre-wrap text-sm text-gray-900">“{each.details}”</p>
                {each.status === "resolved" ? (
                  <p className="mt-2 text-sm text-gray-800">
                    Resolved: “{each.note}”{" "}
                    {each.refund_cents ? `Refund owed: ${formatPrice(each.refund_cents)}.` : "No refund."}
                  </p>
                ) : (
                  <Form
                    method="post"
                    className="mt-3 grid gap-3 sm:grid-cols-3"
                    aria-label={`Resolve the case on booking ${each.booking}`}
                    noValidate
                  >
                    <input type="hidden" name="caseId" value={each.id} />
                    <TextField
                      label="Refund to the planner (USD)"
                      name="refund"
                      inputMode="decimal"
                      defaultValue="0"
                      errors={actionData?.caseId === each.id ? actionData.errors.refund_cents : undefined}
                    />
                    <div className="sm:col-span-2">
                      <TextAreaField
                        label="Note to both sides"
                        name="note"
                        max={LIMITS.cancelReason}
                        errors={actionData?.caseId === each.id ? actionData.errors.note : undefined}
                      />
                    </div>
                    {actionData?.caseId === each.id && !Object.keys(actionData.errors).length && (
                      <p role="alert" className="text-sm sm:col-span-3">
                        {actionData.message}
                      </p>
                    )}
                    <div className="sm:col-span-3">
                      <Button type="submit" disabled={submitting}>
                        Resolve
                      </Button>
                    </div>
                  </Form>
                )}
              </article>
            </li>
          ))}
        </ul>
      )}
      <MoneyToWatch alerts={alerts} />
    </>
  );
}

/** Card money an admin settles by hand: debts of acts, refused releases, and Stripe events not applied. */
function MoneyToWatch({ alerts }: { alerts: Route.ComponentProps["loaderData"]["alerts"] }) {
  if (!alerts.actsOwing.length && !alerts.refusedReleases.length && !alerts.eventsNotApplied.length) return null;
  return (
    <section aria-labelledby="money-to-watch" className="mt-10">
      <h2 id="money-to-watch" className="text-xl font-bold">
        Card money to settle
      </h2>
      {alerts.actsOwing.length > 0 && (
        <>
          <h3 className="mt-4 font-semibold">Acts owing a refund back</h3>
          <p className="text-sm text-gray-700">
            The planner was refunded; Stripe could not take the act's share back from its account, which had paid out.
          </p>
          <ul className="mt-2 list-disc pl-6 text-sm">
            {alerts.actsOwing.map((owing) => (
              <li key={owing.booking}>
                {owing.act} owes {formatPrice(owing.cents)} on{" "}
                <Link to={`/bookings/${owing.booking}`} className="text-brand-800 underline">
                  booking {owing.booking}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
      {alerts.refusedReleases.length > 0 && (
        <>
          <h3 className="mt-4 font-semibold">Releases Stripe refused</h3>
          <ul className="mt-2 list-disc pl-6 text-sm">
            {alerts.refusedReleases.map((refused) => (
              <li key={refused.paymentId}>
                <Link to={`/bookings/${refused.booking}`} className="text-brand-800 underline">
                  Booking {refused.booking}
                </Link>{" "}
                ({refused.act}): “{refused.error}” It is tried again later.
              </li>
            ))}
          </ul>
        </>
      )}
      {alerts.eventsNotApplied.length > 0 && (
        <>
          <h3 className="mt-4 font-semibold">Stripe events not applied</h3>
          <ul className="mt-2 list-disc pl-6 text-sm">
            {alerts.eventsNotApplied.map((event) => (
              <li key={event.id}>
                <code>{event.type}</code> {event.id}, {formatShortCalendarDate(event.at.slice(0, 10))}: {event.reason}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
