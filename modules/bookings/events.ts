export const INVITE_STATES = ["invited", "offered", "booked", "declined", "released", "cancelled"] as const;
export type InviteState = (typeof INVITE_STATES)[number];
import { instantToWallTime, wallTimeToInstant } from "#domain/time-zones";

export const OFFER_STATUSES = ["pending", "accepted", "withdrawn", "declined", "expired"] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];
/** Each status as people read it. */
export const OFFER_STATUS_LABELS: Record<OfferStatus, string> = {
  pending: "Waiting for an answer",
  accepted: "Accepted",
  withdrawn: "Withdrawn",
  declined: "Declined",
  expired: "Expired",
};

/** What is stored: every status, `expired` written by the job at the end of the offer's last day. */
export const STORED_OFFER_STATUSES = OFFER_STATUSES;

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
export function offerExpiryRange(
  eventStart: Date,
  timeZone: string | null,
  now = new Date(),
): { first: string; last: string } {
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

/** The instant an offer's last day ends where the event happens: when its `offer_expire` job runs. */
export function offerEndsAt(expiresOn: string, timeZone: string | null): Date {
  return wallTimeToInstant(`${nextDay(expiresOn)}T00:00`, timeZone ?? "UTC");
}

/** Reminders go out at this hour of the reader's day where the event happens. */
export const REMINDER_TIME = "09:00";

/** The day before `date` (YYYY-MM-DD). */
function previousDay(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

/** When the planner is reminded of an offer's last day: the morning of the day before, where the event happens. */
export function offerReminderAt(expiresOn: string, timeZone: string | null): Date {
  return wallTimeToInstant(`${previousDay(expiresOn)}T${REMINDER_TIME}`, timeZone ?? "UTC");
}

/**
 * Whether a pending offer's time is up: its last day has ended where the event happens
 * (it stands "by the end of expires_on"). The `offer_expire` job stores `expired` then;
 * this rule guards the job and every answer to an offer in the meantime.
 */
export function offerStatusAt(
  stored: OfferStatus,
  expiresOn: string | null,
  timeZone: string | null,
  now = new Date(),
): OfferStatus {
  if (stored !== "pending" || !expiresOn) return stored;
  return now >= offerEndsAt(expiresOn, timeZone) ? "expired" : "pending";
}

/** An event's fields as a form shows them: every one optional but the name, the place and the time. */
export interface EventFormValues {
  name: string;
  location: string;
  starttime: string;
  event_type: string;
  guests: string;
  budget: string;
  hours: string;
  venue: string;
  notes: string;
}
