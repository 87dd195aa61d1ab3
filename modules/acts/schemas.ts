import { z } from "zod";
import { SOCIAL_NETWORKS } from "./act-profile";
import { actFactsInputSchema } from "./act-facts";
import { LIMITS } from "#domain/limits";
import { MESSAGES } from "#domain/messages";
import { optionalLine, optionalText, requiredLine, requiredText, text } from "#domain/schemas/fields";

export const MAX_ADDITIONAL_LOCATIONS = 10;
export const DESCRIPTION_MAX = 5000;

const socialUrl = text({ error: "Enter a link starting with https://" })
  .trim()
  .max(500, MESSAGES.tooLong(500))
  .refine((value) => {
    if (value === "") return true;
    try {
      const url = new URL(value);
      return url.protocol === "https:" || url.protocol === "http:";
    } catch {
      return false;
    }
  }, "Enter a link starting with https://")
  // The refinement, in JSON Schema's words for the API document: empty, or an http(s) link.
  .meta({ pattern: "^\\s*(https?://\\S+\\s*)?$" })
  .nullish()
  .transform((value) => (value ? value : null));

/** POST /api/acts/update/{actUrl}: the act's profile fields its artist edits. */
export const actUpdateSchema = z.object({
  name: requiredLine(LIMITS.name, MESSAGES.nameRequired),
  avatar: text()
    .trim()
    .max(1024)
    .nullish()
    .transform((value) => (value ? value : null)),
  headline: optionalLine(LIMITS.title),
  description: optionalText(DESCRIPTION_MAX),
  location: optionalLine(LIMITS.name),
  additionalLocations: z
    .array(text({ error: "Must be text" }).trim().max(LIMITS.name, MESSAGES.tooLong(LIMITS.name)), {
      error: "Must be a list",
    })
    .max(MAX_ADDITIONAL_LOCATIONS, `At most ${MAX_ADDITIONAL_LOCATIONS} additional locations`)
    .default([])
    .transform((items) => items.filter((item) => item.length > 0)),
  compare_to: optionalLine(LIMITS.name),
  social: z
    .object(
      Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, socialUrl])) as Record<
        (typeof SOCIAL_NETWORKS)[number],
        typeof socialUrl
      >,
    )
    .partial()
    .default({}),
  has_performed_corporate_event: z.boolean({ error: "Must be true or false" }).default(false),
  corporate_event_experience: optionalText(LIMITS.testimonialContent),
  additional_info: optionalText(LIMITS.testimonialContent).optional(),
  facts: actFactsInputSchema.optional(),
});
export type ActUpdateInput = z.infer<typeof actUpdateSchema>;

export const createActSchema = z.object({
  name: requiredLine(LIMITS.name, MESSAGES.nameRequired),
  musical: z.boolean({ error: "Say whether the act is musical" }),
});
export type CreateActInput = z.infer<typeof createActSchema>;

/** POST /api/acts/{actUrl}/payment-instructions: whom a planner pays directly, and how (offline bookings). */
export const paymentInstructionsSchema = z.object({
  payment_instructions: requiredText(LIMITS.paymentInstructions, MESSAGES.paymentInstructionsRequired).meta({
    description: "Shown to the planner on the booking page, in the confirmation mail and on the agreement",
    example:
      "Bank transfer to The Velvet Tones LLC, Chase, routing 021000021, account 123456789; or Zelle to pay@velvettones.example",
  }),
});
export type PaymentInstructionsInput = z.infer<typeof paymentInstructionsSchema>;
