import { REMINDER_TIME, dayIn } from "./events";
import { wallTimeToInstant } from "./time-zones";

/**
 * A booking's number: read aloud on the phone and typed from an email, so it has no dashes and
 * none of the characters people confuse (0 and O, 1 and I and L, 5 and S, 8 and B, U and V).
 */
export const BOOKING_NUMBER_ALPHABET = "ACDEFGHJKMNPQRTWXY234679";
export const BOOKING_NUMBER_LENGTH = 8;
export const BOOKING_NUMBER_PATTERN = /^[A-Z0-9]{6,12}$/;

/** A new booking number from `random` bytes (one per character). */
export function bookingNumberFrom(random: Uint8Array): string {
  return Array.from(random.slice(0, BOOKING_NUMBER_LENGTH), (byte) => BOOKING_NUMBER_ALPHABET[byte % BOOKING_NUMBER_ALPHABET.length]).join("");
}

/** What a booking is: confirmed when made, completed the day after its event, or cancelled. */
export const BOOKING_STATUSES = ["confirmed", "completed", "cancelled"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

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
