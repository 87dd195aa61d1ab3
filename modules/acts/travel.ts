// What an act charges to travel: the first miles free, then a price a mile, from the nearest of
// its locations as the crow flies. Read by the profile, search cards and offers alike.
import { z } from "zod";
import { MESSAGES } from "#domain/messages";
import { formatDollars } from "#domain/prices";

/** At most $10 a mile: more is a typing slip (a dollar figure typed as cents), not a price. */
export const MAX_TRAVEL_CENTS_PER_MILE = 1_000;
/** Free miles beyond a continent's width mean "travel is free": any figure past it is a slip. */
export const MAX_FREE_MILES = 3_000;

export const travelSchema = z
  .object({
    // Out of range first, and each check stops the field's: one message per problem (1e308 is too
    // many, not also not whole).
    free_miles: z
      .number({ error: MESSAGES.freeMilesWhole })
      .max(MAX_FREE_MILES, { error: MESSAGES.freeMilesWhole, abort: true })
      .min(0, { error: MESSAGES.freeMilesWhole, abort: true })
      .int(MESSAGES.freeMilesWhole)
      .describe("Miles the act travels at no charge, from the nearest of its locations"),
    cents_per_mile: z
      .number({ error: MESSAGES.travelWholeCents })
      .max(MAX_TRAVEL_CENTS_PER_MILE, { error: MESSAGES.travelTooHigh, abort: true })
      .min(0, { error: MESSAGES.travelWholeCents, abort: true })
      .int(MESSAGES.travelWholeCents)
      .describe("US cents a mile beyond the free miles, at most 1,000 ($10)"),
  })
  .meta({ id: "Travel", example: { free_miles: 30, cents_per_mile: 200 } });
export type Travel = z.infer<typeof travelSchema>;

/**
 * An answer's `travel_cents`: what travel to a place the request names costs, present only when it
 * names one (null when the act prices no travel or has no location).
 */
export const travelCentsAnswer = (place: string) =>
  z
    .number()
    .int()
    .nullable()
    .optional()
    .describe(`${place}: what the act charges to travel there, in US cents (null when it prices no travel)`);

/** Whole miles beyond the free ones, for this distance. */
export const milesCharged = (travel: Travel, miles: number): number =>
  Math.max(0, Math.round(miles) - travel.free_miles);

/** What travel to a place this far costs, in cents: null when the act prices no travel or the distance is unknown. */
export function travelCents(travel: Travel | null, miles: number | null): number | null {
  if (!travel || miles === null) return null;
  return milesCharged(travel, miles) * travel.cents_per_mile;
}

/** The act's travel as planners read it: "First 30 miles free, then $2 a mile". */
export function travelTerms(travel: Travel): string {
  if (travel.cents_per_mile === 0) return "Travel included";
  const rate = `${formatDollars(travel.cents_per_mile)} a mile`;
  return travel.free_miles ? `First ${travel.free_miles} miles free, then ${rate}` : `${rate} from its base`;
}

/** A travel line of a price: "Travel $180 (90 miles beyond the first 30)". */
export function travelLine(travel: Travel, miles: number): string {
  const charged = milesCharged(travel, miles);
  const cents = charged * travel.cents_per_mile;
  if (cents === 0) return "Travel included";
  const beyond = travel.free_miles ? ` beyond the first ${travel.free_miles}` : "";
  return `Travel ${formatDollars(cents)} (${charged} ${charged === 1 ? "mile" : "miles"}${beyond})`;
}
