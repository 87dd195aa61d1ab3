import { z } from "zod";

/**
 * What the one-click actions and the creating calls answer in `data`: the message the page
 * shows, and what the caller needs next. Each call's answer is exactly one of these.
 */
const message = z.string().describe("What happened, as the page shows it");

export const messageResultSchema = z
  .object({ message })
  .meta({ id: "MessageResult", description: "Done", example: { message: "Profile updated" } });
export type MessageResult = z.infer<typeof messageResultSchema>;

export const createdResultSchema = z
  .object({ id: z.number().int().describe("The new item's id"), message })
  .meta({ id: "CreatedResult", description: "Created", example: { id: 7, message: "Offering added" } });
export type CreatedResult = z.infer<typeof createdResultSchema>;

export const createdWithUrlSchema = z.object({ url: z.string().describe("The new item's url"), message }).meta({
  id: "CreatedWithUrl",
  description: "Created, with its url",
  example: { url: "summer-wedding", message: "Summer Wedding created" },
});
export type CreatedWithUrl = z.infer<typeof createdWithUrlSchema>;

export const videoUploadedSchema = z
  .object({ id: z.number().int(), path: z.string().describe("Served at /files/{path}"), message })
  .meta({
    id: "VideoUploaded",
    description: "The uploaded file is now a video of the act",
    example: { id: 4, path: "videos/9f1c2d3e-4b5a-6c7d-8e9f-0a1b2c3d4e5f.mp4", message: "Video Uploaded" },
  });
export type VideoUploaded = z.infer<typeof videoUploadedSchema>;

export const actDecisionSchema = z.object({ name: z.string().describe("The act's name"), message }).meta({
  id: "ActDecision",
  description: "The act was approved or declined",
  example: { name: "The Velvet Tones", message: "The Velvet Tones Declined" },
});
export type ActDecision = z.infer<typeof actDecisionSchema>;

export const featuredResultSchema = z
  .object({ is_featured: z.union([z.literal(0), z.literal(1)]), message })
  .meta({ id: "FeaturedResult", example: { is_featured: 1, message: "The Velvet Tones is featured" } });
export type FeaturedResult = z.infer<typeof featuredResultSchema>;

export const nationallyRecognizedResultSchema = z.object({ nationallyRecognized: z.boolean(), message }).meta({
  id: "NationallyRecognizedResult",
  example: { nationallyRecognized: true, message: "The Velvet Tones is marked nationally recognized" },
});
export type NationallyRecognizedResult = z.infer<typeof nationallyRecognizedResultSchema>;

export const internalUseOnlyResultSchema = z.object({ internal_use_only: z.boolean(), message }).meta({
  id: "InternalUseOnlyResult",
  example: { internal_use_only: false, message: "The Velvet Tones is no longer for internal use only" },
});
export type InternalUseOnlyResult = z.infer<typeof internalUseOnlyResultSchema>;

export const bookingMadeSchema = z
  .object({
    message,
    booking: z.string().describe("The booking's number: 6 to 12 capitals and digits, safe to read aloud"),
  })
  .meta({
    id: "BookingMade",
    description: "The offer, accepted: the act is booked",
    example: { message: "The Velvet Tones booked for Summer Wedding", booking: "K7MX4QPA" },
  });
export type BookingMade = z.infer<typeof bookingMadeSchema>;

export const offerSentSchema = z
  .object({
    id: z.number().int().describe("The new offer's id"),
    message,
    warning: z
      .string()
      .optional()
      .describe(
        "When the act is not free on the event's day for another reason (issue 31): what to check before the planner accepts",
      ),
  })
  .meta({ id: "OfferSent", description: "The offer, sent", example: { id: 7, message: "Offer sent" } });
export type OfferSent = z.infer<typeof offerSentSchema>;
