import { asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { applicationChecklist } from "#modules/acts/application-checklist";
import type { ActStatusKey } from "#modules/acts/act-status";
import type { Executor } from "#server/db/client";
import { acts, actTags, tags } from "#modules/acts/server/tables";
import { documents } from "#modules/files/server/tables";
import { tagUpdateRequests } from "#modules/moderation/server/tables";
import { users } from "#modules/accounts/server/tables";
import { applicationFacts } from "#modules/acts/server";
import { pendingRequests } from "./act-tags";

/** The displayed act statuses (pending, approved, rejected, inactive…) as conditions on the act row (in the order modules/acts/act-status.ts checks them). */
const STATUS_CONDITION: Record<ActStatusKey, SQL> = {
  draft: sql`not ${acts.applicationComplete}`,
  approved: sql`${acts.applicationComplete} and ${acts.active}`,
  declined: sql`${acts.applicationComplete} and not ${acts.active} and ${acts.declined}`,
  pending: sql`${acts.applicationComplete} and not ${acts.active} and not ${acts.declined}`,
};
export const QUEUE_STATUSES: ActStatusKey[] = ["pending", "approved", "declined", "draft"];
export const QUEUE_PAGE_SIZE = 25;

/** How many acts are in each status, in one query. */
export async function countActsByStatus(db: Executor): Promise<Record<ActStatusKey, number>> {
  const [row] = await db
    .select({
      draft: sql<number>`count(*) filter (where ${STATUS_CONDITION.draft})::int`,
      approved: sql<number>`count(*) filter (where ${STATUS_CONDITION.approved})::int`,
      declined: sql<number>`count(*) filter (where ${STATUS_CONDITION.declined})::int`,
      pending: sql<number>`count(*) filter (where ${STATUS_CONDITION.pending})::int`,
    })
    .from(acts);
  return row ?? { draft: 0, approved: 0, declined: 0, pending: 0 };
}

/**
 * One page of the acts in a status, oldest first (the longest waiting at the top), with what an
 * admin judges an act by before deciding: its photo, headline, city, tags and the application's
 * checklist.
 */
export async function listActsByStatus(db: Executor, status: ActStatusKey, page: number) {
  const rows = await db
    .select({ act: acts, manager: users.name })
    .from(acts)
    .leftJoin(users, eq(users.id, acts.managerId))
    .where(STATUS_CONDITION[status])
    .orderBy(asc(acts.createdAt), asc(acts.id))
    .limit(QUEUE_PAGE_SIZE)
    .offset((page - 1) * QUEUE_PAGE_SIZE);
  const ids = rows.map((row) => row.act.id);
  const [facts, tagRows] = await Promise.all([
    applicationFacts(
      db,
      rows.map((row) => row.act),
    ),
    ids.length
      ? db
          .select({
            actId: actTags.actId,
            names: sql<string[]>`array_agg(distinct ${tags.name} order by ${tags.name})`,
          })
          .from(actTags)
          .innerJoin(tags, eq(tags.id, actTags.tagId))
          .where(inArray(actTags.actId, ids))
          .groupBy(actTags.actId)
      : [],
  ]);
  const tagNames = new Map(tagRows.map((row) => [row.actId, row.names]));
  return rows.map(({ act, manager }) => ({
    url: act.url,
    name: act.name,
    avatar: act.avatar,
    headline: act.headline,
    location: act.location,
    tags: tagNames.get(act.id) ?? [],
    checklist: applicationChecklist(facts.get(act.id)!),
    manager,
    created_at: act.createdAt.toISOString(),
    updated_at: act.updatedAt.toISOString(),
    decline_reason: act.declineReason,
  }));
}

/** Pending tag update requests, oldest first, with their act and the tags asked for. */
export async function listPendingTagRequests(db: Executor) {
  const rows = await db
    .selectDistinctOn([tagUpdateRequests.actId], {
      actId: acts.id,
      url: acts.url,
      name: acts.name,
      requestedBy: users.name,
      createdAt: tagUpdateRequests.createdAt,
    })
    .from(tagUpdateRequests)
    .innerJoin(acts, eq(acts.id, tagUpdateRequests.actId))
    .leftJoin(users, eq(users.id, tagUpdateRequests.requestedBy))
    .where(eq(tagUpdateRequests.status, "pending"))
    .orderBy(tagUpdateRequests.actId, asc(tagUpdateRequests.createdAt));
  const withTags = await Promise.all(
    rows.map(async (row) => ({
      act: { url: row.url, name: row.name },
      requested_by: row.requestedBy,
      created_at: row.createdAt.toISOString(),
      tags: (await pendingRequests(db, row.actId))[0]?.tags ?? [],
    })),
  );
  return withTags.sort((a, b) => a.created_at.localeCompare(b.created_at));
}

/** What waits for an admin: acts pending approval, tag requests, documents, in one query. */
export async function countWaitingForAdmin(db: Executor) {
  const [row] = await db
    .select({
      acts: sql<number>`(select count(*) from ${acts} where ${STATUS_CONDITION.pending})::int`,
      tagRequests: sql<number>`(select count(distinct ${tagUpdateRequests.actId}) from ${tagUpdateRequests} where ${tagUpdateRequests.status} = 'pending')::int`,
      documents: sql<number>`(select count(*) from ${documents} where ${documents.approval} = 'pending')::int`,
    })
    .from(sql`(select 1) as one`);
  const waiting = row ?? { acts: 0, tagRequests: 0, documents: 0 };
  return { ...waiting, total: waiting.acts + waiting.tagRequests + waiting.documents };
}
