import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { guideSchema, seoEntrySchema } from "../schemas";
import { CONTENT_DIR } from "#server/paths";
import type { Database } from "#server/db/client";
import { contentImports, guides, seoEntries } from "#modules/seo/server/tables";

/** The files' own shape (url, title, desc; long-form: url, title, paragraphs). */
const actFile = z.array(z.object({ url: z.string(), title: z.string(), desc: z.string() }));
const listingFile = z.array(
  z.object({ url: z.string(), title: z.string(), desc: z.string(), intro: z.array(z.string()).default([]) }),
);
const guideFile = z.array(z.looseObject({ url: z.string() }));

const KINDS = [
  {
    prefix: "seo-acts",
    read: (raw: unknown) => ({
      entries: actFile
        .parse(raw)
        .map((entry) =>
          seoEntrySchema.parse({ kind: "act", key: entry.url, title: entry.title, description: entry.desc }),
        ),
      guides: [],
    }),
  },
  {
    prefix: "seo-listings",
    read: (raw: unknown) => ({
      entries: listingFile.parse(raw).map((entry) =>
        seoEntrySchema.parse({
          kind: "listing",
          key: entry.url,
          title: entry.title,
          description: entry.desc,
          intro: entry.intro,
        }),
      ),
      guides: [],
    }),
  },
  {
    prefix: "seo-long-form",
    read: (raw: unknown) => ({
      entries: [],
      guides: guideFile.parse(raw).map(({ url, ...guide }) => guideSchema.parse({ slug: url, ...guide })),
    }),
  },
];

/**
 * Imports each content/ file of curated copy (seo-acts*, seo-listings*, seo-long-form*.json)
 * that this database has not imported before, checked by the editor's own schemas. From then
 * on the database is the source: admins edit at /admin/seo, an entry they delete stays
 * deleted, and an entry they changed is not overwritten. A new file is imported on the next start.
 */
export async function loadContent(db: Database, dir = CONTENT_DIR): Promise<void> {
  const done = new Set((await db.select({ file: contentImports.file }).from(contentImports)).map((row) => row.file));
  const files = readdirSync(dir)
    .filter((name) => name.endsWith(".json") && !done.has(name))
    .sort();
  for (const file of files) {
    const kind = KINDS.find((candidate) => file.startsWith(candidate.prefix));
    if (!kind) continue;
    const parsed = kind.read(JSON.parse(readFileSync(join(dir, file), "utf8")));
    await db.transaction(async (tx) => {
      if (parsed.entries.length) await tx.insert(seoEntries).values(parsed.entries).onConflictDoNothing();
      if (parsed.guides.length) await tx.insert(guides).values(parsed.guides).onConflictDoNothing();
      await tx.insert(contentImports).values({ file }).onConflictDoNothing();
    });
  }
}
