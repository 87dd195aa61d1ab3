import { formatShortCalendarDate } from "#domain/calendar-days";
import { formatPrice } from "#domain/prices";
import type { PaymentAnswer } from "../answers";
import { PAYMENT_METHOD_NAMES } from "../money";

/** What a payment's state says in words: due on its day, or paid (how and when), or refunded. */
function stateOf(payment: PaymentAnswer, cancelled: boolean): string {
  if (payment.status === "due") return cancelled ? "No longer due" : `Due ${formatShortCalendarDate(payment.due_on)}`;
  const paid = `Paid${payment.paid_on ? ` ${formatShortCalendarDate(payment.paid_on)}` : ""}${payment.method ? `, ${PAYMENT_METHOD_NAMES[payment.method].toLowerCase()}` : ""}`;
  return payment.refunded_cents > 0 ? `${paid}; ${formatPrice(payment.refunded_cents)} refunded` : paid;
}

/** A booking's payments: the deposit and the balance, each with its amount and state. */
export function PaymentList({
  number,
  payments,
  cancelled,
}: {
  number: string;
  payments: PaymentAnswer[];
  cancelled: boolean;
}) {
  if (!payments.length) return <p className="mt-3 text-sm text-gray-700">Nothing to pay.</p>;
  return (
    <ul className="mt-3 divide-y divide-gray-100 text-sm" aria-label="Payments">
      {payments.map((payment) => (
        <li key={payment.id} className="flex flex-wrap justify-between gap-2 py-2">
          <span className="font-medium">
            {payment.kind === "deposit" ? "Deposit" : "Balance"} {formatPrice(payment.amount_cents)}
          </span>
          <span className="flex flex-wrap gap-2">
            <span className={payment.status === "due" ? "text-gray-800" : "text-green-900"}>
              {stateOf(payment, cancelled)}
            </span>
            {payment.status !== "due" && (
              <a href={`/bookings/${number}/receipts/${payment.id}.pdf`} className="text-brand-800 underline" download>
                Receipt<span className="sr-only"> of the {payment.kind}</span> (PDF)
              </a>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}
