import ICAL from "ical.js";
import { AVAILABILITY, AVAILABILITY_MESSAGES } from "../availability";
import { addDays } from "#domain/calendar-days";
import { dayIn } from "#modules/bookings/events";
import { wallTimeToInstant } from "#domain/time-zones";

/** The feed is not iCalendar: a subscription keeps its last good days and shows this. */
export class NotICalendarError extends Error {}

/** The feed asks for more work than one feed may take (AVAILABILITY.feedWorkMs, feedMaxOccurrences). */
export class CalendarBudgetError extends Error {}

/**
 * What reading one feed may cost: the moment (performance.now()) its work must be done by, and
 * the busy occurrences it may have in the days we read. Sub-daily rules count days, not instances.
 */
export interface ReadingBudget {
  deadline: number;
  maxOccurrences: number;
}

/** Steps of a recurrence one event may take before we stop, whatever the time left. */
const MAX_OCCURRENCES_PER_EVENT = 20_000;
/** How often (in steps) the deadline is looked at: performance.now() is cheap, not free. */
const DEADLINE_EVERY = 64;

const SUB_DAILY_SECONDS: Record<string, number> = { SECONDLY: 1, MINUTELY: 60, HOURLY: 3_600 };

/**
 * A rule more frequent than daily (every minute, every hour) makes days busy, and only days
 * matter here: it is read as a daily rule over the same span (its COUNT turned into an UNTIL),
 * keeping its day filters (BYDAY, BYMONTH, …) and dropping its time-of-day ones. A minutely
 * rule for a year is then 366 steps, not 525,600. A step longer than a day is left as it is.
 */
function readSubDailyByDays(component: ICAL.Component): void {
  const start = component.getFirstPropertyValue("dtstart");
  for (const property of component.getAllProperties("rrule")) {
    const rule = property.getFirstValue() as ICAL.Recur;
    const unit = SUB_DAILY_SECONDS[String(rule.freq)];
    if (!unit) continue;
    const step = unit * (rule.interval || 1);
    if (step >= 86_400) continue;
    if (rule.count && start instanceof ICAL.Time) {
      const until = start.clone();
      until.addDuration(ICAL.Duration.fromSeconds(step * (rule.count - 1)));
      rule.until = until;
      rule.count = null;
    }
    rule.freq = "DAILY";
    rule.interval = 1;
    for (const part of ["BYHOUR", "BYMINUTE", "BYSECOND", "BYSETPOS"] as const) delete rule.parts[part];
  }
}

type Occurrence = { start: ICAL.Time; end: ICAL.Time; item: ICAL.Event };

/** Whether a zone name is one Intl knows (IANA), so a TZID without its VTIMEZONE still reads right. */
function knownZone(name: string | null | undefined): name is string {
  if (!name) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * The instant of a date-time: by its own zone when the file defines it (or it is UTC), by its
 * TZID when Intl knows that name, else as a wall time where the act is (floating times).
 */
function instantOf(time: ICAL.Time, tzid: string | null, actZone: string): number {
  const zone = time.zone?.tzid;
  if (zone && zone !== "floating" && zone !== "UTC" && time.zone !== ICAL.Timezone.localTimezone)
    return time.toUnixTime() * 1000;
  if (zone === "UTC") return time.toUnixTime() * 1000;
  const wall = time.toString().slice(0, 19);
  return wallTimeToInstant(wall, knownZone(tzid) ? tzid : actZone).getTime();
}

/** The first and last day (YYYY-MM-DD, where the act is) one occurrence covers: all of an all-day event's, part of a timed one's. */
function daysCovered(occurrence: Occurrence, actZone: string): { first: string; last: string } {
  const { start, end } = occurrence;
  if (start.isDate) {
    const first = start.toString().slice(0, 10);
    // An all-day event's end is the day after its last; none, or the same day, means one day.
    const after = end.isDate ? end.toString().slice(0, 10) : first;
    return { first, last: after > first ? addDays(after, -1) : first };
  }
  const tzid = occurrence.item.component.getFirstProperty("dtstart")?.getParameter("tzid");
  const zoneName = typeof tzid === "string" ? tzid : null;
  const from = instantOf(start, zoneName, actZone);
  // The end is exclusive: an evening ending at midnight does not take the next day.
  const until = Math.max(from, instantOf(end, zoneName, actZone) - 1);
  return { first: dayIn(new Date(from), actZone), last: dayIn(new Date(until), actZone) };
}

/** Whether an event or one occurrence of it takes the act's time: not transparent, not cancelled. */
function takesTime(event: ICAL.Event): boolean {
  const component = event.component;
  const transparency = String(component.getFirstPropertyValue("transp") ?? "OPAQUE").toUpperCase();
  const status = String(component.getFirstPropertyValue("status") ?? "").toUpperCase();
  return transparency !== "TRANSPARENT" && status !== "CANCELLED";
}

/** Each event of the file with the exceptions (RECURRENCE-ID) that belong to it. */
function eventsOf(root: ICAL.Component): ICAL.Event[] {
  const masters = new Map<string, ICAL.Event>();
  const exceptions: ICAL.Component[] = [];
  const loose: ICAL.Event[] = [];
  for (const component of root.getAllSubcomponents("vevent")) {
    if (component.hasProperty("recurrence-id")) exceptions.push(component);
    else {
      readSubDailyByDays(component);
      const event = new ICAL.Event(component);
      if (event.uid) masters.set(event.uid, event);
      else loose.push(event);
    }
  }
  for (const exception of exceptions) {
    const uid = String(exception.getFirstPropertyValue("uid") ?? "");
    const master = masters.get(uid);
    // An exception whose series is not in the file is an event of its own.
    if (master) master.relateException(exception);
    else loose.push(new ICAL.Event(exception));
  }
  return [...masters.values(), ...loose];
}

/** Every occurrence of an event that may touch the window, with exceptions applied. */
function* occurrencesOf(
  event: ICAL.Event,
  windowStart: number,
  windowEnd: number,
  budget: ReadingBudget,
): Generator<Occurrence> {
  if (!event.startDate) return;
  if (!event.isRecurring()) {
    yield { start: event.startDate, end: event.endDate ?? event.startDate, item: event };
    return;
  }
  const iterator = event.iterator();
  for (
    let count = 0, next = iterator.next();
    next && count < MAX_OCCURRENCES_PER_EVENT;
    next = iterator.next(), count++
  ) {
    if (count % DEADLINE_EVERY === 0 && performance.now() > budget.deadline)
      throw new CalendarBudgetError(AVAILABILITY_MESSAGES.calendarTooSlow);
    // Starts are compared as UTC-ish seconds: a day's slack either side covers any zone.
    const at = next.toUnixTime() * 1000;
    if (at > windowEnd + 86_400_000) break;
    const details = event.getOccurrenceDetails(next);
    if (details.endDate.toUnixTime() * 1000 < windowStart - 86_400_000) continue;
    yield { start: details.startDate, end: details.endDate, item: details.item };
  }
}

/**
 * The days a calendar's events make the act busy, from yesterday to AVAILABILITY.expandDays
 * ahead, in the act's time zone, each with the first event's summary that day. Transparent and
 * cancelled events (and cancelled occurrences) take no time. Throws NotICalendarError.
 */
export function busyDaysOf(
  ics: string,
  actZone: string,
  now = new Date(),
  budget: ReadingBudget = unlimited(),
): Map<string, string | null> {
  let root: ICAL.Component;
  try {
    const parsed = ICAL.parse(ics);
    root = new ICAL.Component(Array.isArray(parsed[0]) ? parsed[0] : parsed);
  } catch {
    throw new NotICalendarError();
  }
  if (root.name !== "vcalendar") throw new NotICalendarError();
  const firstDay = addDays(dayIn(now, actZone), -1);
  const lastDay = addDays(firstDay, AVAILABILITY.expandDays + 1);
  const windowStart = Date.parse(`${firstDay}T00:00:00Z`);
  const windowEnd = Date.parse(`${lastDay}T00:00:00Z`);
  const busy = new Map<string, string | null>();
  let occurrences = 0;
  for (const event of eventsOf(root)) {
    if (performance.now() > budget.deadline) throw new CalendarBudgetError(AVAILABILITY_MESSAGES.calendarTooSlow);
    for (const occurrence of occurrencesOf(event, windowStart, windowEnd, budget)) {
      if (!takesTime(occurrence.item)) continue;
      const covered = daysCovered(occurrence, actZone);
      if (covered.last < firstDay || covered.first > lastDay) continue;
      occurrences += 1;
      if (occurrences > budget.maxOccurrences)
        throw new CalendarBudgetError(AVAILABILITY_MESSAGES.calendarTooManyEvents);
      const last = covered.last < lastDay ? covered.last : lastDay;
      for (let day = covered.first > firstDay ? covered.first : firstDay; day <= last; day = addDays(day, 1)) {
        if (!busy.has(day)) busy.set(day, occurrence.item.summary || null);
      }
    }
  }
  return busy;
}

/** No budget: for callers that read a file they made themselves (tests, the bench). */
function unlimited(): ReadingBudget {
  return { deadline: Number.POSITIVE_INFINITY, maxOccurrences: Number.POSITIVE_INFINITY };
}
