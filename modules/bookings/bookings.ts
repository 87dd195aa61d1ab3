import { REMINDER_TIME, dayIn } from "./events";
import { wallTimeToInstant } from "#domain/time-zones";

/**
 * A booking's number: read aloud on the phone and typed from an email, so it has no dashes and
 * none of the characters people confuse (0 and O, 1 and I and L, 5 and S, 8 and B, U and V).
 */
export const BOOKING_NUMBER_ALPHABET = "ACDEFGHJKMNPQRTWXY234679";
export const BOOKING_NUMBER_LENGTH = 8;
export const BOOKING_NUMBER_PATTERN = /^[A-Z0-9]{6,12}$/;

/** A new booking number from `random` bytes (one per character). */
export function bookingNumberFrom(random: Uint8Array): string {
  return Array.from(
    random.slice(0, BOOKING_NUMBER_LENGTH),
    (byte) => BOOKING_NUMBER_ALPHABET[byte % BOOKING_NUMBER_ALPHABET.length],
  ).join("");
}

/** What a booking is: confirmed when made, completed the day after its event, or cancelled. */
export const BOOKING_STATUSES = ["confirmed", "completed", "cancelled"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/**
 * A booking's state as people read it: a confirmed booking is completed from the day after its
 * event's day, where the event happens, whether or not the morning's job has run.
 */
export function bookingStatusAt(
  stored: BookingStatus,
  eventStart: Date,
  timeZone: string | null,
  now = new Date(),
): BookingStatus {
  if (stored !== "confirmed") return stored;
  return dayIn(now, timeZone) > dayIn(eventStart, timeZone) ? "completed" : stored;
}

/** The days before the event its two sides are reminded of it. */
export const EVENT_REMINDER_DAYS = [7, 1] as const;

function shiftDay(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** The morning `days` before (or, negative, after) the event's day, where the event happens. */
export function morningAround(eventStart: Date, timeZone: string | null, days: number): Date {
  return wallTimeToInstant(`${shiftDay(dayIn(eventStart, timeZone), -days)}T${REMINDER_TIME}`, timeZone ?? "UTC");
}

/** The morning of a day (YYYY-MM-DD), where the event happens. */
export function morningOf(day: string, timeZone: string | null): Date {
  return wallTimeToInstant(`${day}T${REMINDER_TIME}`, timeZone ?? "UTC");
}

/** A day `days` after (negative: before) a day, both YYYY-MM-DD. */
export function dayAfter(day: string, days: number): string {
  return shiftDay(day, days);
}

/** What the planner pays and when: a deposit on the booking's day, the balance two weeks before the event. */
export const PAYMENT_KINDS = ["deposit", "balance"] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];
export const PAYMENT_STATUSES = ["due", "paid", "refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const BALANCE_DAYS_BEFORE = 14;
/** The payer is reminded 3 days before a payment's day, and on the day. */
export const PAYMENT_REMINDER_DAYS = [3, 0] as const;

/**
 * A booking's payments, each due on a day where the event happens: the deposit on the booking's
 * day (none when it is 0), the balance 14 days before the event's day, or on the booking's day
 * when the event is sooner (none when the deposit is the whole price).
 */
export function paymentSchedule(
  priceCents: number,
  depositCents: number,
  bookedOn: string,
  eventDay: string,
): { kind: PaymentKind; amountCents: number; dueOn: string }[] {
  const schedule: { kind: PaymentKind; amountCents: number; dueOn: string }[] = [];
  if (depositCents > 0) schedule.push({ kind: "deposit", amountCents: depositCents, dueOn: bookedOn });
  const balance = priceCents - depositCents;
  const balanceDay = shiftDay(eventDay, -BALANCE_DAYS_BEFORE);
  if (balance > 0)
    schedule.push({ kind: "balance", amountCents: balance, dueOn: balanceDay > bookedOn ? balanceDay : bookedOn });
  return schedule;
}

/** How the planner pays: by card through us, or directly to the act by its instructions. */
export type Paying = { by: "card" } | { by: "direct"; instructions: string | null };

/** What a planner reads before committing: the payments accepting would schedule, and how they are paid. */
export interface AcceptTerms {
  schedule: { kind: PaymentKind; amount_cents: number; due_on: string }[];
  paying: Paying;
}

/** The two sides that sign a booking's agreement (modules/bookings/agreement.ts). */
export const AGREEMENT_SIDES = ["act", "planner"] as const;
export type AgreementSide = (typeof AGREEMENT_SIDES)[number];
