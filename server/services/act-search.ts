import { type SQL, and, asc, count, desc, eq, ilike, inArray, sql } from "drizzle-orm";
import { deriveActStatus } from "../../domain/act-status";
import type { ActSearchFilter } from "../../domain/search-filter";
import type { ActTagRelation } from "../../domain/tags";
import type { Executor } from "../db/client";
import { containsPattern } from "../db/like";
import { actTags, acts, reviews, tags } from "../db/schema";
import type { SessionUser } from "./viewer";

export const SEARCH_PAGE_SIZE = 20;

/** Which of an act's tag links each filter list looks at. */
const FILTER_RELATIONS: Record<"styles" | "bandSetups" | "songTypes" | "eventTypes" | "occasions", ActTagRelation[]> = {
  styles: ["genres", "styles"],
  bandSetups: ["bandSetups"],
  songTypes: ["songTypes"],
  eventTypes: ["eventTypes", "occasions"],
  occasions: ["eventTypes", "occasions"],
};

function hasTagNamed(names: string[], relations?: ActTagRelation[]): SQL {
  return sql`exists (select 1 from ${actTags} inner join ${tags} on ${tags.id} = ${actTags.tagId}
    where ${actTags.actId} = ${acts.id} and ${inArray(tags.name, names)}
    ${relations ? sql`and ${inArray(actTags.relation, relations)}` : sql``})`;
}

function statusCondition(status: NonNullable<ActSearchFilter["status"]>): SQL | undefined {
  switch (status) {
    case "approved":
      return and(eq(acts.applicationComplete, true), eq(acts.active, true));
    case "declined":
      return and(eq(acts.applicationComplete, true), eq(acts.active, false), eq(acts.declined, true));
    case "pending":
      return and(eq(acts.applicationComplete, true), eq(acts.active, false), eq(acts.declined, false));
    case "draft":
      return eq(acts.applicationComplete, false);
  }
}

/**
 * GET /api/acts: the act search filter of SPEC.md section 3. The public sees approved acts
 * that are not internal use only; admins see every act and may filter by status. Each list
 * matches acts with any of its tag names (actTypes: any of the act's tags). radius,
 * location_lat/lng and extras are accepted but not applied: acts carry no coordinates yet.
 */
export async function searchActs(db: Executor, viewer: SessionUser | null, filter: ActSearchFilter) {
  const admin = viewer?.role === "ADMIN";
  const conditions: (SQL | undefined)[] = [];
  if (!admin) conditions.push(eq(acts.active, true), eq(acts.internalUseOnly, false));
  else if (filter.status) conditions.push(statusCondition(filter.status));
  if (filter.searchTerms) conditions.push(ilike(acts.name, containsPattern(filter.searchTerms)));
  for (const key of Object.keys(FILTER_RELATIONS) as (keyof typeof FILTER_RELATIONS)[]) {
    if (filter[key].length) conditions.push(hasTagNamed(filter[key], FILTER_RELATIONS[key]));
  }
  if (filter.actTypes.length) conditions.push(hasTagNamed(filter.actTypes));
  const where = and(...conditions);

  const [total] = await db.select({ value: count() }).from(acts).where(where);
  const rows = await db
    .select({
      url: acts.url,
      name: acts.name,
      headline: acts.headline,
      avatar: acts.avatar,
      location: acts.location,
      isFeatured: acts.isFeatured,
      active: acts.active,
      declined: acts.declined,
      applicationComplete: acts.applicationComplete,
      // Written out: inside a select list Drizzle would leave the columns unqualified.
      average: sql<string | null>`(select round(avg(r.rating), 1) from ${reviews} r where r.act_id = "acts"."id")`,
      reviewCount: sql<number>`(select count(*)::int from ${reviews} r where r.act_id = "acts"."id")`,
    })
    .from(acts)
    .where(where)
    .orderBy(desc(acts.isFeatured), asc(acts.name), asc(acts.id))
    .limit(SEARCH_PAGE_SIZE)
    .offset((filter.page - 1) * SEARCH_PAGE_SIZE);

  return {
    data: rows.map((row) => ({
      url: row.url,
      name: row.name,
      headline: row.headline,
      avatar: row.avatar,
      location: row.location,
      is_featured: row.isFeatured ? 1 : 0,
      rating: { average: row.average === null ? null : Number(row.average), count: row.reviewCount },
      ...(admin ? { status: deriveActStatus({ application_complete: row.applicationComplete, active: row.active, declined: row.declined }) } : {}),
    })),
    meta: { page: filter.page, perPage: SEARCH_PAGE_SIZE, total: total?.value ?? 0 },
  };
}
