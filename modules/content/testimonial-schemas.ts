import { z } from "zod";
import { LIMITS } from "#domain/limits";
import { MESSAGES } from "#domain/messages";
import { optionalText, requiredText } from "#domain/schemas/fields";

export const testimonialSchema = z.object({
  name: requiredText(LIMITS.name, MESSAGES.nameRequired),
  organization: optionalText(LIMITS.organization),
  org_position: optionalText(LIMITS.position),
  content: requiredText(LIMITS.testimonialContent, MESSAGES.testimonialContentRequired),
});
export type TestimonialInput = z.infer<typeof testimonialSchema>;
