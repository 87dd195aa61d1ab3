import { and, asc, count, eq, ilike, or, sql } from "drizzle-orm";
import { MESSAGES } from "#domain/messages";
import type { GuideInput, SeoEntryInput } from "../schemas";
import { LISTING_PATH_PATTERN, type SeoEntryKind } from "../seo";
import type { Executor } from "#server/db/client";
import { type ReadCache, cachedRead } from "#server/cache/cached-read";
import { isUniqueViolation } from "#server/db/errors";
import { containsPattern } from "#server/db/like";
import { acts } from "#modules/acts/server/tables";
import { guides, seoEntries } from "#modules/seo/server/tables";
import { conflict, notFound, validationFailed } from "#server/errors";
import { findCategory, findPlaceBySlug } from "#modules/discovery/server";

/** Entries per page of the admin list. */
export const SEO_PAGE_SIZE = 50;

const entryColumns = {
  id: seoEntries.id,
  kind: seoEntries.kind,
  key: seoEntries.key,
  title: seoEntries.title,
  description: seoEntries.description,
  intro: seoEntries.intro,
  updatedAt: seoEntries.updatedAt,
};
const guideColumns = {
  id: guides.id,
  slug: guides.slug,
  title: guides.title,
  description: guides.description,
  paragraphs: guides.paragraphs,
  sections: guides.sections,
  links: guides.links,
  updatedAt: guides.updatedAt,
};
export type SeoEntry = Awaited<ReturnType<typeof findSeoEntry>> & {};
export type Guide = Awaited<ReturnType<typeof findGuide>> & {};

async function entryFor(db: Executor, kind: SeoEntryKind, key: string) {
  const [entry] = await db
    .select(entryColumns)
    .from(seoEntries)
    .where(and(eq(seoEntries.kind, kind), eq(seoEntries.key, key)))
    .limit(1);
  return entry ?? null;
}

/**
 * Every listing's curated copy, by path, kept until everything changes: a listing's entry
 * notifies "all" (migration 0034). Admins curate a few hundred at most.
 */
const curatedListings = cachedRead({
  name: "curated-listings",
  maxEntries: 1,
  key: () => "all",
  tags: () => [],
  read: async (db) =>
    new Map(
      (await db.select(entryColumns).from(seoEntries).where(eq(seoEntries.kind, "listing"))).map((entry) => [
        entry.key,
        entry,
      ]),
    ),
});

/** A listing page's curated title, description and introduction, keyed by its path; from the kept copy when given a cache. */
export async function curatedListingFor(db: Executor, path: string, cache?: ReadCache) {
  if (!cache) return entryFor(db, "listing", path);
  return (await curatedListings({ db, cache }, null)).get(path) ?? null;
}

export async function findSeoEntry(db: Executor, id: number) {
  const [entry] = await db.select(entryColumns).from(seoEntries).where(eq(seoEntries.id, id)).limit(1);
  return entry ?? null;
}

/** The admin list: one kind, optionally those whose key or title contains `query`, by key. */
export async function listSeoEntries(db: Executor, kind: SeoEntryKind, query: string, page: number) {
  const matching = query
    ? and(
        eq(seoEntries.kind, kind),
        or(ilike(seoEntries.key, containsPattern(query)), ilike(seoEntries.title, containsPattern(query))),
      )
    : eq(seoEntries.kind, kind);
  const [rows, [total]] = await Promise.all([
    db
      .select(entryColumns)
      .from(seoEntries)
      .where(matching)
      .orderBy(asc(seoEntries.key))
      .limit(SEO_PAGE_SIZE)
      .offset((page - 1) * SEO_PAGE_SIZE),
    db.select({ value: count() }).from(seoEntries).where(matching),
  ]);
  return { entries: rows, total: total?.value ?? 0 };
}

/** An entry must name a page that exists: an act's url, or a listing path of a known tag and city. */
async function checkEntryTarget(db: Executor, input: SeoEntryInput): Promise<void> {
  if (input.kind === "act") {
    const [act] = await db.select({ id: acts.id }).from(acts).where(eq(acts.url, input.key)).limit(1);
    if (!act) throw validationFailed({ key: [MESSAGES.seoUnknownAct] });
    return;
  }
  const [, category = "", city = ""] = LISTING_PATH_PATTERN.exec(input.key) ?? [];
  const [tag, place] = await Promise.all([findCategory(db, category), findPlaceBySlug(db, city)]);
  if (!tag || !place) throw validationFailed({ key: [MESSAGES.seoUnknownListing] });
}

const uniqueOr409 = async <T>(write: Promise<T>, message: string): Promise<T> => {
  try {
    return await write;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(message);
    throw error;
  }
};

export async function createSeoEntry(db: Executor, input: SeoEntryInput) {
  await checkEntryTarget(db, input);
  const [entry] = await uniqueOr409(
    db.insert(seoEntries).values(input).returning(entryColumns),
    MESSAGES.seoEntryExists,
  );
  return entry!;
}

export async function updateSeoEntry(db: Executor, id: number, input: SeoEntryInput) {
  await checkEntryTarget(db, input);
  const [entry] = await uniqueOr409(
    db
      .update(seoEntries)
      .set({ ...input, updatedAt: sql`now()` })
      .where(eq(seoEntries.id, id))
      .returning(entryColumns),
    MESSAGES.seoEntryExists,
  );
  if (!entry) throw notFound("No such curated entry");
  return entry;
}

export async function deleteSeoEntry(db: Executor, id: number): Promise<void> {
  const deleted = await db.delete(seoEntries).where(eq(seoEntries.id, id)).returning({ id: seoEntries.id });
  if (deleted.length === 0) throw notFound("No such curated entry");
}

/** Every guide, by title: the /guides index, the sitemap and the admin list. */
export function listGuides(db: Executor) {
  return db.select(guideColumns).from(guides).orderBy(asc(guides.title));
}

export async function findGuide(db: Executor, slug: string) {
  const [guide] = await db.select(guideColumns).from(guides).where(eq(guides.slug, slug)).limit(1);
  return guide ?? null;
}

export async function createGuide(db: Executor, input: GuideInput) {
  const [guide] = await uniqueOr409(db.insert(guides).values(input).returning(guideColumns), MESSAGES.guideSlugExists);
  return guide!;
}

/** Saves a guide under `slug`; the input's slug may move it to a new address. */
export async function updateGuide(db: Executor, slug: string, input: GuideInput) {
  const [guide] = await uniqueOr409(
    db
      .update(guides)
      .set({ ...input, updatedAt: sql`now()` })
      .where(eq(guides.slug, slug))
      .returning(guideColumns),
    MESSAGES.guideSlugExists,
  );
  if (!guide) throw notFound("No such guide");
  return guide;
}

export async function deleteGuide(db: Executor, slug: string): Promise<void> {
  const deleted = await db.delete(guides).where(eq(guides.slug, slug)).returning({ id: guides.id });
  if (deleted.length === 0) throw notFound("No such guide");
}

/** How many curated entries of each kind, and guides, there are: the admin page's tabs. */
export async function countSeoContent(db: Executor): Promise<Record<SeoEntryKind | "guide", number>> {
  const [kinds, [guideCount]] = await Promise.all([
    db.select({ kind: seoEntries.kind, value: count() }).from(seoEntries).groupBy(seoEntries.kind),
    db.select({ value: count() }).from(guides),
  ]);
  const counts = { act: 0, listing: 0, guide: guideCount?.value ?? 0 };
  for (const row of kinds) counts[row.kind] = row.value;
  return counts;
}
