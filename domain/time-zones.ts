import { dateFormat } from "./formatters";

/**
 * Wall times in a place's time zone, with Intl alone (both sides have it): an event's start
 * is entered and shown in the time where the event happens.
 */

/** Whether a written time names its own offset ("…Z", "…+02:00"), so no time zone applies. */
export function hasOffset(value: string): boolean {
  return /(?:[zZ]|[+-]\d\d:\d\d)$/.test(value);
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
  const first = asUtc - offsetAt(asUtc, timeZone);
  return new Date(asUtc - offsetAt(first, timeZone));
}

/** "Sat, Dec 5, 7:00 PM CST": the year is added when it is not this year. */
export function formatEventTime(instant: Date | string, timeZone: string | null, now = new Date()): string {
  const date = typeof instant === "string" ? new Date(instant) : instant;
  const zone = timeZone ?? "UTC";
  const year = (at: Date) => dateFormat({ timeZone: zone, year: "numeric" }).format(at);
  return dateFormat({
    timeZone: zone,
    weekday: "short",
    month: "short",
    day: "numeric",
    ...(year(date) === year(now) ? {} : { year: "numeric" }),
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
