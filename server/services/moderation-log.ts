import { desc, eq } from "drizzle-orm";
import { MODERATION_ACTIONS, type ModerationAction, type ModerationEvent } from "../../domain/moderation";
import type { Executor } from "../db/client";
import { moderationEvents, users } from "../db/schema";

/** Records a moderation action; call it inside the transaction that made the change. */
export async function recordModeration(
  tx: Executor,
  entry: { actId: number; actorId: string; action: ModerationAction; before: Record<string, unknown>; after: Record<string, unknown> },
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
  return rows.map(({ event, actor }) => ({
    id: event.id,
    action: event.action as ModerationAction,
    label: MODERATION_ACTIONS[event.action as ModerationAction] ?? event.action,
    actor,
    before: event.before,
    after: event.after,
    created_at: event.createdAt.toISOString(),
  }));
}
