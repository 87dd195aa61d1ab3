import { z } from "zod";
import { text } from "#domain/schemas/fields";
import { MESSAGES } from "#domain/messages";
import { passesVideoHostCheck, stripWhitespace } from "./media";

export const imageSchema = z.object({
  path: text({ error: MESSAGES.imageRequired }).trim().min(1, MESSAGES.imageRequired).max(1024, MESSAGES.imageRequired),
});
export type ImageInput = z.infer<typeof imageSchema>;

/** Whitespace stripped, then the host check, then (on the server) a link must be there. */
export const videoLinkSchema = z.object({
  link: text({ error: MESSAGES.videoLinkRequired })
    .max(2048, MESSAGES.invalidVideoLink)
    .transform(stripWhitespace)
    .refine(passesVideoHostCheck, MESSAGES.invalidVideoLink)
    .refine((link) => link.length > 0, MESSAGES.videoLinkRequired)
    // For the API document: some text besides whitespace (the host check stays the server's).
    .meta({ pattern: "\\S" }),
});
export type VideoLinkInput = z.infer<typeof videoLinkSchema>;
