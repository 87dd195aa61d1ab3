import { z } from "zod";
import { daysCounted, formatCalendarDate, isCalendarDate } from "#domain/calendar-days";
import { calendarDate, optionalLine, text } from "#domain/schemas/fields";

/**
 * An act's day (issue 31): booked through us, blocked by its manager, busy in a calendar it
 * subscribed to, or free. Its manager and admins see which; everyone else sees "unavailable".
 */
export const DAY_STATUSES = ["booked", "blocked", "busy"] as const;
export type DayStatus = (typeof DAY_STATUSES)[number];
export type PublicDayStatus = DayStatus | "unavailable";

/** Each status as the calendar's legend and a day's label say it (never colour alone). */
export const DAY_STATUS_LABELS: Record<PublicDayStatus, string> = {
  booked: "Booked",
  blocked: "Blocked",
  busy: "Busy in your calendar",
  unavailable: "Not available",
};

export const AVAILABILITY = {
  /** Days one availability call covers at most, and by default from today. */
  maxRangeDays: 400,
  defaultDays: 90,
  /** Days one block covers at most, and blocks an act keeps ahead (each costs every read of its calendar). */
  maxBlockDays: 366,
  maxBlocksAhead: 100,
  noteMax: 200,
  /** A subscribed calendar: the most we read, how long we wait, how far ahead recurrences go. */
  feedMaxBytes: 5 * 1024 * 1024,
  feedTimeoutMs: 10_000,
  feedMaxRedirects: 5,
  expandDays: 400,
  /**
   * Reading a feed's text into busy days happens off the request thread (a worker), within
   * these: the work one feed may take, and the busy occurrences it may have in the days ahead (a
   * rule more frequent than daily counts each day it touches once).
   */
  feedWorkMs: 2_000,
  feedMaxOccurrences: 10_000,
  /** Subscriptions one account may have being read at once (the 429 beyond). */
  subscribingAtOnce: 2,
  /** Calendars one act may subscribe to. */
  maxSubscriptions: 10,
  urlMax: 2000,
} as const;

/** How long a booked event lasts in calendars when its planner did not say (events' `hours`). */
export const EVENT_HOURS_UNSAID = 4;

export const AVAILABILITY_MESSAGES = {
  blockOrder: "The last day must not be before the first",
  blockInPast: "Choose a day from today on",
  blockTooLong: `Block at most ${AVAILABILITY.maxBlockDays} days at once`,
  tooManyBlocks: `An act keeps at most ${AVAILABILITY.maxBlocksAhead} blocked periods ahead: free some, or block longer periods`,
  rangeOrder: "`to` must not be before `from`",
  rangeTooLong: `Ask for at most ${AVAILABILITY.maxRangeDays} days at once`,
  calendarUrl: "Paste the address of an iCalendar feed (https://, http:// or webcal://)",
  // One message for every way a connection fails (refused, unknown host, no answer, reset, a
  // status that is no calendar): telling them apart would make the reader a port scanner.
  calendarUnreachable: "We could not read a calendar at this address",
  calendarNotICalendar: "This address does not answer an iCalendar feed",
  calendarTooBig: `This calendar is larger than ${AVAILABILITY.feedMaxBytes / 1024 / 1024} MB`,
  calendarPrivate: "This address points into a private network, which we do not read",
  calendarTooManyEvents: `This calendar has more than ${AVAILABILITY.feedMaxOccurrences.toLocaleString("en-US")} events in the next ${AVAILABILITY.expandDays} days: subscribe to one with only your bookings`,
  calendarTooSlow: "This calendar takes too long to read: subscribe to one with only your bookings",
  subscribingAtOnce: `You are adding ${AVAILABILITY.subscribingAtOnce} calendars already: wait until they are read`,
  calendarDuplicate: "This calendar is already subscribed",
  tooManyCalendars: `An act subscribes to at most ${AVAILABILITY.maxSubscriptions} calendars`,
  notAvailableOn: (date: string) => `This act is not available on ${formatCalendarDate(date)}`,
  /** What an act quoting into a day that is not free is told (issue 31). */
  quotingTakenDay: (date: string, status: DayStatus) =>
    `${formatCalendarDate(date)} is ${status === "booked" ? "booked for another event" : status === "blocked" ? "blocked in your calendar" : "busy in a calendar you subscribed to"}: make sure you can play before you offer`,
} as const;

/** Both ends are real days (a wrong one has its own message), so the range between them can be judged. */
const bothDays = (range: {
  from?: string | undefined;
  to?: string | undefined;
}): range is { from: string; to: string } =>
  range.from !== undefined && range.to !== undefined && isCalendarDate(range.from) && isCalendarDate(range.to);

export const availabilityQuerySchema = z
  .object({ from: calendarDate().optional(), to: calendarDate().optional() })
  .refine((query) => !bothDays(query) || query.from <= query.to, {
    message: AVAILABILITY_MESSAGES.rangeOrder,
    path: ["to"],
  })
  .refine(
    (query) =>
      !bothDays(query) || query.from > query.to || daysCounted(query.from, query.to) <= AVAILABILITY.maxRangeDays,
    {
      message: AVAILABILITY_MESSAGES.rangeTooLong,
      path: ["to"],
    },
  );

export const blockDaysSchema = z
  .object({ from: calendarDate(), to: calendarDate(), note: optionalLine(AVAILABILITY.noteMax) })
  .strict()
  .refine((block) => !bothDays(block) || block.from <= block.to, {
    message: AVAILABILITY_MESSAGES.blockOrder,
    path: ["to"],
  })
  .refine(
    (block) =>
      !bothDays(block) || block.from > block.to || daysCounted(block.from, block.to) <= AVAILABILITY.maxBlockDays,
    {
      message: AVAILABILITY_MESSAGES.blockTooLong,
      path: ["to"],
    },
  );
export type BlockDaysInput = z.infer<typeof blockDaysSchema>;

/** The schemes a subscription may name; webcal is https by another name. */
const CALENDAR_URL = /^(https?|webcal):\/\/[^\s]+$/i;

export const subscribeCalendarSchema = z
  .object({
    url: text({ error: AVAILABILITY_MESSAGES.calendarUrl })
      .trim()
      .refine(
        (value) =>
          value.length <= AVAILABILITY.urlMax && CALENDAR_URL.test(value) && URL.canParse(fetchableCalendarUrl(value)),
        AVAILABILITY_MESSAGES.calendarUrl,
      ),
  })
  .strict();
export type SubscribeCalendarInput = z.infer<typeof subscribeCalendarSchema>;

/** The address we fetch for a subscription's: webcal:// means https://. */
export function fetchableCalendarUrl(url: string): string {
  return url.replace(/^webcal:/i, "https:");
}

export const availabilityDaySchema = z
  .object({
    date: z.string().describe("YYYY-MM-DD, in the act's calendar"),
    status: z
      .enum([...DAY_STATUSES, "unavailable"])
      .describe("Why the day is not free; `unavailable` for anyone but the act's managers"),
    note: z.string().optional().describe("A blocked day's note (managers only)"),
    event: z
      .string()
      .optional()
      .describe("The booked event's name, or the subscribed calendar's event (managers only)"),
  })
  .meta({
    id: "AvailabilityDay",
    description: "A day the act is not free",
    example: { date: "2027-06-12", status: "blocked", note: "Family wedding" },
  });
export type AvailabilityDay = z.infer<typeof availabilityDaySchema>;

export const calendarSubscriptionSchema = z
  .object({
    id: z.number().int(),
    url: z.string().describe("As the manager gave it"),
    last_read_at: z.string().nullable().describe("When it was last read successfully: its busy days are from then"),
    last_tried_at: z.string().nullable().describe("When it was last asked for, read or not"),
    error: z.string().nullable().describe("Why the last read failed, when it did"),
    busy_days: z.number().int().describe("Busy days from today on"),
  })
  .meta({
    id: "CalendarSubscription",
    description: "A calendar the act subscribed to",
    example: {
      id: 3,
      url: "webcal://p12-caldav.icloud.com/published/2/abc",
      last_read_at: "2026-11-26T08:00:00.000Z",
      last_tried_at: "2026-11-26T08:00:00.000Z",
      error: null,
      busy_days: 14,
    },
  });
export type CalendarSubscription = z.infer<typeof calendarSubscriptionSchema>;
