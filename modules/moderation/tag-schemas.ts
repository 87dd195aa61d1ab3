import { z } from "zod";
import { LIMITS } from "#domain/limits";
import { MESSAGES } from "#domain/messages";
import { idSchema } from "#domain/schemas/fields";

const uniqueIds = (message: string) => z.array(idSchema, { error: message }).transform((ids) => [...new Set(ids)]);

/** Edit Tags and Request to Update share this schema. */
export const musicalTagsSchema = z.object({
  musical: z.literal(true),
  genres: uniqueIds(MESSAGES.genreRequired)
    .refine((ids) => ids.length >= 1, MESSAGES.genreRequired)
    .refine((ids) => ids.length <= LIMITS.maxGenres, MESSAGES.tooManyGenres)
    .meta({ minItems: 1, maxItems: LIMITS.maxGenres }),
  "song-types": uniqueIds(MESSAGES.songTypeRequired)
    .refine((ids) => ids.length >= 1, MESSAGES.songTypeRequired)
    .meta({ minItems: 1 }),
  "band-setups": uniqueIds(MESSAGES.bandSetupRequired)
    .refine((ids) => ids.length >= 1, MESSAGES.bandSetupRequired)
    .meta({ minItems: 1 }),
});

export const nonMusicalTagsSchema = z.object({
  musical: z.literal(false),
  tags: uniqueIds(MESSAGES.tooManyTags)
    .refine((ids) => ids.length <= LIMITS.maxNonMusicalTags, MESSAGES.tooManyTags)
    .meta({ maxItems: LIMITS.maxNonMusicalTags }),
});

export const tagSelectionSchema = z.discriminatedUnion("musical", [musicalTagsSchema, nonMusicalTagsSchema], {
  error: "Say whether the act is musical",
});
export type TagSelectionInput = z.infer<typeof tagSelectionSchema>;
