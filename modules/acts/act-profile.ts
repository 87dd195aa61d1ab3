import { z } from "zod";
import { instantAnswerSchema } from "#modules/content/instant";
import { travelCentsAnswer, travelSchema } from "./travel";
import { takesSchema } from "./takes";
import { actFactsSchema } from "./act-facts";
import { REVIEW_SOURCES } from "#domain/ratings";
import type { ApplicationFacts } from "./application-checklist";
import { actStatusSchema } from "./act-status";
import { responseFactsFields } from "../conversations/answers";
import { moderationEventSchema } from "../moderation/moderation";
import { ROLES } from "#domain/roles";
import { ACT_TAG_RELATIONS, tagSchema } from "#domain/tags";

/*
 * GET /api/acts/{actUrl}: the profile page's data, as the caller may see it. These schemas are
 * the types the server builds the answer with and the OpenAPI document's schemas, so a field
 * added to the answer and not here is a type error (issue 16).
 */

const url = z.string().nullable();
export const actSocialLinksSchema = z
  .object({
    facebook: url,
    twitter: url,
    instagram: url,
    spotify: url,
    web: url,
    tiktok: url,
    mixcloud: url,
    linkedin: url,
  })
  .meta({
    id: "ActSocialLinks",
    description: "The act's links; null where none is given",
    example: {
      facebook: "https://www.facebook.com/thevelvettones",
      twitter: null,
      instagram: "https://www.instagram.com/thevelvettones",
      spotify: null,
      web: "https://thevelvettones.example.com",
      tiktok: null,
      mixcloud: null,
      linkedin: null,
    },
  });
export type ActSocialLinks = z.infer<typeof actSocialLinksSchema>;

export const SOCIAL_NETWORKS = [
  "facebook",
  "twitter",
  "instagram",
  "spotify",
  "web",
  "tiktok",
  "mixcloud",
  "linkedin",
] as const satisfies readonly (keyof ActSocialLinks)[];

/** How each social network is named to people, on the profile and in the editor. */
export const SOCIAL_NETWORK_LABELS: Record<(typeof SOCIAL_NETWORKS)[number], string> = {
  facebook: "Facebook",
  twitter: "Twitter",
  instagram: "Instagram",
  spotify: "Spotify",
  web: "Website",
  tiktok: "TikTok",
  mixcloud: "Mixcloud",
  linkedin: "LinkedIn",
};

export const profileReviewSchema = z
  .object({
    id: z.number().int(),
    rating: z.number().min(1).max(5),
    title: z.string(),
    body: z.string(),
    reviewer_name: z.string().nullable().describe("Null when the planner did not allow their name to be shown"),
    created_at: z.iso.datetime(),
    source: z.enum(REVIEW_SOURCES).describe("booking: the planner booked the act; admin: an admin added it"),
    event_type: z.string().nullable().describe("A booking's review: the kind of event, when the planner gave it"),
    event_month: z
      .string()
      .nullable()
      .describe("A booking's review: the month of the event where it happened, e.g. June 2027"),
    source_note: z.string().nullable().describe("An admin's review: why it was added, shown with its label"),
    reply: z
      .object({
        body: z.string(),
        created_at: z.iso.datetime(),
        edited_at: z.iso.datetime().nullable().describe("When its artist last changed it (within its first day)"),
      })
      .nullable()
      .describe("The act's public answer, or null"),
  })
  .meta({
    id: "Review",
    description: "A review of the act, saying how it came to be (source)",
    example: {
      id: 1,
      rating: 5,
      title: "The dance floor never emptied",
      body: "Professional from the first call to the last song.",
      reviewer_name: "Pat P.",
      created_at: "2026-10-27T15:00:00.000Z",
      source: "booking",
      event_type: "Wedding",
      event_month: "October 2026",
      source_note: null,
      reply: {
        body: "Thank you! It was a joy to play for you.",
        created_at: "2026-10-28T09:00:00.000Z",
        edited_at: null,
      },
    },
  });
export type ProfileReview = z.infer<typeof profileReviewSchema>;

export const profileTestimonialSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    organization: z.string().nullable(),
    org_position: z.string().nullable(),
    content: z.string(),
    rank: z.number().int(),
  })
  .meta({
    id: "Testimonial",
    description: "A testimonial the artist added, in their order (rank)",
    example: {
      id: 1,
      name: "Jordan Lee",
      organization: "Lakeside Country Club",
      org_position: "Events Director",
      content: "Our members still talk about the night.",
      rank: 1,
    },
  });
export type ProfileTestimonial = z.infer<typeof profileTestimonialSchema>;

export const profilePackageSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    description: z.string(),
    eventTypes: z.array(tagSchema),
    rank: z.number().int(),
    price_from_cents: z.number().int().nullable().describe("US cents; null when the offering names no price"),
    price_to_cents: z.number().int().nullable().describe("US cents; the top of the range, null when open or not set"),
    instant: instantAnswerSchema,
  })
  .meta({
    id: "Offering",
    description: "An offering (package) of the act, in the artist's order (rank)",
    example: {
      id: 1,
      title: "Wedding reception",
      description: "Four 45-minute sets, sound and lights included.",
      eventTypes: [{ id: 31, name: "Wedding", type: "Event Type" }],
      rank: 1,
      price_from_cents: 450000,
      price_to_cents: 800000,
      instant: null,
    },
  });
export type ProfilePackage = z.infer<typeof profilePackageSchema>;

export const profileImageSchema = z
  .object({ id: z.number().int(), path: z.string().describe("Served at /files/{path}") })
  .meta({
    id: "Image",
    description: "A photo of the act",
    example: { id: 1, path: "images/5b1e8f0a-2c3d-4e5f-8a9b-0c1d2e3f4a5b.jpg" },
  });
export type ProfileImage = z.infer<typeof profileImageSchema>;

export const profileVideoSchema = z
  .object({
    id: z.number().int(),
    link: z.string().nullable().describe("A YouTube or Vimeo link; null for an uploaded file"),
    file_path: z.string().nullable().describe("An uploaded video, served at /files/{file_path}; null for a link"),
  })
  .meta({
    id: "Video",
    description: "A video of the act: a link or an uploaded file",
    example: { id: 1, link: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", file_path: null },
  });
export type ProfileVideo = z.infer<typeof profileVideoSchema>;

export const profileDocumentSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    file_path: z.string(),
    file_path_raw: z.string().describe("The file's name as uploaded"),
  })
  .meta({
    id: "PublicDocument",
    description: "A document an admin approved and the artist made public",
    example: {
      id: 1,
      title: "Stage Plot",
      file_path: "documents/c1046d32-c640-40e5-8080-e19c932e5550.pdf",
      file_path_raw: "stage-plot.pdf",
    },
  });
export type ProfileDocument = z.infer<typeof profileDocumentSchema>;

export const managerInfoSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    role: z.enum(ROLES),
    w9_received: z.boolean(),
    direct_deposit_received: z.boolean(),
  })
  .meta({
    id: "ActManager",
    description: "The account that manages the act (admins only)",
    example: {
      id: "5d6c1b2a-3e4f-4a5b-8c9d-0e1f2a3b4c5d",
      url: "artist",
      name: "Riley Artist",
      email: "artist@example.com",
      phone: null,
      role: "ARTIST",
      w9_received: true,
      direct_deposit_received: false,
    },
  });
export type ManagerInfo = z.infer<typeof managerInfoSchema>;

const stars = z.number().int().min(0);
export const reviewSummarySchema = z
  .object({
    average: z.number().nullable().describe("Null without reviews"),
    count: z.number().int(),
    distribution: z
      .object({ 1: stars, 2: stars, 3: stars, 4: stars, 5: stars })
      .describe("How many reviews gave each whole star"),
  })
  .meta({
    id: "ReviewSummary",
    example: { average: 4.8, count: 12, distribution: { "1": 0, "2": 0, "3": 1, "4": 1, "5": 10 } },
  });
export type ReviewSummary = z.infer<typeof reviewSummarySchema>;

export const pendingTagRequestSchema = z
  .object({
    id: z.number().int(),
    musical: z.boolean(),
    created_at: z.iso.datetime(),
    tags: z.array(tagSchema.extend({ relation: z.enum(ACT_TAG_RELATIONS) })),
  })
  .meta({
    id: "PendingTagRequest",
    description: "The first pending tag update request (manager and admins only)",
    example: {
      id: 3,
      musical: true,
      created_at: "2026-11-20T10:00:00.000Z",
      tags: [{ id: 5, name: "Funk", type: "Genre", relation: "genres" }],
    },
  });
export type PendingTagRequest = z.infer<typeof pendingTagRequestSchema>;

const tagList = (description: string) => z.array(tagSchema).describe(description);

export const actProfileSchema = z
  .object({
    url: z.string(),
    name: z.string(),
    avatar: z.string().nullable().describe("Served at /files/{avatar}"),
    headline: z.string().nullable(),
    description: z.string().nullable(),
    location: z.string().nullable().describe("City, ST"),
    additionalLocations: z.array(z.object({ location: z.string() })),
    compare_to: z.string().nullable(),
    active: z.boolean(),
    declined: z.boolean(),
    application_complete: z.boolean(),
    musical: z.boolean(),
    internal_use_only: z.boolean(),
    is_featured: z.union([z.literal(0), z.literal(1)]),
    nationallyRecognized: z.boolean(),
    social: actSocialLinksSchema,
    has_performed_corporate_event: z.boolean(),
    corporate_event_experience: z.string().nullable(),
    facts: actFactsSchema,
    status: actStatusSchema,
    tags: tagList("Every tag of the act"),
    genres: tagList("Genres"),
    songTypes: tagList("Song types"),
    bandSetups: tagList("Band setups"),
    eventTypes: tagList("Event types"),
    varietyTypes: tagList("Variety types"),
    speakerTypes: tagList("Speaker types"),
    styles: tagList("Styles (genres of a musical act)"),
    occasions: tagList("Occasions (event types)"),
    images: z.array(profileImageSchema),
    videos: z.array(profileVideoSchema),
    packages: z.array(profilePackageSchema),
    price_from_cents: z
      .number()
      .int()
      .nullable()
      .describe("US cents: the lowest starting price of the act's offerings, null when none names one"),
    travel: travelSchema.nullable().describe("What the act charges to travel; null when it prices no travel"),
    travel_cents: travelCentsAnswer("Asked with `event_url`, the event's place"),
    takes: takesSchema.nullable().describe("What the act takes (its lead preferences); null when it has not said"),
    ...responseFactsFields,
    testimonials: z.array(profileTestimonialSchema),
    entertainerReviews: z.array(profileReviewSchema),
    reviewSummary: reviewSummarySchema,
    approvedPublicDocuments: z.array(profileDocumentSchema),
    viewer: z
      .object({ isManager: z.boolean(), canManage: z.boolean(), isAdmin: z.boolean() })
      .describe("What the caller may do here, decided by the server from domain/permissions"),
    latestOffer: z
      .object({ date_time_posted: z.iso.datetime() })
      .nullable()
      .optional()
      .describe("The manager and admins only: the latest offer the act made"),
    pendingTagRequest: pendingTagRequestSchema.nullable().optional().describe("The manager and admins only"),
    manager: managerInfoSchema.nullable().optional().describe("Admins only"),
    history: z.array(moderationEventSchema).optional().describe("Admins only: the moderation history, newest first"),
    additional_info: z.string().nullable().optional().describe("Admins only"),
    decline_reason: z.string().nullable().optional().describe("Admins only"),
  })
  .meta({
    id: "ActProfile",
    description:
      "Every field of the act the caller may see. Guests and planners see the public fields of an approved act. The act's manager and admins also see latestOffer and pendingTagRequest, and an act that is not approved; admins also see manager, history, additional_info and decline_reason.",
    example: {
      url: "the-velvet-tones",
      name: "The Velvet Tones",
      avatar: "avatars/f89ba839-3dc5-49fb-8c33-8105828c6d7f.png",
      headline: "Chicago's Motown and soul party band",
      description: "A nine-piece soul and Motown band with a full horn section.",
      location: "Chicago, IL",
      additionalLocations: [{ location: "Milwaukee, WI" }],
      compare_to: "Earth, Wind & Fire meets Bruno Mars",
      active: true,
      declined: false,
      application_complete: true,
      musical: true,
      internal_use_only: false,
      is_featured: 1,
      nationallyRecognized: false,
      social: {
        facebook: null,
        twitter: null,
        instagram: "https://www.instagram.com/thevelvettones",
        spotify: null,
        web: null,
        tiktok: null,
        mixcloud: null,
        linkedin: null,
      },
      has_performed_corporate_event: true,
      corporate_event_experience: "Holiday parties and award nights.",
      facts: { languages: ["English", "Spanish"] },
      status: { key: "approved", label: "Approved", color: "green" },
      tags: [{ id: 9, name: "Motown", type: "Genre" }],
      genres: [{ id: 9, name: "Motown", type: "Genre" }],
      songTypes: [],
      bandSetups: [],
      eventTypes: [],
      varietyTypes: [],
      speakerTypes: [],
      styles: [{ id: 9, name: "Motown", type: "Genre" }],
      occasions: [],
      images: [{ id: 1, path: "images/5b1e8f0a-2c3d-4e5f-8a9b-0c1d2e3f4a5b.jpg" }],
      videos: [],
      packages: [],
      price_from_cents: null,
      travel: { free_miles: 30, cents_per_mile: 200 },
      takes: { event_types: ["Wedding", "Private Party"], min_budget_cents: 200000, max_miles: 50, weekdays: [5, 6] },
      testimonials: [],
      entertainerReviews: [],
      reviewSummary: { average: null, count: 0, distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } },
      approvedPublicDocuments: [],
      viewer: { isManager: false, canManage: false, isAdmin: false },
    },
  });
export type ActProfile = z.infer<typeof actProfileSchema>;

/** The checklist's facts as an act's page shows them to its manager and admins. */
export function profileApplicationFacts(act: ActProfile): ApplicationFacts {
  return {
    headline: act.headline,
    description: act.description,
    location: act.location,
    avatar: act.avatar,
    imageCount: act.images.length,
    tagCount: act.tags.length,
    pendingTagRequest: Boolean(act.pendingTagRequest),
  };
}
