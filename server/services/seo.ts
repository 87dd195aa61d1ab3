import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { CONTENT_DIR } from "../paths";

const entrySchema = z.object({ url: z.string().min(1), title: z.string().min(1), desc: z.string().min(1) });
const longFormSchema = z.object({ url: z.string().min(1), title: z.string().min(1), paragraphs: z.array(z.string()) });
export type SeoEntry = z.infer<typeof entrySchema>;
export type LongFormEntry = z.infer<typeof longFormSchema>;

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

let cache: { acts: Map<string, SeoEntry>; longForm: Map<string, LongFormEntry> } | null = null;

/** Curated copy, read once per process and looked up by act url. */
export function curatedContent(dir = CONTENT_DIR) {
  cache ??= { acts: loadIndex("seo-acts", entrySchema, dir), longForm: loadIndex("seo-long-form", longFormSchema, dir) };
  return cache;
}

export function curatedSeoFor(actUrl: string): SeoEntry | null {
  return curatedContent().acts.get(actUrl) ?? null;
}
