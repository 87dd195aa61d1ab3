// What a booking's two sides agreed, as text both can keep and prove: the terms drawn from the
// booking when the planner signs, the two signatures, and the one string its SHA-256 is taken of.
import { formatCalendarDate } from "#domain/calendar-days";
import { formatPrice } from "#domain/prices";
import { formatEventTime, formatTimeOfDay } from "#domain/time-zones";
import type { BookingAnswer, PaymentAnswer } from "./answers";
import type { AgreementSide } from "./bookings";
import { dayIn } from "./events";
import { POLICY_WORDS } from "./money";

/** The marketplace's terms every agreement carries, in short. */
export const MARKETPLACE_TERMS = [
  "The act performs at the event as offered; the planner pays the amounts above by their days.",
  "Either side may cancel: the cancellation policy above says what comes back to the planner; when the act cancels, everything paid comes back.",
  "Either side may report a problem with the booking; the marketplace reads both sides before any money is released or refunded.",
];

/** A side's signature: the act signs by sending its offer (or making an offering instant), the planner by accepting it (or booking it). */
export interface AgreementSignature {
  side: AgreementSide;
  name: string;
  signed_at: string;
}

/** The agreement as signed: its lines and paragraphs (what the paper draws), and the text they make. */
export interface SignedAgreement {
  lines: [string, string][];
  paragraphs: string[];
  signatures: AgreementSignature[];
  text: string;
}

/** A day on paper: with its year, as it will be read long after ("Saturday, June 12, 2027"). */
export const onPaper = (day: string) => formatCalendarDate(day);

export function paymentLine(payment: Pick<PaymentAnswer, "kind" | "amount_cents" | "due_on">): [string, string] {
  return [
    payment.kind === "deposit" ? "Deposit" : "Balance",
    `${formatPrice(payment.amount_cents)}, due ${onPaper(payment.due_on)}`,
  ];
}

/** When the act plays: its start and end where the event happens, or its start and that the hours were not set. */
export function whenLine(booking: Pick<BookingAnswer, "event">): string {
  const { starttime, time_zone: zone, hours } = booking.event;
  const start = formatEventTime(starttime, zone, new Date(), { year: "always" });
  if (!hours) return `${start} (hours not set)`;
  const end = new Date(new Date(starttime).getTime() + hours * 3_600_000);
  return `${start} to ${formatTimeOfDay(end, zone)} (${hours} ${hours === 1 ? "hour" : "hours"})`;
}

/** How the money is paid, as the agreement says it. */
export function payingLine(booking: Pick<BookingAnswer, "provider" | "payment_instructions">): string {
  if (booking.provider === "stripe")
    return "By card through the marketplace, on the booking's page: the marketplace holds each payment and releases it to the act.";
  return booking.payment_instructions
    ? `Directly to the act: ${booking.payment_instructions}`
    : "Directly to the act, as the act tells the planner (no payment instructions were given).";
}

const SIGNED_LABELS: Record<AgreementSide, string> = {
  act: "Signed for the act",
  planner: "Signed by the planner",
};

/** A signature's line: who, and the day and time where the event happens (the days people read are the event's). */
const signatureLine = (signature: AgreementSignature, timeZone: string | null): [string, string] => [
  SIGNED_LABELS[signature.side],
  `${signature.name}, on ${onPaper(dayIn(new Date(signature.signed_at), timeZone))} at ${formatTimeOfDay(signature.signed_at, timeZone)}`,
];

/**
 * The agreement both sides sign: who, where and when, what the act does, the amounts and their
 * days, how they are paid, the policy, the terms and the two signatures. Day-of contacts are not
 * part of it (a phone may change without changing what was agreed).
 */
export function signAgreement(
  booking: Omit<BookingAnswer, "agreement">,
  signatures: AgreementSignature[],
  /** How the act signed: by sending its offer, or by making the offering bookable at once. */
  madeBy: "offer" | "instant" = "offer",
): SignedAgreement {
  const policy = POLICY_WORDS[booking.cancellation_policy];
  const lines: [string, string][] = [
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
    ...signatures.map((signature) => signatureLine(signature, booking.event.time_zone)),
  ];
  const paragraphs = [
    ...(booking.terms ? [`The act's own terms: ${booking.terms}`] : []),
    "The marketplace's terms:",
    ...MARKETPLACE_TERMS,
    madeBy === "instant"
      ? "The act agreed to this by making its offering bookable at once, and the planner by booking it."
      : "The act agreed to this by sending its offer, and the planner by accepting it.",
  ];
  return { lines, paragraphs, signatures, text: agreementText(lines, paragraphs) };
}

/** The one string the digest is taken of: each line as "Label: value", a blank line, each paragraph; LF endings. */
export function agreementText(lines: [string, string][], paragraphs: string[]): string {
  return `${lines.map(([label, value]) => `${label}: ${value}`).join("\n")}\n\n${paragraphs.join("\n")}\n`;
}
