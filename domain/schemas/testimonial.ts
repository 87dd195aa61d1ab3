import { z } from "zod";
import { LIMITS } from "../limits";
import { MESSAGES } from "../messages";
import { optionalText, requiredText } from "./fields";

export const testimonialSchema = z.object({
  name: requiredText(LIMITS.name, MESSAGES.nameRequired),
  organization: optionalText(LIMITS.organization),
  org_position: optionalText(LIMITS.position),
  content: requiredText(LIMITS.testimonialContent, MESSAGES.testimonialContentRequired),
});
export type TestimonialInput = z.infer<typeof testimonialSchema>;
