import { dateFormat } from "./formatters";

/**
 * Wall times in a place's time zone, with Intl alone (both sides have it): an event's start
 * is entered and shown in the time where the event happens.
 */

/** Whether a written time names its own offset ("…Z", "…+02:00"), so no time zone applies. */
export function hasOffset(value: string): boolean {
  return /(?:[zZ]|[+-]\d\d:\d\d)$/.test(value);
}

/** The years an event may start in: a typo of a year is refused, not stored as an event 250,000 years away. */
export const START_YEARS = { first: 2000, last: 2100 } as const;

/**
 * Whether a start time names a moment that exists: "YYYY-MM-DDTHH:MM[:SS[.fff]]" with an optional
 * offset (Z or ±HH:MM), in START_YEARS, with a real day of its month (no February 30th) and a
 * real time of day (no 25:00). Nothing is rolled over into the next month or day.
 */
export function isRealStartTime(value: string): boolean {
  const match =
    /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(?:[zZ]|([+-])(\d{2}):(\d{2}))?$/.exec(
      value.trim(),
    );
  if (!match) return false;
  const [, year, month, day, hour, minute, second = "0", , offsetHours = "0", offsetMinutes = "0"] = match.map(
    (part) => part ?? undefined,
  );
  const y = Number(year);
  if (y < START_YEARS.first || y > START_YEARS.last) return false;
  const m = Number(month);
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (m < 1 || m > 12 || Number(day) < 1 || Number(day) > daysInMonth) return false;
  if (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) return false;
  return Number(offsetHours) <= 14 && Number(offsetMinutes) <= 59;
}

/** The zone's wall clock minus UTC at an instant, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = dateFormat({
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((item) => item.type === type)?.value ?? 0);
  const wall = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second"));
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant at which a zone's clocks show `local` ("2026-12-05T19:00"). A time skipped by a
 * change to summer time is read as the hour after; a repeated one as its first occurrence.
 */
export function wallTimeToInstant(local: string, timeZone: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(local.trim());
  if (!match) return new Date(Number.NaN);
  const [, y, mo, d, h = "0", mi = "0", s = "0"] = match;
  const asUtc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  // The zone's offsets half a day either side: the same, or the two sides of one clock change.
  const before = offsetAt(asUtc - HALF_DAY_MS, timeZone);
  const after = offsetAt(asUtc + HALF_DAY_MS, timeZone);
  const shows = (offset: number) => offsetAt(asUtc - offset, timeZone) === offset;
  if (shows(before)) return new Date(asUtc - before); // the first of a repeated time, or an ordinary one
  if (shows(after)) return new Date(asUtc - after);
  // Skipped: read on the clock before the change, which lands in the hour after (2:30 CST is 3:30 CDT).
  return new Date(asUtc - before);
}

const HALF_DAY_MS = 12 * 60 * 60 * 1000;

/** "Sat, Dec 5, 7:00 PM CST": the year is added when it is not this year (always, for paper that is kept). */
export function formatEventTime(
  instant: Date | string,
  timeZone: string | null,
  now = new Date(),
  options: { year?: "always" } = {},
): string {
  const date = typeof instant === "string" ? new Date(instant) : instant;
  const zone = timeZone ?? "UTC";
  const year = (at: Date) => dateFormat({ timeZone: zone, year: "numeric" }).format(at);
  return dateFormat({
    timeZone: zone,
    weekday: "short",
    month: "short",
    day: "numeric",
    ...(options.year !== "always" && year(date) === year(now) ? {} : { year: "numeric" }),
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).format(date);
}

/** The value a datetime-local field shows for an instant in a zone ("2026-12-05T19:00"). */
export function instantToWallTime(instant: Date | string, timeZone: string | null): string {
  const date = typeof instant === "string" ? new Date(instant) : instant;
  const shifted = new Date(date.getTime() + offsetAt(date.getTime(), timeZone ?? "UTC"));
  return shifted.toISOString().slice(0, 16);
}

/** "7:00 PM CST": an instant's time of day where it happens. */
export function formatTimeOfDay(instant: Date | string, timeZone: string | null): string {
  return dateFormat({ timeZone: timeZone ?? "UTC", hour: "numeric", minute: "2-digit", timeZoneName: "short" }).format(
    typeof instant === "string" ? new Date(instant) : instant,
  );
}
