import { dateFormat } from "./formatters";

/**
 * Days written YYYY-MM-DD, as calendars, availability and search's date use them: pure and
 * without schemas, so the profile's small browser script can use them too.
 */

/** Whether a string is a real day written YYYY-MM-DD (no February 30th). */
export function isCalendarDate(value: string): boolean {
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(value) &&
    !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
    new Date(`${value}T00:00:00Z`).toISOString().startsWith(value)
  );
}

/** "Saturday, June 12, 2027": a day (YYYY-MM-DD) as people read it, whatever the reader's zone. */
export function formatCalendarDate(date: string): string {
  return dateFormat({ weekday: "long", month: "long", day: "numeric", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** "Sat, Jun 12": a day (YYYY-MM-DD) short enough for a card. */
export function formatShortCalendarDate(date: string): string {
  return dateFormat({ weekday: "short", month: "short", day: "numeric", timeZone: "UTC" }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** "June 2027": the month of a day (YYYY-MM-DD). */
export function formatMonth(date: string): string {
  return dateFormat({ month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`));
}

/** "Saturday, June 12, 2027 to Sunday, June 13, 2027", or the one day when both ends are it. */
export function formatDayRange(from: string, to: string): string {
  return from === to ? formatCalendarDate(from) : `${formatCalendarDate(from)} to ${formatCalendarDate(to)}`;
}

/** The day `days` after `date` (YYYY-MM-DD); negative goes back. */
export function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both counted: 1 for one day. */
export function daysCounted(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** Every day from `from` to `to`, both included. */
export function daysFrom(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The first day of the month of `date`, and the month before and after it (YYYY-MM-01). */
export function monthOf(date: string): { first: string; last: string; previous: string; next: string } {
  const [year, month] = date.split("-").map(Number) as [number, number];
  const first = `${date.slice(0, 7)}-01`;
  const next = new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
  const previous = new Date(Date.UTC(year, month - 2, 1)).toISOString().slice(0, 10);
  return { first, last: addDays(next, -1), previous, next };
}

/**
 * Where "Request a quote" beside a free day leads: a planner's new event for this act on that
 * day; a guest signs up first and comes back to it, the day kept.
 */
export function quoteRequestPath(actUrl: string, date: string | null, asker: "guest" | "planner"): string {
  const eventPath = `/events/add-event?actUrl=${encodeURIComponent(actUrl)}${date ? `&date=${date}` : ""}`;
  return asker === "guest" ? `/signup?redirectTo=${encodeURIComponent(eventPath)}` : eventPath;
}

/** What "Check availability" on a profile answers for a day. */
export function availabilityAnswer(date: string, free: boolean): string {
  return free
    ? `Available on ${formatCalendarDate(date)}. Nothing is held until you book: ask for a quote.`
    : `Not available on ${formatCalendarDate(date)}. Try another date.`;
}
