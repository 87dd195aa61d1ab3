// What an act takes (issue 66): the event types it plays, its least budget, how far it goes and
// the days it works. Planners read it before they ask; a request outside it is still delivered,
// marked with the reasons on both sides, so nobody spends a day on a lead that never fit.
import { z } from "zod";
import { LIMITS } from "#domain/limits";
import { MESSAGES } from "#domain/messages";
import { MAX_PRICE_CENTS, formatDollars } from "#domain/prices";
import { text } from "#domain/schemas/fields";
import { MAX_FREE_MILES } from "./travel";

/** Why a lead does not fit, in the order planners and artists read them. */
export const MISFIT_REASONS = ["event_type", "budget", "distance", "weekday"] as const;
export type MisfitReason = (typeof MISFIT_REASONS)[number];

/** Days by their number in JavaScript's and PostgreSQL's `dow`: 0 is Sunday. */
export const WEEKDAY_NAMES = ["Sundays", "Mondays", "Tuesdays", "Wednesdays", "Thursdays", "Fridays", "Saturdays"];

/** At most this many event types: more is "everything", which an empty list says. */
export const MAX_TAKEN_EVENT_TYPES = 30;

export const takesSchema = z
  .object({
    event_types: z
      .array(text({ error: MESSAGES.unknownEventType }).trim().min(1, MESSAGES.unknownEventType).max(LIMITS.name), {
        error: MESSAGES.unknownEventType,
      })
      .max(MAX_TAKEN_EVENT_TYPES, MESSAGES.tooManyEventTypes)
      .transform((names) => [...new Set(names)])
      .describe("Names of the event-type tags the act plays; empty for every type"),
    min_budget_cents: z
      .number({ error: MESSAGES.minBudgetWhole })
      .max(MAX_PRICE_CENTS, { error: MESSAGES.minBudgetWhole, abort: true })
      .min(0, { error: MESSAGES.minBudgetWhole, abort: true })
      .int(MESSAGES.minBudgetWhole)
      .nullish()
      .transform((value) => value || null)
      .describe("The least budget the act takes, in US cents; null or 0 for any"),
    max_miles: z
      .number({ error: MESSAGES.maxMilesWhole })
      .max(MAX_FREE_MILES, { error: MESSAGES.maxMilesWhole, abort: true })
      .min(1, { error: MESSAGES.maxMilesWhole, abort: true })
      .int(MESSAGES.maxMilesWhole)
      .nullish()
      .transform((value) => value ?? null)
      .describe("How far the act goes from the nearest of its locations, in miles; null for anywhere"),
    weekdays: z
      .array(
        z
          .number({ error: MESSAGES.weekdayNumber })
          .int(MESSAGES.weekdayNumber)
          .min(0, MESSAGES.weekdayNumber)
          .max(6, MESSAGES.weekdayNumber),
        {
          error: MESSAGES.weekdayNumber,
        },
      )
      .max(7, MESSAGES.weekdayNumber)
      .nullish()
      .transform((days) => (days?.length ? [...new Set(days)].sort() : null))
      .describe("The days the act works, 0 (Sunday) to 6 (Saturday); null or empty for every day"),
  })
  .meta({
    id: "LeadPreferences",
    example: { event_types: ["Wedding", "Private Party"], min_budget_cents: 200_000, max_miles: 50, weekdays: [5, 6] },
  });
export type Takes = z.output<typeof takesSchema>;

/** What is known of a lead to judge it by: each null when the planner has not said. */
export interface LeadFacts {
  eventType: string | null;
  budgetCents: number | null;
  /** From the nearest of the act's locations to the event's place. */
  miles: number | null;
  /** 0 (Sunday) to 6, where the event happens. */
  weekday: number | null;
}

/**
 * Why a lead falls outside what the act takes; empty when it fits. What the planner left unsaid
 * cannot put a lead outside: an event with no budget fits any least budget.
 */
export function misfitsOf(takes: Takes | null, lead: LeadFacts): MisfitReason[] {
  if (!takes) return [];
  const reasons: MisfitReason[] = [];
  if (lead.eventType !== null && takes.event_types.length > 0 && !takes.event_types.includes(lead.eventType))
    reasons.push("event_type");
  if (lead.budgetCents !== null && takes.min_budget_cents !== null && lead.budgetCents < takes.min_budget_cents)
    reasons.push("budget");
  if (lead.miles !== null && takes.max_miles !== null && lead.miles > takes.max_miles) reasons.push("distance");
  if (lead.weekday !== null && takes.weekdays !== null && !takes.weekdays.includes(lead.weekday))
    reasons.push("weekday");
  return reasons;
}

/** "Weddings and private parties": names in a sentence, the first capitalised. */
function listed(words: string[]): string {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

const plural = (name: string) => (/s$/i.test(name) ? name : /y$/i.test(name) ? `${name.slice(0, -1)}ies` : `${name}s`);

/** The event types in words: "Weddings and private parties". */
function typesInWords(types: string[]): string {
  const words = types.map((name, index) => (index === 0 ? plural(name) : plural(name).toLowerCase()));
  return listed(words);
}

/** What the act takes as planners read it: "Weddings and private parties, from $2,000, within 50 miles, Fridays and Saturdays". */
export function takesLine(takes: Takes): string {
  const parts = [
    takes.event_types.length ? typesInWords(takes.event_types) : "Every kind of event",
    takes.min_budget_cents ? `from ${formatDollars(takes.min_budget_cents)}` : null,
    takes.max_miles ? `within ${takes.max_miles} miles` : null,
    takes.weekdays ? listed(takes.weekdays.map((day) => WEEKDAY_NAMES[day] ?? "")) : null,
  ];
  return parts.filter(Boolean).join(", ");
}

/** Each reason as a sentence both sides read: "Not a day it works (Fridays and Saturdays)"; shorter without the act's preferences. */
export function misfitWords(reason: MisfitReason, takes: Takes | null): string {
  switch (reason) {
    case "event_type":
      return takes?.event_types.length
        ? `Not an event type it takes (${typesInWords(takes.event_types).toLowerCase()})`
        : "Not an event type it takes";
    case "budget":
      return takes?.min_budget_cents
        ? `Below its least budget of ${formatDollars(takes.min_budget_cents)}`
        : "Below its least budget";
    case "distance":
      return takes?.max_miles ? `Farther than the ${takes.max_miles} miles it travels` : "Farther than it travels";
    case "weekday":
      return takes?.weekdays
        ? `Not a day it works (${listed(takes.weekdays.map((day) => WEEKDAY_NAMES[day] ?? ""))})`
        : "Not a day it works";
  }
}

/** An answer's `fits` and `misfits`: whether a lead is inside what the act takes, and why not. */
export const fitAnswer = {
  fits: z.boolean().describe("Whether the lead is inside what the act takes (false: still delivered, marked)"),
  misfits: z
    .array(z.enum(MISFIT_REASONS))
    .describe("Why the lead falls outside what the act takes: event_type, budget, distance, weekday"),
};
