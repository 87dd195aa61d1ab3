import { z } from "zod";
import { LIMITS } from "../limits";
import { MESSAGES } from "../messages";
import { idSchema, requiredText } from "./fields";

export const offeringSchema = z.object({
  title: requiredText(LIMITS.title, MESSAGES.offeringTitleRequired),
  description: requiredText(LIMITS.offeringDescription, MESSAGES.offeringDescriptionRequired),
  eventTypes: z
    .array(idSchema, { error: MESSAGES.eventTypeRequired })
    .min(1, MESSAGES.eventTypeRequired)
    .max(100, "Too many Event Types")
    .transform((ids) => [...new Set(ids)]),
});
export type OfferingInput = z.infer<typeof offeringSchema>;
