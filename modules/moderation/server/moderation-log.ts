import { desc, eq, inArray } from "drizzle-orm";
import { MODERATION_ACTIONS, type ModerationAction, type ModerationEvent } from "../moderation";
import { moderationChanges, recordedTagIds } from "../moderation-changes";
import type { Executor } from "#server/db/client";
import { moderationEvents } from "#modules/moderation/server/tables";
import { tags } from "#modules/acts/server/tables";
import { users } from "#modules/accounts/server/tables";

/** Records a moderation action; call it inside the transaction that made the change. */
export async function recordModeration(
  tx: Executor,
  entry: {
    actId: number;
    actorId: string;
    action: ModerationAction;
    before: Record<string, unknown>;
    after: Record<string, unknown>;
  },
): Promise<void> {
  await tx.insert(moderationEvents).values(entry);
}

export async function moderationHistory(db: Executor, actId: number, limit = 50): Promise<ModerationEvent[]> {
  const rows = await db
    .select({ event: moderationEvents, actor: users.name })
    .from(moderationEvents)
    .leftJoin(users, eq(users.id, moderationEvents.actorId))
    .where(eq(moderationEvents.actId, actId))
    .orderBy(desc(moderationEvents.createdAt), desc(moderationEvents.id))
    .limit(limit);
  const tagName = await tagNamesOf(
    db,
    rows.flatMap(({ event }) => [...recordedTagIds(event.before), ...recordedTagIds(event.after)]),
  );
  return rows.map(({ event, actor }) => ({
    id: event.id,
    action: event.action as ModerationAction,
    label: MODERATION_ACTIONS[event.action as ModerationAction] ?? event.action,
    actor,
    before: event.before,
    after: event.after,
    changes: moderationChanges(event.before, event.after, tagName),
    created_at: event.createdAt.toISOString(),
  }));
}

/** Names for these tag ids, read at once; a tag removed since reads as such. */
async function tagNamesOf(db: Executor, ids: number[]): Promise<(id: number) => string> {
  const unique = [...new Set(ids)];
  const rows = unique.length
    ? await db.select({ id: tags.id, name: tags.name }).from(tags).where(inArray(tags.id, unique))
    : [];
  const names = new Map(rows.map((row) => [row.id, row.name]));
  return (id) => names.get(id) ?? "a removed tag";
}
