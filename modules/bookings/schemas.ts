import { z } from "zod";
import { LIMITS } from "#domain/limits";
import { MESSAGES } from "#domain/messages";
import { CANCELLATION_POLICIES, DEFAULT_CANCELLATION_POLICY, PAYMENT_METHODS, UNKNOWN_POLICY_MESSAGE } from "./money";
import { MAX_AMOUNT_CENTS, MAX_BUDGET_DOLLARS, isWholeCents } from "#domain/prices";
import { isRealStartTime } from "#domain/time-zones";
import {
  calendarDate,
  idSchema,
  optionalLine,
  optionalPhone,
  optionalText,
  requiredLine,
  requiredText,
  text,
  urlSlugSchema,
} from "#domain/schemas/fields";

/**
 * A start time: an ISO 8601 instant with its offset, or a wall time as a datetime-local field
 * sends it ("2026-12-05T19:00"), which is read in the time zone of the event's place.
 */
const starttime = text({ error: "Start time is required" })
  .trim()
  // An empty field says one thing, not also that it is no valid date.
  .min(1, { message: "Start time is required", abort: true })
  .refine(isRealStartTime, "Enter a valid date and time")
  // For the API document: an ISO 8601 date and time, with or without an offset.
  .meta({
    pattern: "^\\s*\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:\\d{2})?\\s*$",
    description: "The start: with an offset, or a wall time in the time zone of the event's place",
    example: "2026-12-05T19:00",
  });

/** What an act needs to quote, besides the name, the time and the place: all optional. */
export const eventDetailsSchema = z.object({
  /** One of the event-type tags' names. */
  event_type: optionalLine(LIMITS.name),
  guests: z
    .number({ error: MESSAGES.guestsOutOfRange })
    .int(MESSAGES.guestsOutOfRange)
    .min(1, MESSAGES.guestsOutOfRange)
    .max(100_000, MESSAGES.guestsOutOfRange)
    .nullable()
    .optional(),
  /** Whole dollars, as the search's budget. */
  budget: z
    .number({ error: MESSAGES.budgetWholeDollars })
    .int(MESSAGES.budgetWholeDollars)
    .min(0, MESSAGES.budgetWholeDollars)
    .max(MAX_BUDGET_DOLLARS, MESSAGES.budgetTooHigh)
    .nullable()
    .optional(),
  /** Hours of entertainment. */
  hours: z
    .number({ error: MESSAGES.hoursOutOfRange })
    .min(0.5, MESSAGES.hoursOutOfRange)
    .max(24, MESSAGES.hoursOutOfRange)
    .nullable()
    .optional(),
  venue: optionalLine(LIMITS.name),
  notes: optionalText(LIMITS.messageBody),
});

export const createEventSchema = z
  .object({
    name: requiredLine(LIMITS.name, "Event name is required"),
    starttime,
    location: requiredLine(LIMITS.name, "Location is required"),
    actUrl: urlSlugSchema.optional(),
  })
  .extend(eventDetailsSchema.shape);
export type CreateEventInput = z.infer<typeof createEventSchema>;

/** POST /api/events/update/{eventUrl}: every field of a new event but the act to invite. */
export const updateEventSchema = createEventSchema.omit({ actUrl: true });

export const inviteSchema = z.object({
  event: text({ error: MESSAGES.eventRequired }).trim().min(1, MESSAGES.eventRequired).pipe(urlSlugSchema),
});

export const offerSchema = z
  .object({
    /** US cents, like every other amount of the API. */
    price_cents: z
      .number({ error: MESSAGES.offerPriceRequired })
      .int(MESSAGES.priceWholeCentsInCents)
      .min(100, MESSAGES.offerPriceTooLow)
      .max(MAX_AMOUNT_CENTS, "Price is too high")
      .optional(),
    // Whole cents, never rounded: 12.345 is refused, not stored as 12.35 (or 12.34).
    price: z
      .number({ error: MESSAGES.offerPriceRequired })
      .min(1, MESSAGES.offerPriceTooLow)
      .max(MAX_AMOUNT_CENTS / 100, "Price is too high")
      .refine((price) => isWholeCents(price), MESSAGES.priceWholeCents)
      .optional()
      .meta({
        deprecated: true,
        description:
          "Deprecated: send price_cents. The price in dollars (1500.50), accepted until 2027-06-30 for clients written before; given with price_cents, the two must agree.",
      }),
    message: optionalText(LIMITS.reviewBody).transform((value) => value ?? ""),
    /** US cents paid on booking, from 0 to the price. */
    deposit_cents: z
      .number({ error: "Enter the deposit in cents" })
      .int("Enter the deposit in cents")
      .min(0, "The deposit can't be negative")
      .max(MAX_AMOUNT_CENTS, MESSAGES.amountTooHigh)
      .optional(),
    /** The offer's last day, where the event happens (checked against the event by the server). */
    expires_on: text({ error: "Enter a date" })
      .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a date as YYYY-MM-DD")
      .optional(),
    /** The cancellation policy in the act's own words, beside the policy that computes refunds. */
    terms: optionalText(LIMITS.offerTerms).transform((value) => value ?? ""),
    cancellation_policy: z
      .enum(CANCELLATION_POLICIES, { error: UNKNOWN_POLICY_MESSAGE })
      .default(DEFAULT_CANCELLATION_POLICY)
      .meta({ description: "What comes back to a planner who cancels (moderate by default)" }),
  })
  .superRefine((offer, context) => {
    const cents = offerPriceCents(offer);
    if (offer.price_cents === undefined && offer.price === undefined) {
      context.addIssue({ code: "custom", path: ["price_cents"], message: MESSAGES.offerPriceRequired });
    } else if (
      offer.price_cents !== undefined &&
      offer.price !== undefined &&
      cents !== Math.round(offer.price * 100)
    ) {
      context.addIssue({ code: "custom", path: ["price"], message: MESSAGES.offerPricesDisagree });
    }
    if (offer.deposit_cents !== undefined && cents !== null && offer.deposit_cents > cents) {
      context.addIssue({ code: "custom", path: ["deposit_cents"], message: MESSAGES.depositAbovePrice });
    }
  });
export type OfferInput = z.infer<typeof offerSchema>;

/** An offer's price in cents: price_cents, or the deprecated dollars of price; null when neither is given. */
export function offerPriceCents(offer: Pick<OfferInput, "price" | "price_cents">): number | null {
  if (offer.price_cents !== undefined) return offer.price_cents;
  return offer.price === undefined ? null : Math.round(offer.price * 100);
}

/**
 * POST /api/acts/{actUrl}/quote-templates: a saved answer to leads (issue 66), with an offer's
 * price, deposit, policy and terms and a message; the offer form fills from it.
 */
export const quoteTemplateSchema = z
  .object({
    name: requiredLine(LIMITS.title, MESSAGES.templateNameRequired),
    price_cents: z
      .number({ error: MESSAGES.offerPriceRequired })
      .int(MESSAGES.priceWholeCentsInCents)
      .min(100, MESSAGES.offerPriceTooLow)
      .max(MAX_AMOUNT_CENTS, "Price is too high"),
    deposit_cents: z
      .number({ error: "Enter the deposit in cents" })
      .int("Enter the deposit in cents")
      .min(0, "The deposit can't be negative")
      .max(MAX_AMOUNT_CENTS, MESSAGES.amountTooHigh)
      .default(0),
    cancellation_policy: z.enum(CANCELLATION_POLICIES, { error: UNKNOWN_POLICY_MESSAGE }),
    terms: optionalText(LIMITS.offerTerms).transform((value) => value ?? ""),
    message: optionalText(LIMITS.reviewBody).transform((value) => value ?? ""),
  })
  .superRefine((template, context) => {
    if (template.deposit_cents > template.price_cents)
      context.addIssue({ code: "custom", path: ["deposit_cents"], message: MESSAGES.depositAbovePrice });
  })
  .meta({
    id: "QuoteTemplateInput",
    example: {
      name: "Four-hour wedding",
      price_cents: 250_000,
      deposit_cents: 50_000,
      cancellation_policy: "moderate",
      terms: "Two 45-minute sets and a DJ break.",
      message: "Thank you for thinking of us! Here is our standard wedding package.",
    },
  });
export type QuoteTemplateInput = z.infer<typeof quoteTemplateSchema>;

/** POST /api/events/invite-acts/{eventUrl}: a quote request to up to 10 acts, with words for each conversation. */
export const inviteActsSchema = z.object({
  acts: z
    .array(urlSlugSchema, { error: "Choose the acts to ask" })
    .min(1, "Choose at least one act")
    .max(LIMITS.quoteRequestActs, `Choose at most ${LIMITS.quoteRequestActs} acts`),
  message: optionalText(LIMITS.messageBody),
});
export type InviteActsInput = z.infer<typeof inviteActsSchema>;

/** Accepting an offer: the planner's day-of phone, and whether the event's other acts are released (the default). */
export const acceptOfferSchema = z.object({
  phone: optionalPhone().meta({
    description: "The planner's phone on the day, for the act",
    example: "+1 312 555 0142",
  }),
  release_others: z.boolean({ error: "Choose whether the other acts are released" }).default(true).meta({
    description:
      "Close the event's other open invites and withdraw their waiting offers; false when booking several acts for one event",
  }),
});
export type AcceptOfferInput = z.infer<typeof acceptOfferSchema>;

/** POST /api/bookings/instant: an offering its act made bookable at once, for one of the planner's events. */
export const instantBookingSchema = acceptOfferSchema.extend({
  offering_id: idSchema.meta({ description: "The offering (its act's manager made it instant)" }),
  event_url: text({ error: MESSAGES.eventRequired }).trim().min(1, MESSAGES.eventRequired).pipe(urlSlugSchema),
});
export type InstantBookingInput = z.infer<typeof instantBookingSchema>;

/** POST /api/payments/{id}/checkout: pay by card, and whether to save the card for the balance. */
export const checkoutSchema = z.object({
  save_card: z.boolean({ error: "Choose whether to save the card" }).default(false).meta({
    description:
      "Save the card for the balance (a deposit only): Stripe keeps it, and the balance is charged off-session on its due day",
  }),
});
export type CheckoutInput = z.infer<typeof checkoutSchema>;

/** POST /api/payments/{id}/record: the act's manager says the planner paid them directly. */
export const recordPaymentSchema = z.object({
  method: z.enum(PAYMENT_METHODS, { error: MESSAGES.paymentMethodRequired }),
  paid_on: calendarDate(),
  note: optionalText(LIMITS.paymentNote),
});
export type RecordPaymentInput = z.infer<typeof recordPaymentSchema>;

/** POST /api/bookings/{number}/cancel: why, in the canceller's words, for the other side. */
export const cancelBookingSchema = z.object({
  reason: requiredText(LIMITS.cancelReason, MESSAGES.cancelReasonRequired),
});
export type CancelBookingInput = z.infer<typeof cancelBookingSchema>;

/** POST /api/payments/{id}/record-refund: the act's manager says it paid money back to the planner. */
export const recordRefundSchema = z.object({
  amount_cents: z
    .number({ error: MESSAGES.refundAmount })
    .int(MESSAGES.refundAmount)
    .positive(MESSAGES.refundAmount)
    .max(MAX_AMOUNT_CENTS, MESSAGES.amountTooHigh),
  method: z.enum(PAYMENT_METHODS, { error: MESSAGES.paymentMethodRequired }),
  paid_on: calendarDate(),
});
export type RecordRefundInput = z.infer<typeof recordRefundSchema>;
