import { and, count, eq, inArray, sql } from "drizzle-orm";
import {
  type ApplicationFacts,
  applicationChecklist,
  incompleteApplicationMessage,
  missingForApplication,
} from "../application-checklist";
import { deriveActStatus } from "../act-status";
import type { Executor } from "#server/db/client";
import { acts, actTags } from "#modules/acts/server/tables";
import { images } from "#modules/files/server/tables";
import { tagUpdateRequests } from "#modules/moderation/server/tables";
import { conflict } from "#server/errors";
import type { SessionUser } from "#domain/session-user";

type ActRow = typeof acts.$inferSelect;

/** The facts the application checklist reads, for many acts in three queries. */
export async function applicationFacts(db: Executor, rows: ActRow[]): Promise<Map<number, ApplicationFacts>> {
  const ids = rows.map((row) => row.id);
  const counted = async (column: typeof images.actId | typeof actTags.actId, table: typeof images | typeof actTags) =>
    new Map(
      ids.length
        ? (
            await db.select({ actId: column, value: count() }).from(table).where(inArray(column, ids)).groupBy(column)
          ).map((row) => [row.actId, row.value])
        : [],
    );
  const imageCounts = await counted(images.actId, images);
  const tagCounts = await counted(actTags.actId, actTags);
  const requested = new Set(
    ids.length
      ? (
          await db
            .select({ actId: tagUpdateRequests.actId })
            .from(tagUpdateRequests)
            .where(and(inArray(tagUpdateRequests.actId, ids), eq(tagUpdateRequests.status, "pending")))
        ).map((row) => row.actId)
      : [],
  );
  return new Map(
    rows.map((row) => [
      row.id,
      {
        headline: row.headline,
        description: row.description,
        location: row.location,
        avatar: row.avatar,
        imageCount: imageCounts.get(row.id) ?? 0,
        tagCount: tagCounts.get(row.id) ?? 0,
        pendingTagRequest: requested.has(row.id),
      },
    ]),
  );
}

/** Refuses to submit an application while the checklist has open items (409, naming them). */
export async function requireCompleteApplication(db: Executor, act: ActRow): Promise<void> {
  const facts = (await applicationFacts(db, [act])).get(act.id)!;
  const missing = missingForApplication(facts);
  if (missing.length) throw conflict(incompleteApplicationMessage(missing));
}

/** The caller's own acts (those they manage), newest first, each with its status and checklist. */
export async function listOwnActs(db: Executor, viewer: SessionUser) {
  const rows = await db
    .select()
    .from(acts)
    .where(eq(acts.managerId, viewer.id))
    .orderBy(sql`${acts.createdAt} desc`, acts.id);
  const facts = await applicationFacts(db, rows);
  return rows.map((row) => ({
    url: row.url,
    name: row.name,
    status: deriveActStatus({
      application_complete: row.applicationComplete,
      active: row.active,
      declined: row.declined,
    }),
    decline_reason: row.declined ? row.declineReason : null,
    payment_instructions: row.paymentInstructions,
    travel: row.travel,
    takes: row.takes,
    // A declined act shows its checklist again: its artist fixes what the reason names and resubmits.
    checklist: row.applicationComplete && !row.declined ? [] : applicationChecklist(facts.get(row.id)!),
  }));
}
