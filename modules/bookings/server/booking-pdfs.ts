// The booking's paper: the agreement both sides signed by accepting, and a receipt of each payment.
import { createHash } from "node:crypto";
import { formatCalendarDate } from "#domain/calendar-days";
import { formatEventTime, formatTimeOfDay } from "#domain/time-zones";
import { formatPrice } from "#domain/prices";
import type { Paper } from "./pdf/paper";
import { drawOnPdfThread } from "./pdf/pdf-thread";
import type { BookingAnswer, PaymentAnswer } from "../answers";
import { dayIn } from "../events";
import { PAYMENT_METHOD_NAMES, POLICY_WORDS } from "../money";

/** The marketplace's terms every agreement carries, in short. */
export const MARKETPLACE_TERMS = [
  "The act performs at the event as offered; the planner pays the amounts above by their days.",
  "Either side may cancel: the cancellation policy above says what comes back to the planner; when the act cancels, everything paid comes back.",
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

/** A day on paper: with its year, as it will be read long after ("Saturday, June 12, 2027"). */
const onPaper = (day: string) => formatCalendarDate(day);

function paymentLine(payment: PaymentAnswer): [string, string] {
  return [
    payment.kind === "deposit" ? "Deposit" : "Balance",
    `${formatPrice(payment.amount_cents)}, due ${onPaper(payment.due_on)}`,
  ];
}

/** When the act plays: its start and end where the event happens, or its start and that the hours were not set. */
function whenLine(booking: BookingAnswer): string {
  const { starttime, time_zone: zone, hours } = booking.event;
  const start = formatEventTime(starttime, zone, new Date(), { year: "always" });
  if (!hours) return `${start} (hours not set)`;
  const end = new Date(new Date(starttime).getTime() + hours * 3_600_000);
  return `${start} to ${formatTimeOfDay(end, zone)} (${hours} ${hours === 1 ? "hour" : "hours"})`;
}

/** A side on the day: its name, email and phone. */
function contactOnTheDay(contact: BookingAnswer["contacts"]["act"]): string {
  return [contact.name, contact.email, contact.phone ?? "no phone given"].filter(Boolean).join(", ");
}

/** How the money is paid, as the agreement says it. */
function payingLine(booking: BookingAnswer): string {
  if (booking.provider === "stripe")
    return "By card through the marketplace, on the booking's page: the marketplace holds each payment and releases it to the act.";
  return booking.payment_instructions
    ? `Directly to the act: ${booking.payment_instructions}`
    : "Directly to the act, as the act tells the planner (no payment instructions were given).";
}

/**
 * The booking agreement: who, where and when, what the act does, the amounts and their days,
 * how they are paid, the policy, the terms, and who accepted when.
 */
export function agreementPdf(booking: BookingAnswer, acceptedFrom: string | null): Promise<Buffer> {
  const policy = POLICY_WORDS[booking.cancellation_policy];
  const accepted = onPaper(dayIn(new Date(booking.agreement.accepted_at), booking.event.time_zone));
  return render({
    title: `Booking agreement ${booking.number}`,
    lines: [
      ["Booking", booking.number],
      ["Event", booking.event.name],
      ["Where", booking.event.venue ? `${booking.event.venue}, ${booking.event.location}` : booking.event.location],
      ["When", whenLine(booking)],
      ["Act", `${booking.act.name} (managed by ${booking.contacts.act.name})`],
      ["Planner", booking.planner.name],
      ["Services", booking.services || "As offered in the act's offer: no further description was given."],
      ["Price", formatPrice(booking.price_cents)],
      ...booking.payments.map(paymentLine),
      ["Paying", payingLine(booking)],
      ["Cancellation policy", `${policy.name}. ${policy.rule} If the act cancels, everything paid comes back.`],
      ["The act on the day", contactOnTheDay(booking.contacts.act)],
      ["The planner on the day", contactOnTheDay(booking.contacts.planner)],
      ["Accepted", `by ${booking.agreement.accepted_by} on ${accepted}${acceptedFrom ? ` from ${acceptedFrom}` : ""}`],
    ],
    paragraphs: [
      ...(booking.terms ? [`The act's own terms: ${booking.terms}`] : []),
      "The marketplace's terms:",
      ...MARKETPLACE_TERMS,
      "The act agreed to this by sending its offer, and the planner by accepting it.",
    ],
  });
}

/**
 * A receipt of one payment the planner made, numbered by booking and payment: issued by the act
 * for money paid to it directly, by the marketplace (on the act's behalf) for a card payment.
 */
export function receiptPdf(booking: BookingAnswer, payment: PaymentAnswer): Promise<Buffer> {
  const issuer =
    booking.provider === "stripe"
      ? `EVA, the marketplace, on behalf of ${booking.act.name}`
      : `${booking.act.name} (managed by ${booking.contacts.act.name})`;
  return render({
    title: `Receipt ${receiptNumber(booking.number, payment.id)}`,
    lines: [
      ["Receipt", receiptNumber(booking.number, payment.id)],
      ["Issued by", issuer],
      ["Received from", booking.planner.name],
      ["For", `${booking.act.name} at ${booking.event.name}, ${whenLine(booking)}, booking ${booking.number}`],
      [payment.kind === "deposit" ? "Deposit" : "Balance", formatPrice(payment.amount_cents)],
      ["Paid on", payment.paid_on ? onPaper(payment.paid_on) : "—"],
      ["How", payment.method ? PAYMENT_METHOD_NAMES[payment.method] : "—"],
      ...payment.refunds.map((refund): [string, string] => [
        "Refunded",
        `${formatPrice(refund.cents)} on ${onPaper(refund.on)}${booking.provider === "stripe" ? ", to the card" : ""}`,
      ]),
      ["Kept", formatPrice(payment.amount_cents - payment.refunded_cents)],
    ],
    paragraphs: [
      booking.provider === "offline"
        ? `Paid to ${booking.act.name} directly; the act recorded it on the booking.`
        : `Paid by card to the marketplace, which holds it for ${booking.act.name} and releases it to the act.`,
    ],
  });
}

/** "DG6YPW2F-1": a receipt's number, the booking's and the payment's. */
export const receiptNumber = (bookingNumber: string, paymentId: number) => `${bookingNumber}-${paymentId}`;

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
      ["As of", onPaper(today)],
      ["Received in all", formatPrice(received)],
      ...(fees ? [["Platform fees", formatPrice(fees)] as [string, string]] : []),
      ...lines.map((line): [string, string] => [
        `Booking ${line.number}`,
        `${line.event}, ${onPaper(line.day)}: ${formatPrice(line.receivedCents)} received${line.feeCents ? ` (fee ${formatPrice(line.feeCents)})` : ""}`,
      ]),
    ],
    paragraphs: [
      lines.length
        ? "What reached the act for each booking: paid to it directly and recorded, or released to it by the marketplace, less refunds it paid back or that were taken back."
        : "Nothing has been paid to the act yet.",
    ],
  });
}
