export const INVITE_STATES = ["invited", "offered", "booked", "declined", "cancelled"] as const;
export type InviteState = (typeof INVITE_STATES)[number];
import { instantToWallTime, wallTimeToInstant } from "./time-zones";

export const OFFER_STATUSES = ["pending", "accepted", "withdrawn", "declined", "expired"] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
/** Each status as people read it. */
export const OFFER_STATUS_LABELS: Record<OfferStatus, string> = { pending: "Waiting for an answer", accepted: "Accepted", withdrawn: "Withdrawn", declined: "Declined", expired: "Expired" };

/** What is stored: an offer expires by the clock, not by a write. */
export const STORED_OFFER_STATUSES = ["pending", "accepted", "withdrawn", "declined"] as const;

/** How long an offer stands when its act names no date: a week, or until the event's day if sooner. */
export const OFFER_DAYS = 7;

/** The day after `date` (YYYY-MM-DD). */
function nextDay(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** The calendar day of an instant where the event happens. */
export function dayIn(instant: Date, timeZone: string | null): string {
  return instantToWallTime(instant, timeZone).slice(0, 10);
}

/**
 * The days an offer may stand until, where the event happens: from today to the event's day. An
 * event whose day has passed (a booking recorded after the fact) leaves today alone.
 */
export function offerExpiryRange(eventStart: Date, timeZone: string | null, now = new Date()): { first: string; last: string } {
  const today = dayIn(now, timeZone);
  const eventDay = dayIn(eventStart, timeZone);
  return { first: today, last: eventDay > today ? eventDay : today };
}

/** A week from today, or the range's last day if that is sooner. */
export function defaultOfferExpiry(eventStart: Date, timeZone: string | null, now = new Date()): string {
  const inAWeek = dayIn(new Date(now.getTime() + OFFER_DAYS * 86_400_000), timeZone);
  const { last } = offerExpiryRange(eventStart, timeZone, now);
  return inAWeek < last ? inAWeek : last;
}

/**
 * An offer's status as people see it: a pending offer is expired once its last day has ended
 * where the event happens (CONTRACT.md: "by the end of expires_on").
 */
export function offerStatusAt(stored: (typeof STORED_OFFER_STATUSES)[number], expiresOn: string | null, timeZone: string | null, now = new Date()): OfferStatus {
  if (stored !== "pending" || !expiresOn) return stored;
  return now >= wallTimeToInstant(`${nextDay(expiresOn)}T00:00`, timeZone ?? "UTC") ? "expired" : "pending";
}
