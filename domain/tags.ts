import { z } from "zod";

/** The six tag types, and how an act links to tags. */
export const TAG_TYPES = ["Genre", "Song Type", "Band Setup", "Event Type", "Variety Type", "Speaker Type"] as const;
export type TagType = (typeof TAG_TYPES)[number];

/** The tag types that say what kind of act it is ("Magician", "Keynote Speaker", "Trio"), in the order a placeholder prefers them. */
export const KIND_TAG_TYPES: readonly TagType[] = ["Variety Type", "Speaker Type", "Band Setup"];

/** The act's kind of act from its tags (the search's `kind` picks the same way), or null. */
export function kindOfAct(tags: readonly { name: string; type: TagType }[]): string | null {
  for (const type of KIND_TAG_TYPES) {
    const names = tags.filter((tag) => tag.type === type).map((tag) => tag.name);
    if (names.length) return names.sort()[0]!;
  }
  return null;
}

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

/**
 * What people call each tag type, everywhere (search, the artist's and the admin's dialogs, the
 * history): the words of our messages ("At least one Set Type must be selected"), not the
 * stored type names.
 */
export const TAG_TYPE_NAMES: Record<TagType, { one: string; many: string }> = {
  Genre: { one: "Genre", many: "Genres" },
  "Song Type": { one: "Set Type", many: "Set Types" },
  "Band Setup": { one: "Group Size", many: "Group Sizes" },
  "Event Type": { one: "Event Type", many: "Event Types" },
  "Variety Type": { one: "Variety Type", many: "Variety Types" },
  "Speaker Type": { one: "Speaker Type", many: "Speaker Types" },
};

export const tagSchema = z.object({ id: z.number().int(), name: z.string(), type: z.enum(TAG_TYPES) }).meta({
  id: "Tag",
  description: "A tag of the catalogue: a genre, event type, band setup, song type, variety or speaker type",
  example: { id: 5, name: "Funk", type: "Genre" },
});
export type Tag = z.infer<typeof tagSchema>;
