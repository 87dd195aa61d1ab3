// What an act's insights say (issue 66), shared by the API, the page, its charts and the CSV.
import { z } from "zod";
import { addDays, daysCounted } from "#domain/calendar-days";
import { LIMITS } from "#domain/limits";
import { MESSAGES } from "#domain/messages";
import { calendarDate } from "#domain/schemas/fields";

/** A day's figures, in the order the table and the CSV show them. */
export const INSIGHT_KEYS = ["views", "search_appearances", "leads", "offers", "bookings", "earnings_cents"] as const;
export type InsightKey = (typeof INSIGHT_KEYS)[number];

export const INSIGHT_LABELS: Record<InsightKey, string> = {
  views: "Profile views",
  search_appearances: "Search appearances",
  leads: "Leads",
  offers: "Offers",
  bookings: "Bookings",
  earnings_cents: "Earnings (USD)",
};

/** The days an answer covers when none are asked: the last 30, today included. */
export const DEFAULT_INSIGHT_DAYS = 30;

/** ?from=YYYY-MM-DD&to=YYYY-MM-DD: both optional (the last 30 days), at most 366 days, from not after to. */
export const insightsQuerySchema = z
  .object({
    from: calendarDate().optional().describe("The first day, YYYY-MM-DD (UTC); 29 days before `to` when left out"),
    to: calendarDate().optional().describe("The last day, YYYY-MM-DD (UTC); today when left out"),
  })
  .superRefine((query, context) => {
    if (query.from && query.to && query.from > query.to)
      context.addIssue({ code: "custom", path: ["from"], message: MESSAGES.insightsFromAfterTo });
    else if (query.from && query.to && daysCounted(query.from, query.to) > LIMITS.insightsDays)
      context.addIssue({ code: "custom", path: ["to"], message: MESSAGES.insightsTooManyDays });
  });
export type InsightsQuery = z.infer<typeof insightsQuerySchema>;

export interface InsightsRange {
  from: string;
  to: string;
}

/** The days a query names, with what it leaves out filled in (today is the server's UTC day). */
export function insightsRange(query: InsightsQuery, today = new Date().toISOString().slice(0, 10)): InsightsRange {
  const to = query.to ?? (query.from ? minDay(addDays(query.from, DEFAULT_INSIGHT_DAYS - 1), today) : today);
  const from = query.from ?? addDays(to, -(DEFAULT_INSIGHT_DAYS - 1));
  return { from, to };
}

const minDay = (a: string, b: string) => (a < b ? a : b);

const count = z.number().int();
export const insightDaySchema = z.object({
  day: z.string().describe("YYYY-MM-DD (UTC)"),
  views: count.describe(
    "Profile pages seen by guests and planners, once per visitor per day; crawlers and the act's own people not counted",
  ),
  search_appearances: count.describe("Times the act was on a page of results someone was shown"),
  leads: count.describe("Invites and quote requests that came"),
  offers: count.describe("Offers the act sent"),
  bookings: count.describe("Bookings made"),
  earnings_cents: count.describe("What the act earned that day in the ledger, in US cents (less on a refund)"),
});
export type InsightDay = z.infer<typeof insightDaySchema>;

export const insightsSchema = z
  .object({
    days: z.array(insightDaySchema),
    totals: insightDaySchema.omit({ day: true }),
    response_rate: z
      .number()
      .int()
      .nullable()
      .describe("The response rate planners see, in percent; null until enough conversations"),
    response_time_hours: z.number().nullable().describe("The median hours to a first answer planners see"),
  })
  .meta({
    id: "ActInsights",
    example: {
      days: [
        { day: "2026-12-01", views: 14, search_appearances: 220, leads: 2, offers: 1, bookings: 0, earnings_cents: 0 },
      ],
      totals: { views: 14, search_appearances: 220, leads: 2, offers: 1, bookings: 0, earnings_cents: 0 },
      response_rate: 92,
      response_time_hours: 2.5,
    },
  });
export type Insights = z.infer<typeof insightsSchema>;

export function totalsOf(days: InsightDay[]): Insights["totals"] {
  const totals = { views: 0, search_appearances: 0, leads: 0, offers: 0, bookings: 0, earnings_cents: 0 };
  for (const day of days) for (const key of INSIGHT_KEYS) totals[key] += day[key];
  return totals;
}

/** The days as CSV (RFC 4180): a header row of the labels, then one row a day; earnings in dollars. */
export function insightsCsv(days: InsightDay[]): string {
  const header = ["Day", ...INSIGHT_KEYS.map((key) => INSIGHT_LABELS[key])];
  const rows = days.map((day) => [
    day.day,
    ...INSIGHT_KEYS.map((key) => (key === "earnings_cents" ? (day[key] / 100).toFixed(2) : String(day[key]))),
  ]);
  return `${[header, ...rows].map((row) => row.map(csvField).join(",")).join("\r\n")}\r\n`;
}

/** A field quoted when it holds a comma, a quote or a line break. */
const csvField = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
