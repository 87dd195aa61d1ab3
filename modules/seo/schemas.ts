import { z } from "zod";
import { LIMITS } from "#domain/limits";
import { MESSAGES } from "#domain/messages";
import { LISTING_PATH_PATTERN, SEO_ENTRY_KINDS } from "./seo";
import { optionalText, requiredLine, requiredText, text } from "#domain/schemas/fields";

const paragraph = requiredText(LIMITS.seoParagraph, MESSAGES.guideParagraphRequired);
const paragraphs = (min: number) =>
  z
    .array(paragraph, { error: MESSAGES.guideParagraphRequired })
    .min(min, MESSAGES.guideParagraphRequired)
    .max(LIMITS.seoParagraphs, MESSAGES.tooManyItems(LIMITS.seoParagraphs));

/**
 * A curated entry: the title and description of an act's profile (keyed by the act's url)
 * or of a listing page (keyed by its path, with an introduction that replaces the generated one).
 */
export const seoEntrySchema = z
  .object({
    kind: z.enum(SEO_ENTRY_KINDS, { error: "Choose an act or a listing page" }),
    key: requiredLine(500, MESSAGES.seoKeyRequired),
    title: requiredLine(LIMITS.seoTitle, MESSAGES.seoTitleRequired),
    description: requiredText(LIMITS.seoDescription, MESSAGES.seoDescriptionRequired),
    intro: paragraphs(0).default([]),
  })
  .superRefine((entry, context) => {
    // An empty key has its own message already.
    if (typeof entry.key !== "string" || entry.key.trim() === "") return;
    if (entry.kind === "listing" && !LISTING_PATH_PATTERN.test(entry.key))
      context.addIssue({ code: "custom", path: ["key"], message: MESSAGES.seoListingPathInvalid });
    if (entry.kind === "act" && !/^[A-Za-z0-9_-]+$/.test(entry.key))
      context.addIssue({ code: "custom", path: ["key"], message: MESSAGES.seoUnknownAct });
    if (entry.kind === "act" && entry.intro.length > 0)
      context.addIssue({ code: "custom", path: ["intro"], message: MESSAGES.seoIntroOnlyForListings });
  });
export type SeoEntryInput = z.infer<typeof seoEntrySchema>;

export const GUIDE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A guide (a long-form page at /guides/{slug}): paragraphs, headed sections, links into the site. */
export const guideSchema = z.object({
  slug: text({ error: MESSAGES.guideSlugInvalid })
    .trim()
    .max(LIMITS.guideSlug, MESSAGES.tooLong(LIMITS.guideSlug))
    .regex(GUIDE_SLUG_PATTERN, MESSAGES.guideSlugInvalid),
  title: requiredLine(LIMITS.seoTitle, MESSAGES.seoTitleRequired),
  description: optionalText(LIMITS.seoDescription),
  paragraphs: paragraphs(1),
  sections: z
    .array(z.object({ heading: requiredLine(LIMITS.title, MESSAGES.guideHeadingRequired), paragraphs: paragraphs(1) }))
    .max(LIMITS.guideSections, MESSAGES.tooManyItems(LIMITS.guideSections))
    .default([]),
  links: z
    .array(
      z.object({
        label: requiredLine(LIMITS.title, MESSAGES.guideLinkLabelRequired),
        // A path on this site: one leading slash (never "//host"), no spaces or backslashes.
        path: text({ error: MESSAGES.guideLinkPathInvalid })
          .trim()
          .max(500, MESSAGES.tooLong(500))
          .regex(/^\/(?![/\\])[^\s\\]*$/, MESSAGES.guideLinkPathInvalid),
      }),
    )
    .max(LIMITS.guideLinks, MESSAGES.tooManyItems(LIMITS.guideLinks))
    .default([]),
});
export type GuideInput = z.infer<typeof guideSchema>;
