// The booking's paper: the agreement both sides signed by accepting, and a receipt of each payment.
import { createHash } from "node:crypto";
import { formatShortCalendarDate } from "#modules/availability/calendar-days";
import { formatPrice } from "#domain/prices";
import type { Paper } from "./pdf/paper";
import { drawOnPdfThread } from "./pdf/pdf-thread";
import type { BookingAnswer, PaymentAnswer } from "../answers";
import { dayIn } from "../events";
import { PAYMENT_METHOD_NAMES, POLICY_WORDS } from "../money";

/** The marketplace's terms every agreement carries, in short. */
export const MARKETPLACE_TERMS = [
  "The act performs at the event as offered; the planner pays the amounts below by their days.",
  "Either side may cancel: the cancellation policy below says what comes back to the planner; when the act cancels, everything paid comes back.",
  "Either side may report a problem with the booking; the marketplace reads both sides before any money is released or refunded.",
];

/** Papers made lately, by a hash of everything they say: a document asked again is not drawn again. */
const made = new Map<string, Promise<Buffer>>();
const MAX_CACHED_PAPERS = 200;

/**
 * One document, from what it says: drawn once, on the PDF worker (embedding the fonts' subsets
 * is most of the work), and kept while it is among the last 200 asked for on this server. A
 * booking's change changes its words, and so its key.
 */
function render(paper: Paper): Promise<Buffer> {
  const key = createHash("sha256").update(JSON.stringify(paper)).digest("hex");
  const kept = made.get(key);
  if (kept) {
    made.delete(key);
    made.set(key, kept);
    return kept;
  }
  const drawing = drawOnPdfThread(paper);
  made.set(key, drawing);
  drawing.catch(() => made.delete(key));
  if (made.size > MAX_CACHED_PAPERS) made.delete(made.keys().next().value!);
  return drawing;
}

function paymentLine(payment: PaymentAnswer): [string, string] {
  return [
    payment.kind === "deposit" ? "Deposit" : "Balance",
    `${formatPrice(payment.amount_cents)}, due ${formatShortCalendarDate(payment.due_on)}`,
  ];
}

/** The booking agreement: the offer's terms, both names, the event, the amounts, the policy, the marketplace's terms. */
export function agreementPdf(booking: BookingAnswer, acceptedFrom: string | null): Promise<Buffer> {
  const policy = POLICY_WORDS[booking.cancellation_policy];
  return render({
    title: `Booking agreement ${booking.number}`,
    lines: [
      ["Booking", booking.number],
      ["Event", `${booking.event.name}, ${booking.event.short_starttime}, ${booking.event.location}`],
      ["Act", `${booking.act.name} (managed by ${booking.contacts.act.name})`],
      ["Planner", booking.planner.name],
      ["Price", formatPrice(booking.price_cents)],
      ...booking.payments.map(paymentLine),
      ["Cancellation policy", `${policy.name}. ${policy.rule}`],
      [
        "Accepted",
        `by ${booking.agreement.accepted_by} on ${formatShortCalendarDate(dayIn(new Date(booking.agreement.accepted_at), booking.event.time_zone))}${acceptedFrom ? ` from ${acceptedFrom}` : ""}`,
      ],
    ],
    paragraphs: [
      ...(booking.terms ? [`The act's own terms: ${booking.terms}`] : []),
      "The marketplace's terms:",
      ...MARKETPLACE_TERMS,
      "Accepting the offer signed this agreement for both sides.",
    ],
  });
}

/** A receipt of one payment the planner made. */
export function receiptPdf(booking: BookingAnswer, payment: PaymentAnswer): Promise<Buffer> {
  return render({
    title: `Receipt: booking ${booking.number}`,
    lines: [
      ["Booking", booking.number],
      ["Event", `${booking.event.name}, ${booking.event.short_starttime}, ${booking.event.location}`],
      ["Paid by", booking.planner.name],
      ["Paid to", booking.act.name],
      [payment.kind === "deposit" ? "Deposit" : "Balance", formatPrice(payment.amount_cents)],
      ["Paid on", payment.paid_on ? formatShortCalendarDate(payment.paid_on) : "—"],
      ["How", payment.method ? PAYMENT_METHOD_NAMES[payment.method] : "—"],
      ...(payment.refunded_cents > 0 ? [["Refunded", formatPrice(payment.refunded_cents)] as [string, string]] : []),
    ],
    paragraphs: [
      booking.provider === "offline"
        ? "Paid to the act directly; the act recorded it on the booking."
        : "Paid through the marketplace.",
    ],
  });
}

/** One booking's line on an act's statement: what reached the act, and our fee on it. */
export interface StatementLine {
  number: string;
  event: string;
  day: string;
  receivedCents: number;
  feeCents: number;
}

/** An act's statement: what it was paid, booking by booking, and in all. */
export function statementPdf(act: { name: string }, lines: StatementLine[], today: string): Promise<Buffer> {
  const received = lines.reduce((sum, line) => sum + line.receivedCents, 0);
  const fees = lines.reduce((sum, line) => sum + line.feeCents, 0);
  return render({
    title: `Statement: ${act.name}`,
    lines: [
      ["Act", act.name],
      ["As of", formatShortCalendarDate(today)],
      ["Received in all", formatPrice(received)],
      ...(fees ? [["Platform fees", formatPrice(fees)] as [string, string]] : []),
      ...lines.map((line): [string, string] => [
        `Booking ${line.number}`,
        `${line.event}, ${formatShortCalendarDate(line.day)}: ${formatPrice(line.receivedCents)} received${line.feeCents ? ` (fee ${formatPrice(line.feeCents)})` : ""}`,
      ]),
    ],
    paragraphs: [
      lines.length
        ? "What reached the act for each booking: paid to it directly and recorded, or released to it by the marketplace, less refunds it paid back or that were taken back."
        : "Nothing has been paid to the act yet.",
    ],
  });
}
