import { z } from "zod";
import { LIMITS } from "#domain/limits";
import { MESSAGES } from "#domain/messages";
import { optionalText, text } from "#domain/schemas/fields";

export const setStatusSchema = z.object({
  status: z.enum(["approved", "declined"], { error: "Status must be approved or declined" }),
  decline_reason: optionalText(LIMITS.declineReason),
});
export type SetStatusInput = z.infer<typeof setStatusSchema>;

export const reassignSchema = z.object({
  act: text({ error: MESSAGES.accountRequired })
    .trim()
    .min(1, MESSAGES.accountRequired)
    .max(255, MESSAGES.accountRequired),
});
export type ReassignInput = z.infer<typeof reassignSchema>;

export const toggleFeatureSchema = z.object({
  is_featured: z.union([z.literal(0), z.literal(1)], { error: "is_featured must be 0 or 1" }),
});
