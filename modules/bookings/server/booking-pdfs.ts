// The booking's paper: the agreement both sides signed by accepting, and a receipt of each payment.
import { createHash } from "node:crypto";
import { formatPrice } from "#domain/prices";
import type { Paper } from "./pdf/paper";
import { drawOnPdfThread } from "./pdf/pdf-thread";
import type { BookingAnswer, PaymentAnswer } from "../answers";
import { PAYMENT_METHOD_NAMES } from "../money";
import { onPaper, whenLine } from "../agreement";
import type { StoredAgreement } from "./tables";

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

/** A side on the day: its name, email and phone. */
function contactOnTheDay(contact: BookingAnswer["contacts"]["act"]): string {
  return [contact.name, contact.email, contact.phone ?? "no phone given"].filter(Boolean).join(", ");
}

/**
 * The booking agreement: what both sides signed, line for line as it was signed (who, where and
 * when, what the act does, the amounts and their days, how they are paid, the policy, the terms and
 * both signatures), then the day-of contacts as they are now and the digest that proves the rest.
 */
export function agreementPdf(
  booking: BookingAnswer,
  agreement: StoredAgreement,
  acceptedFrom: string | null,
): Promise<Buffer> {
  return render({
    title: `Booking agreement ${booking.number}`,
    lines: [
      ...agreement.lines,
      ...(acceptedFrom ? [["Accepted from", acceptedFrom] as [string, string]] : []),
      ["The act on the day", contactOnTheDay(booking.contacts.act)],
      ["The planner on the day", contactOnTheDay(booking.contacts.planner)],
      ["SHA-256", agreement.sha256],
    ],
    paragraphs: [
      ...agreement.paragraphs,
      `The SHA-256 above is the digest of the agreement's text as both sides signed it (the lines from Booking to the signatures, then these paragraphs, as the booking's page gives it): any change to what was agreed changes it. The day-of contacts are not part of it.`,
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
