// A reminder or request is sent once per subject and moment, however often its job runs.
import type { Executor } from "#server/db/client";
import { remindersSent } from "#modules/bookings/server/tables";

/**
 * Claims the sending of one reminder in the caller's transaction: true the first time, false
 * ever after (a job run twice, on one server or two: the second waits on the first's row).
 */
export async function claimReminder(tx: Executor, kind: string, key: string): Promise<boolean> {
  const [claimed] = await tx
    .insert(remindersSent)
    .values({ kind, key })
    .onConflictDoNothing()
    .returning({ key: remindersSent.key });
  return claimed !== undefined;
}
