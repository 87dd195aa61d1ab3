import { z } from "zod";
import { LIMITS } from "#domain/limits";
import { MESSAGES } from "#domain/messages";
import { MAX_PRICE_CENTS, centsOfDollars } from "#domain/prices";
import { idSchema, requiredLine, requiredText } from "#domain/schemas/fields";
import { type InstantTerms, instantSchema } from "./instant";

type PriceIssue = { end: "from" | "to"; message: string };

const isPriceEnd = (cents: unknown) =>
  cents === null || (typeof cents === "number" && Number.isInteger(cents) && cents >= 0 && cents <= MAX_PRICE_CENTS);

/**
 * What is wrong with a price range, by end ("from", "to"): each end a whole number of cents
 * from 0 to $1,000,000, the top not below the start, and a top only with a start. Null is an
 * end left empty. The form (in dollars) checks it all here; the API's schema checks each end
 * as a field, then the two together (priceOrderIssues).
 */
export function priceRangeIssues(from: number | null, to: number | null): PriceIssue[] {
  const issues: PriceIssue[] = [];
  if (!isPriceEnd(from)) issues.push({ end: "from", message: MESSAGES.priceOutOfRange });
  if (!isPriceEnd(to)) issues.push({ end: "to", message: MESSAGES.priceOutOfRange });
  return issues.length ? issues : priceOrderIssues(from, to);
}

/** The range's two ends together, once each is a price (or empty). */
function priceOrderIssues(from: unknown, to: unknown): PriceIssue[] {
  if (!isPriceEnd(from) || !isPriceEnd(to) || to === null) return [];
  if (from === null) return [{ end: "from", message: MESSAGES.priceToWithoutFrom }];
  return (to as number) < (from as number) ? [{ end: "to", message: MESSAGES.priceToBelowFrom }] : [];
}

const offeringFields = {
  title: requiredLine(LIMITS.title, MESSAGES.offeringTitleRequired),
  description: requiredText(LIMITS.offeringDescription, MESSAGES.offeringDescriptionRequired),
  eventTypes: z
    .array(idSchema, { error: MESSAGES.eventTypeRequired })
    .min(1, MESSAGES.eventTypeRequired)
    .max(100, "Too many Event Types")
    .transform((ids) => [...new Set(ids)]),
};

/** A price end as the API takes it: whole US cents, or null (or left out) for none. */
const cents = z
  .number({ error: MESSAGES.priceOutOfRange })
  .int(MESSAGES.priceOutOfRange)
  .min(0, MESSAGES.priceOutOfRange)
  .max(MAX_PRICE_CENTS, MESSAGES.priceOutOfRange)
  .nullable()
  .optional()
  .describe("US cents, 0 to 100,000,000; null or left out for none");

export const offeringSchema = z
  .object({
    ...offeringFields,
    price_from_cents: cents,
    price_to_cents: cents,
    /** Bookable at once on these terms; null or left out: by quote only (an edit replaces it too). */
    instant: instantSchema.nullable().optional(),
  })
  .superRefine((value, context) => {
    for (const issue of priceOrderIssues(value.price_from_cents ?? null, value.price_to_cents ?? null))
      context.addIssue({
        code: "custom",
        path: [issue.end === "from" ? "price_from_cents" : "price_to_cents"],
        message: issue.message,
      });
  });
export type OfferingInput = z.infer<typeof offeringSchema>;

/** The form's instant fields by the API's: the prices are typed in dollars. */
export const INSTANT_FORM_FIELDS = {
  price_cents: "instant_price",
  deposit_cents: "instant_deposit",
  cancellation_policy: "instant_policy",
  terms: "instant_terms",
} as const;

/** The Add/Edit Offering form: the same rules, with the prices in dollars as typed. */
export const offeringFormSchema = z
  .object({
    ...offeringFields,
    price_from: z.string(),
    price_to: z.string(),
    instant: z.boolean(),
    instant_price: z.string(),
    instant_deposit: z.string(),
    instant_policy: z.string(),
    instant_terms: z.string(),
  })
  .superRefine((value, context) => {
    for (const issue of priceRangeIssues(centsOfDollars(value.price_from), centsOfDollars(value.price_to)))
      context.addIssue({
        code: "custom",
        path: [issue.end === "from" ? "price_from" : "price_to"],
        message: issue.message,
      });
    if (!value.instant) return;
    const checked = instantSchema.safeParse(instantOfForm(value));
    for (const issue of checked.success ? [] : checked.error.issues)
      context.addIssue({
        code: "custom",
        path: [INSTANT_FORM_FIELDS[issue.path[0] as keyof typeof INSTANT_FORM_FIELDS] ?? "instant_price"],
        message: issue.message,
      });
  });
export type OfferingFormInput = z.input<typeof offeringFormSchema>;

/** The instant fields as the API's terms: an empty deposit is none, a price not typed as dollars is no number. */
function instantOfForm(values: OfferingFormInput) {
  return {
    price_cents: centsOfDollars(values.instant_price) ?? Number.NaN,
    deposit_cents: values.instant_deposit.trim() === "" ? 0 : (centsOfDollars(values.instant_deposit) ?? Number.NaN),
    cancellation_policy: values.instant_policy,
    terms: values.instant_terms,
  };
}

/** The form's values as the API's body. */
export function offeringInputOfForm(values: OfferingFormInput) {
  return {
    title: values.title,
    description: values.description,
    eventTypes: values.eventTypes,
    price_from_cents: centsOfDollars(values.price_from),
    price_to_cents: centsOfDollars(values.price_to),
    instant: values.instant ? (instantOfForm(values) as InstantTerms) : null,
  };
}
