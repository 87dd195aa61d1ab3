import { z } from "zod";

/** The six tag types of SPEC.md section 3, and how an act links to tags. */
export const TAG_TYPES = ["Genre", "Song Type", "Band Setup", "Event Type", "Variety Type", "Speaker Type"] as const;
export type TagType = (typeof TAG_TYPES)[number];

/** The act fields that hold tags; styles and occasions reuse the genre and event-type lists. */
export const ACT_TAG_RELATIONS = [
  "genres",
  "songTypes",
  "bandSetups",
  "eventTypes",
  "varietyTypes",
  "speakerTypes",
  "styles",
  "occasions",
] as const;
export type ActTagRelation = (typeof ACT_TAG_RELATIONS)[number];

/** Where an artist's tag update request stands. */
export const TAG_REQUEST_STATUSES = ["pending", "accepted", "declined", "canceled"] as const;

export const RELATION_TAG_TYPE: Record<ActTagRelation, TagType> = {
  genres: "Genre",
  songTypes: "Song Type",
  bandSetups: "Band Setup",
  eventTypes: "Event Type",
  varietyTypes: "Variety Type",
  speakerTypes: "Speaker Type",
  styles: "Genre",
  occasions: "Event Type",
};

export const tagSchema = z
  .object({ id: z.number().int(), name: z.string(), type: z.enum(TAG_TYPES) })
  .meta({ id: "Tag", description: "A tag of the catalogue: a genre, event type, band setup, song type, variety or speaker type", example: { id: 5, name: "Funk", type: "Genre" } });
export type Tag = z.infer<typeof tagSchema>;
