import { z } from "zod";
import { LIMITS } from "../limits";
import { MESSAGES } from "../messages";
import { optionalText, requiredText, urlSlugSchema, text } from "./fields";

/** A start time as the browser's datetime-local field or an ISO 8601 string sends it. */
const starttime = text({ error: "Start time is required" })
  .trim()
  .min(1, "Start time is required")
  .refine((value) => !Number.isNaN(Date.parse(/[zZ]|[+-]\d\d:\d\d$/.test(value) ? value : `${value}Z`)), "Enter a valid date and time")
  .transform((value) => new Date(/[zZ]|[+-]\d\d:\d\d$/.test(value) ? value : `${value}Z`).toISOString());

export const createEventSchema = z.object({
  name: requiredText(LIMITS.name, "Event name is required"),
  starttime,
  location: requiredText(LIMITS.name, "Location is required"),
  actUrl: urlSlugSchema.optional(),
});
export type CreateEventInput = z.infer<typeof createEventSchema>;

export const inviteSchema = z.object({
  event: text({ error: MESSAGES.eventRequired }).trim().min(1, MESSAGES.eventRequired).pipe(urlSlugSchema),
});

export const offerSchema = z.object({
  price: z
    .number({ error: "Price is required" })
    .min(0, "Price cannot be negative")
    .max(10_000_000, "Price is too high"),
  message: optionalText(LIMITS.reviewBody).transform((value) => value ?? ""),
});
export type OfferInput = z.infer<typeof offerSchema>;
