import { formatEventTime } from "#domain/time-zones";
import { addDays } from "#domain/calendar-days";
import { Form, Link, useNavigation } from "react-router";
import { formatShortCalendarDate } from "#domain/calendar-days";
import { formatPrice } from "#domain/prices";
import type { BookingAnswer, CaseAnswer, LedgerLineAnswer } from "../answers";
import { type CancellingSide, POLICY_WORDS } from "../money";
import { dayIn } from "../events";
import { CancelBookingDialog } from "./cancel-booking-dialog";
import { ReportProblem } from "./report-problem";
import { PaymentList } from "./payment-list";
import { PaymentMethodSelect } from "./payment-method-select";
import { BookingLedger } from "./booking-ledger";
import { Badge, type BadgeColor } from "#ui/badge";
import { Button } from "#ui/button";
import { TextField } from "#ui/text-field";

const STATUS: Record<BookingAnswer["status"], { label: string; color: BadgeColor }> = {
  confirmed: { label: "Confirmed", color: "green" },
  completed: { label: "Completed", color: "blue" },
  cancelled: { label: "Cancelled", color: "red" },
};

/** What the booking's page shows: its loader's answer (app/routes/bookings.$number.server.ts). */
export interface BookingPageData {
  booking: BookingAnswer;
  side: CancellingSide | null;
  quote: { refund_cents: number; kept_cents: number } | null;
  cases: CaseAnswer[];
  ledger: LedgerLineAnswer[] | null;
  paidNow: number | null;
  today: string;
  started: boolean;
}

/** What the page's action answers: a payment's or a report's outcome, with its field errors. */
export interface BookingActionData {
  paymentId: number;
  report: boolean;
  ok: boolean;
  message: string;
  errors: Record<string, string[]>;
}

/**
 * A booking as its two sides and admins see it: the agreement, the money and what is due, a
 * card payment or one made directly, refunds owed, cancelling, reporting a problem, cases and,
 * for admins, the ledger.
 */
export function BookingView({
  data,
  actionData,
}: {
  data: BookingPageData;
  actionData: BookingActionData | undefined;
}) {
  const { booking, side, quote, cases, ledger, today, paidNow, started } = data;
  const balanceDue = booking.payments.find((payment) => payment.kind === "balance" && payment.status === "due");
  const policy = POLICY_WORDS[booking.cancellation_policy];
  const submitting = useNavigation().state === "submitting";
  // What is owed back is recorded against the payment with the most left to refund, up to what is owed.
  const refundFrom =
    booking.refund_owed_cents > 0
      ? booking.payments
          .filter((payment) => payment.status !== "due" && payment.amount_cents > payment.refunded_cents)
          .sort((a, b) => b.amount_cents - b.refunded_cents - (a.amount_cents - a.refunded_cents))[0]
      : undefined;
  const refundable = refundFrom
    ? Math.min(booking.refund_owed_cents, refundFrom.amount_cents - refundFrom.refunded_cents)
    : 0;
  return (
    <article className="mx-auto max-w-3xl" aria-labelledby="booking-heading">
      <p className="text-sm text-gray-700">
        <Link to={side === "act" ? "/invites" : "/events"} className="text-brand-800 underline">
          {side === "act" ? "Invites" : "Events"}
        </Link>
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 id="booking-heading" className="text-2xl font-bold">
          Booking {booking.number}
        </h1>
        <Badge color={STATUS[booking.status].color}>{STATUS[booking.status].label}</Badge>
      </div>
      <p className="mt-2 text-gray-800">
        <Link to={`/entertainment/${booking.act.url}`} className="font-semibold text-brand-800 underline">
          {booking.act.name}
        </Link>{" "}
        for {booking.event.name}, {booking.event.short_starttime}, {booking.event.location}. Planner:{" "}
        {booking.planner.name}.
      </p>

      <section aria-labelledby="money-heading" className="mt-6 rounded-lg bg-white p-4 shadow-sm">
        <h2 id="money-heading" className="text-lg font-semibold">
          Price and payments
        </h2>
        <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
          <dt className="text-gray-700">Price</dt>
          <dd className="font-semibold">{formatPrice(booking.price_cents)}</dd>
          <dt className="text-gray-700">Paid so far</dt>
          <dd className="font-semibold">{formatPrice(booking.paid_cents)}</dd>
          <dt className="text-gray-700">Deposit</dt>
          <dd>{formatPrice(booking.deposit_cents)}</dd>
          <dt className="text-gray-700">Balance</dt>
          <dd>{formatPrice(booking.balance_cents)}</dd>
        </dl>
        {booking.refund_owed_cents > 0 && (
          <p role="status" className="mt-2 rounded-md bg-amber-50 p-2 text-sm font-semibold text-amber-950">
            {booking.provider === "offline"
              ? `${formatPrice(booking.refund_owed_cents)} owed back to the planner`
              : `${formatPrice(booking.refund_owed_cents)} is being refunded to the planner's card`}
          </p>
        )}
        <p className="mt-2 text-sm text-gray-700">
          {booking.provider === "offline"
            ? "The planner pays the act directly; the act records each payment here."
            : "The planner pays by card through us. We hold each payment and release it to the act: the deposit once it can no longer come back, the balance two days after the event, unless a problem is reported."}
        </p>
        {booking.provider === "offline" && (
          <div className="mt-2 rounded-md border border-gray-200 p-3 text-sm">
            <h3 className="font-semibold">How to pay {booking.act.name}</h3>
            <p className="mt-1 whitespace-pre-wrap text-gray-800">
              {booking.payment_instructions ??
                (side === "act"
                  ? "You have not said how planners pay you: add payment instructions on My Acts."
                  : `${booking.act.name} has not given payment instructions yet: ask them in your conversation.`)}
            </p>
          </div>
        )}
        {paidNow && booking.payments.some((payment) => payment.id === paidNow && payment.status === "due") && (
          <p role="status" className="mt-2 rounded-md bg-blue-50 p-2 text-sm text-blue-950">
            Thank you: Stripe is confirming your payment. It shows as paid here in a moment.
          </p>
        )}
        <PaymentList number={booking.number} payments={booking.payments} cancelled={booking.status === "cancelled"} />
        {side === "planner" && booking.card_saved_at && booking.status === "confirmed" && balanceDue && (
          <p role="status" className="mt-2 rounded-md bg-emerald-50 p-2 text-sm text-emerald-950">
            Your card is saved for this booking: the balance of {formatPrice(balanceDue.amount_cents)} is charged to it
            on {formatShortCalendarDate(balanceDue.due_on)}, and you are told 3 days before. Paying it here first stops
            that.
          </p>
        )}
        {side === "planner" &&
          booking.provider === "stripe" &&
          booking.status === "confirmed" &&
          booking.payments
            .filter((payment) => payment.status === "due")
            .map((payment) => (
              <Form key={payment.id} method="post" className="mt-3" aria-label={`Pay the ${payment.kind} by card`}>
                <input type="hidden" name="paymentId" value={payment.id} />
                <input type="hidden" name="intent" value="checkout" />
                {payment.kind === "deposit" && balanceDue && !booking.card_saved_at && (
                  <label className="mb-2 flex items-start gap-2 text-sm">
                    <input type="checkbox" name="save_card" value="1" className="mt-1" />
                    <span>
                      Save my card and charge the balance of {formatPrice(balanceDue.amount_cents)} to it on{" "}
                      {formatShortCalendarDate(balanceDue.due_on)} (told 3 days before; Stripe keeps the card, we never
                      see it)
                    </span>
                  </label>
                )}
                <Button type="submit" disabled={submitting}>
                  Pay the {payment.kind} of {formatPrice(payment.amount_cents)} by card
                </Button>
                {actionData?.paymentId === payment.id && (
                  <p role="alert" className="mt-2 text-sm">
                    {actionData.message}
                  </p>
                )}
              </Form>
            ))}
        {side === "act" &&
          booking.provider === "offline" &&
          booking.status === "confirmed" &&
          booking.payments
            .filter((payment) => payment.status === "due")
            .map((payment) => (
              <Form
                key={payment.id}
                method="post"
                className="mt-4 grid gap-3 rounded-md border border-gray-200 p-3 sm:grid-cols-3"
                aria-label={`Record the ${payment.kind} as paid`}
                noValidate
              >
                <input type="hidden" name="paymentId" value={payment.id} />
                <p className="text-sm font-medium sm:col-span-3">
                  Record the {payment.kind} of {formatPrice(payment.amount_cents)} as paid
                </p>
                <PaymentMethodSelect label="How it was paid" />
                <TextField
                  label="Paid on"
                  name="paid_on"
                  type="date"
                  min={addDays(today, -365)}
                  max={today}
                  defaultValue={today}
                  errors={actionData?.paymentId === payment.id ? actionData.errors.paid_on : undefined}
                />
                <TextField
                  label="Note (optional)"
                  name="note"
                  errors={actionData?.paymentId === payment.id ? actionData.errors.note : undefined}
                />
                {actionData?.paymentId === payment.id && (
                  <p role="alert" className="text-sm sm:col-span-3">
                    {Object.keys(actionData.errors).length
                      ? (actionData.errors.method?.[0] ?? actionData.message)
                      : actionData.message}
                  </p>
                )}
                <div className="sm:col-span-3">
                  <Button type="submit" disabled={submitting}>
                    Record payment
                  </Button>
                </div>
              </Form>
            ))}
        {side === "act" && booking.provider === "offline" && refundFrom && (
          <Form
            method="post"
            className="mt-4 grid gap-3 rounded-md border border-gray-200 p-3 sm:grid-cols-3"
            aria-label="Record money paid back to the planner"
            noValidate
          >
            <input type="hidden" name="paymentId" value={refundFrom.id} />
            <input type="hidden" name="intent" value="refund" />
            <p className="text-sm font-medium sm:col-span-3">
              Record money paid back to the planner (at most {formatPrice(refundable)})
            </p>
            <TextField
              label="Amount refunded (USD)"
              name="amount"
              inputMode="decimal"
              defaultValue={(refundable / 100).toFixed(2)}
              errors={actionData?.paymentId === refundFrom.id ? actionData.errors.amount_cents : undefined}
            />
            <PaymentMethodSelect label="How it was paid back" />
            <TextField
              label="Paid back on"
              name="paid_on"
              type="date"
              min={addDays(today, -365)}
              max={today}
              defaultValue={today}
            />
            {actionData?.paymentId === refundFrom.id && (
              <p role="alert" className="text-sm sm:col-span-3">
                {actionData.errors.method?.[0] ?? actionData.errors.paid_on?.[0] ?? actionData.message}
              </p>
            )}
            <div className="sm:col-span-3">
              <Button type="submit" disabled={submitting}>
                Record refund
              </Button>
            </div>
          </Form>
        )}
      </section>

      <section aria-labelledby="policy-heading" className="mt-6 rounded-lg bg-white p-4 shadow-sm">
        <h2 id="policy-heading" className="text-lg font-semibold">
          Cancellation: {policy.name}
        </h2>
        <p className="mt-1 text-sm text-gray-800">{policy.rule} If the act cancels, everything paid comes back.</p>
        {booking.terms && (
          <p className="mt-1 whitespace-pre-wrap text-sm text-gray-800">The act's terms: {booking.terms}</p>
        )}
        {quote && booking.status === "confirmed" && !started && (
          <>
            <p className="mt-2 text-sm text-gray-800">
              If you cancelled today: {formatPrice(quote.refund_cents)} back to the planner,{" "}
              {formatPrice(quote.kept_cents)} kept by the act.
            </p>
            <div className="mt-3">
              <CancelBookingDialog number={booking.number} eventName={booking.event.name} quote={quote} />
            </div>
          </>
        )}
        {booking.cancellation && (
          <p className="mt-2 text-sm text-gray-800" role="status">
            Cancelled by {booking.cancellation.by === "act" ? "the act" : "the planner"} on{" "}
            {formatShortCalendarDate(dayIn(new Date(booking.cancellation.at), booking.event.time_zone))}: “
            {booking.cancellation.reason}”.
          </p>
        )}
      </section>

      <ReportProblem
        cases={cases}
        side={side}
        status={booking.status}
        provider={booking.provider}
        started={started}
        result={actionData?.report && !actionData.ok ? actionData : undefined}
        submitting={submitting}
      />

      {ledger && <BookingLedger lines={ledger} />}

      <section aria-labelledby="agreement-heading" className="mt-6 rounded-lg bg-white p-4 shadow-sm">
        <h2 id="agreement-heading" className="text-lg font-semibold">
          Agreement
        </h2>
        <p className="mt-1 text-sm text-gray-800">
          {booking.agreement.accepted_by} accepted the offer on{" "}
          {formatShortCalendarDate(dayIn(new Date(booking.agreement.accepted_at), booking.event.time_zone))}: the price,
          the payments above, the cancellation policy and the marketplace's terms.
        </p>
        <h3 id="signatures-heading" className="mt-3 text-sm font-semibold">
          Signed
        </h3>
        <ul aria-labelledby="signatures-heading" className="mt-1 text-sm text-gray-800">
          {booking.agreement.signatures.map((signature) => (
            <li key={signature.side}>
              {signature.side === "act" ? "For the act" : "The planner"}: {signature.name},{" "}
              <time dateTime={signature.signed_at}>
                {formatEventTime(signature.signed_at, booking.event.time_zone, new Date(), { year: "always" })}
              </time>
            </li>
          ))}
        </ul>
        <p className="mt-2 text-sm text-gray-800">
          SHA-256 of the signed text:{" "}
          <code className="break-all rounded bg-gray-100 px-1 text-xs">{booking.agreement.sha256}</code>
        </p>
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer text-brand-800 underline">Read the signed text</summary>
          <pre className="mt-2 whitespace-pre-wrap break-words rounded bg-gray-50 p-2 text-xs text-gray-900">
            {booking.agreement.text}
          </pre>
        </details>
        <p className="mt-2 text-sm">
          <a href={`/bookings/${booking.number}/agreement.pdf`} className="text-brand-800 underline" download>
            Download the agreement (PDF)
          </a>
        </p>
        <h3 className="mt-3 text-sm font-semibold">On the day</h3>
        <ul className="mt-1 text-sm text-gray-800">
          {(
            [
              ["The act", booking.contacts.act],
              ["The planner", booking.contacts.planner],
            ] as const
          ).map(([who, contact]) => (
            <li key={who}>
              {who}: {contact.name}
              {contact.email && `, ${contact.email}`}
              {contact.phone ? `, ${contact.phone}` : side ? ", no phone given" : ""}
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}
