// An offering bookable at once (issue 65): its fixed price, deposit, policy and terms, which the
// act's manager signs by setting them, so a planner books a free day without waiting for a quote.
import { z } from "zod";
import { LIMITS } from "#domain/limits";
import { MESSAGES } from "#domain/messages";
import { MAX_AMOUNT_CENTS, MIN_CARD_CENTS, fitsOneCardPayment } from "#domain/prices";
import { optionalText } from "#domain/schemas/fields";
import { CANCELLATION_POLICIES, DEFAULT_CANCELLATION_POLICY, UNKNOWN_POLICY_MESSAGE } from "#modules/bookings/money";

/**
 * The terms of an instant booking, as the offering's create and edit calls take them. The price
 * and the deposit's two parts are each one card charge (Stripe's bounds) whether the act takes
 * cards or not: a planner booking at once pays as the act asks, and a price the act may later
 * take by card must still be chargeable.
 */
export const instantSchema = z
  .object({
    price_cents: z
      .number({ error: MESSAGES.instantPriceRequired })
      .int(MESSAGES.instantPriceRequired)
      .min(MIN_CARD_CENTS, MESSAGES.cardPaymentBounds)
      .max(MAX_AMOUNT_CENTS, MESSAGES.cardPaymentBounds)
      .describe("US cents, $0.50 to $999,999.99: the price before travel"),
    deposit_cents: z
      .number({ error: "Enter the deposit in cents" })
      .int("Enter the deposit in cents")
      .min(0, "The deposit can't be negative")
      .max(MAX_AMOUNT_CENTS, MESSAGES.amountTooHigh)
      .default(0),
    cancellation_policy: z
      .enum(CANCELLATION_POLICIES, { error: UNKNOWN_POLICY_MESSAGE })
      .default(DEFAULT_CANCELLATION_POLICY),
    terms: optionalText(LIMITS.offerTerms).transform((value) => value ?? ""),
  })
  .superRefine((instant, context) => {
    if (instant.deposit_cents > instant.price_cents)
      context.addIssue({ code: "custom", path: ["deposit_cents"], message: MESSAGES.depositAbovePrice });
    else if (
      !fitsOneCardPayment(instant.deposit_cents) ||
      !fitsOneCardPayment(instant.price_cents - instant.deposit_cents)
    )
      context.addIssue({ code: "custom", path: ["deposit_cents"], message: MESSAGES.cardPaymentBounds });
  })
  .meta({
    id: "InstantTerms",
    description:
      "An offering bookable at once: its fixed price (travel is added for the event's place), deposit, policy and terms",
    example: { price_cents: 60000, deposit_cents: 15000, cancellation_policy: "moderate", terms: "" },
  });
export type InstantTerms = z.infer<typeof instantSchema>;

/** As an offering keeps them: the terms and the act's signature (who set them, when). */
export interface StoredInstant extends InstantTerms {
  signed_by: string;
  signed_at: string;
}

/** The terms as the API answers them, without the signature (the booking's agreement names it). */
export function instantAnswer(stored: InstantTerms | null): InstantTerms | null {
  if (!stored) return null;
  const { price_cents, deposit_cents, cancellation_policy, terms } = stored;
  return { price_cents, deposit_cents, cancellation_policy, terms };
}

/** The terms as the API answers them on an offering: null when it is by quote only. */
export const instantAnswerSchema = z
  .object({
    price_cents: z.number().int().describe("US cents, before travel"),
    deposit_cents: z.number().int(),
    cancellation_policy: z.enum(CANCELLATION_POLICIES),
    terms: z.string(),
  })
  .nullable()
  .describe("Bookable at once on these terms (POST /api/bookings/instant); null: by quote only");

/** "Book instantly": what cards, profiles and the offering's form say of it. */
export const BOOK_INSTANTLY = "Book instantly";
