import { dayIn } from "../events";
import { Form } from "react-router";
import { formatShortCalendarDate } from "#domain/calendar-days";
import { formatPrice } from "#domain/prices";
import { Button } from "#ui/button";
import { TextAreaField } from "#ui/form-fields";
import type { BookingAnswer, CaseAnswer } from "../answers";
import { CASE_KIND_LABELS, CASE_MESSAGES, KINDS_FROM_THE_START, REPORT_KINDS } from "../cases";
import { LIMITS } from "#domain/limits";

/**
 * A booking's problems: what was reported and how an admin resolved it, and, for its two sides
 * while none is open, a form to report one (the page's action runs the API's command).
 */
export function ReportProblem({
  cases,
  side,
  status,
  provider,
  started,
  result,
  submitting,
}: {
  cases: CaseAnswer[];
  side: "planner" | "act" | null;
  status: BookingAnswer["status"];
  provider: BookingAnswer["provider"];
  /** Whether the event has started: before, nobody has failed to show up or come late. */
  started: boolean;
  result: { message: string; errors: Record<string, string[]> } | undefined;
  submitting: boolean;
}) {
  const open = cases.find((each) => each.status === "open");
  const canReport = side !== null && status !== "cancelled" && !open;
  if (!cases.length && !canReport) return null;
  return (
    <section aria-labelledby="problem-heading" className="mt-6 rounded-lg bg-white p-4 shadow-sm">
      <h2 id="problem-heading" className="text-lg font-semibold">
        {cases.length ? "Problems reported" : "Something went wrong?"}
      </h2>
      {cases.length > 0 && (
        <ul className="mt-2 flex flex-col gap-3 text-sm">
          {cases.map((each) => (
            <li key={each.id} className="rounded-md border border-gray-200 p-3">
              <p className="font-medium">
                {CASE_KIND_LABELS[each.kind]}, reported by {each.reporter} on{" "}
                {formatShortCalendarDate(dayIn(new Date(each.created_at), each.event.time_zone))}
              </p>
              <p className="mt-1 whitespace-pre-wrap text-gray-800">“{each.details}”</p>
              <p className="mt-1 text-gray-800" role="status">
                {each.status === "open"
                  ? "Open: an admin is looking at it and will tell you both what was decided."
                  : `Resolved: “${each.note}” ${refundWords(each.refund_cents, provider)}`}
              </p>
            </li>
          ))}
        </ul>
      )}
      {canReport && (
        <Form method="post" className="mt-3 flex flex-col gap-3" aria-label="Report a problem" noValidate>
          <input type="hidden" name="intent" value="report" />
          <p className="text-sm text-gray-800">
            Tell us what went wrong: an admin reads the booking and your conversation, and decides, with a refund if it
            is due.
          </p>
          <div className="flex flex-col gap-1">
            <label htmlFor="problem-kind" className="text-sm font-medium text-gray-800">
              What went wrong
            </label>
            <select
              id="problem-kind"
              name="kind"
              className="rounded-md border border-gray-300 px-3 py-2"
              aria-invalid={Boolean(result?.errors.kind) || undefined}
              defaultValue=""
            >
              <option value="">{CASE_MESSAGES.kindRequired}</option>
              {REPORT_KINDS.filter((kind) => started || !KINDS_FROM_THE_START.includes(kind)).map((kind) => (
                <option key={kind} value={kind}>
                  {CASE_KIND_LABELS[kind]}
                </option>
              ))}
            </select>
          </div>
          <TextAreaField label="Details" name="details" max={LIMITS.cancelReason} errors={result?.errors.details} />
          {result && (
            <p role="alert" className="text-sm">
              {result.errors.kind?.[0] ?? result.message}
            </p>
          )}
          <div>
            <Button type="submit" disabled={submitting}>
              Report the problem
            </Button>
          </div>
        </Form>
      )}
    </section>
  );
}

/** A resolved case's money, in the words the notices use: by card it goes back to the card, offline the act owes it. */
function refundWords(cents: number | null, provider: BookingAnswer["provider"]): string {
  if (!cents) return "No money changes hands.";
  return provider === "stripe"
    ? `${formatPrice(cents)} is refunded to the planner's card.`
    : `${formatPrice(cents)} is owed back to the planner by the act.`;
}
