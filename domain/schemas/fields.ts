import { z } from "zod";
import { MESSAGES } from "../messages";

/** A required text field: trimmed, not empty, at most `max` characters. */
export function requiredText(max: number, requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(max, MESSAGES.tooLong(max));
}

/** An optional text field: absent, null or empty all mean "none". */
export function optionalText(max: number) {
  return z
    .string({ error: "Must be text" })
    .trim()
    .max(max, MESSAGES.tooLong(max))
    .nullish()
    .transform((value) => (value ? value : null));
}

/** Positive integer ids, as the client sends them for tags, packages and testimonials. */
export const idSchema = z.number({ error: "Must be an id" }).int("Must be an id").positive("Must be an id");

/** Url-safe slugs of acts, events and users. */
export const urlSlugSchema = z
  .string({ error: "Must be a url" })
  .trim()
  .min(1, "Must be a url")
  .max(255, MESSAGES.tooLong(255))
  .regex(/^[A-Za-z0-9_-]+$/, "Must be a url");
