import { z } from "zod";
import { LIMITS } from "#domain/limits";
import { MESSAGES } from "#domain/messages";
import { optionalLine, requiredLine, requiredText } from "#domain/schemas/fields";

export const testimonialSchema = z.object({
  name: requiredLine(LIMITS.name, MESSAGES.nameRequired),
  organization: optionalLine(LIMITS.organization),
  org_position: optionalLine(LIMITS.position),
  content: requiredText(LIMITS.testimonialContent, MESSAGES.testimonialContentRequired),
});
export type TestimonialInput = z.infer<typeof testimonialSchema>;
