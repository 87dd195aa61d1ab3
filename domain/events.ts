export const INVITE_STATES = ["invited", "offered", "booked"] as const;
export type InviteState = (typeof INVITE_STATES)[number];
import { instantToWallTime, wallTimeToInstant } from "./time-zones";

export const OFFER_STATUSES = ["pending", "accepted", "withdrawn", "declined", "expired"] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
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

/** A week from today, or the event's day if that is sooner (both where the event happens). */
export function defaultOfferExpiry(eventStart: Date, timeZone: string | null, now = new Date()): string {
  const week = new Date(now.getTime() + OFFER_DAYS * 86_400_000);
  const inAWeek = dayIn(week, timeZone);
  const eventDay = dayIn(eventStart, timeZone);
  return inAWeek < eventDay ? inAWeek : eventDay;
}

/**
 * An offer's status as people see it: a pending offer is expired once its last day has ended
 * where the event happens (CONTRACT.md: "by the end of expires_on").
 */
export function offerStatusAt(stored: (typeof STORED_OFFER_STATUSES)[number], expiresOn: string | null, timeZone: string | null, now = new Date()): OfferStatus {
  if (stored !== "pending" || !expiresOn) return stored;
  return now >= wallTimeToInstant(`${nextDay(expiresOn)}T00:00`, timeZone ?? "UTC") ? "expired" : "pending";
}

