import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { CONTENT_DIR } from "../paths";

const entrySchema = z.object({ url: z.string().min(1), title: z.string().min(1), desc: z.string().min(1) });
/** A guide: its slug (`url`), title and paragraphs; `sections` add headed parts, `links` point into listings. */
const longFormSchema = z.object({
  url: z.string().regex(/^[a-z0-9-]+$/),
  title: z.string().min(1),
  description: z.string().min(1).optional(),
  paragraphs: z.array(z.string()),
  sections: z.array(z.object({ heading: z.string().min(1), paragraphs: z.array(z.string()) })).default([]),
  links: z.array(z.object({ label: z.string().min(1), path: z.string().startsWith("/") })).default([]),
});
/** A listing page's curated copy, keyed by its path ("/hire/jazz/austin-tx"): title, description, introduction. */
const listingSchema = entrySchema.extend({ intro: z.array(z.string()).default([]) });
export type SeoEntry = z.infer<typeof entrySchema>;
export type LongFormEntry = z.infer<typeof longFormSchema>;
export type ListingEntry = z.infer<typeof listingSchema>;

function loadIndex<T extends { url: string }>(prefix: string, schema: z.ZodType<T>, dir: string): Map<string, T> {
  const index = new Map<string, T>();
  const files = readdirSync(dir).filter((name) => name.startsWith(prefix) && name.endsWith(".json"));
  for (const file of files.sort()) {
    const entries = z.array(schema).parse(JSON.parse(readFileSync(join(dir, file), "utf8")));
    for (const entry of entries) {
      if (index.has(entry.url)) throw new Error(`content/${file}: the url ${entry.url} is listed twice`);
      index.set(entry.url, entry);
    }
  }
  return index;
}

let cache: { acts: Map<string, SeoEntry>; longForm: Map<string, LongFormEntry>; listings: Map<string, ListingEntry> } | null = null;

/** Curated copy, read once per process and looked up by act url. */
export function curatedContent(dir = CONTENT_DIR) {
  cache ??= {
    acts: loadIndex("seo-acts", entrySchema, dir),
    longForm: loadIndex("seo-long-form", longFormSchema as z.ZodType<LongFormEntry>, dir),
    listings: loadIndex("seo-listings", listingSchema as z.ZodType<ListingEntry>, dir),
  };
  return cache;
}

export function curatedSeoFor(actUrl: string): SeoEntry | null {
  return curatedContent().acts.get(actUrl) ?? null;
}

export function curatedListingFor(path: string): ListingEntry | null {
  return curatedContent().listings.get(path) ?? null;
}

export function guides(): LongFormEntry[] {
  return [...curatedContent().longForm.values()];
}

export function guideFor(slug: string): LongFormEntry | null {
  return curatedContent().longForm.get(slug) ?? null;
}
