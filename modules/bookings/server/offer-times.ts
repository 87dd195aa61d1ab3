import { eq } from "drizzle-orm";
import { formatShortCalendarDate } from "#domain/calendar-days";
import { dayIn, offerEndsAt, offerReminderAt } from "../events";
import { formatPrice } from "#domain/prices";
import type { Database, Executor } from "#server/db/client";
import { offers } from "#modules/bookings/server/tables";
import type { JobQueue } from "#server/jobs/job-queue";
import { ApiError } from "#server/errors";
import { runInviteMove } from "./process/run-invite-move";
import { claimReminder } from "./process/sent-once";

/**
 * An offer's two moments: the morning before its last day the planner is reminded of it
 * (`offer_expiring`), and at the end of that day it is stored `expired` (`offer_expire`), both
 * where the event happens. Scheduled in the transaction that sends the offer; called off when
 * it is answered or withdrawn; each job checks the offer again when it runs.
 */
export async function scheduleOfferJobs(
  tx: Executor,
  jobs: JobQueue,
  offer: { id: number; expiresOn: string },
  timeZone: string | null,
  now = new Date(),
): Promise<void> {
  const data = { subject: `Offer ${offer.id}`, offerId: offer.id };
  const remindAt = offerReminderAt(offer.expiresOn, timeZone);
  // An offer made the evening before its last day is not announced twice.
  if (remindAt > now) await jobs.schedule(tx, "offer_expiring", { key: String(offer.id), runAt: remindAt, data });
  await jobs.schedule(tx, "offer_expire", {
    key: String(offer.id),
    runAt: offerEndsAt(offer.expiresOn, timeZone),
    data,
  });
}

/** The offer's invite, when the offer is still there (a withdrawn invite takes its offers with it). */
async function inviteOf(tx: Executor, offerId: number): Promise<number | null> {
  const [row] = await tx.select({ inviteId: offers.inviteId }).from(offers).where(eq(offers.id, offerId));
  return row?.inviteId ?? null;
}

/** A job whose move is refused (answered since, or its moment passed) has nothing to do: done, not failed. */
function nothingToDo(error: unknown): false {
  if (error instanceof ApiError && error.status === 409) return false;
  throw error;
}

/** The `offer_expire` job: a pending offer whose last day has ended is stored `expired`. Answers whether it was. */
export async function expireOffer(db: Database, jobs: JobQueue, offerId: number, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inviteId = await inviteOf(tx, offerId);
    if (inviteId === null) return false;
    return runInviteMove(tx, jobs, { inviteId, move: { offer: "expire", offerId }, by: "time", now }, (row) => {
      // Only once its last day has ended where the event happens: the read-time rule guards the move.
      const offer = row.offers.find((each) => each.id === offerId)!;
      if (offer.statusNow !== "expired") throw new ApiError("conflict", "Not yet");
      return { result: true };
    }).catch(nothingToDo);
  });
}

/**
 * The `offer_expiring` job: the planner is told of an offer still waiting, once, before its
 * last day (on that day "tomorrow" would be wrong). Answers whether they were.
 */
export async function remindOfferExpiring(
  db: Database,
  jobs: JobQueue,
  offerId: number,
  now = new Date(),
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inviteId = await inviteOf(tx, offerId);
    if (inviteId === null) return false;
    return runInviteMove(tx, jobs, { inviteId, move: { offer: "remind", offerId }, by: "time", now }, async (row) => {
      const offer = row.offers.find((each) => each.id === offerId)!;
      const first =
        offer.expiresOn !== null &&
        dayIn(now, row.timeZone) < offer.expiresOn &&
        (await claimReminder(tx, "offer_expiring", String(offerId)));
      return {
        notices: first
          ? [
              {
                to: row.event.plannerId,
                kind: "offer_expiring" as const,
                facts: {
                  actName: row.act.name,
                  actUrl: row.act.url,
                  eventName: row.event.name,
                  price: formatPrice(offer.priceCents),
                  day: formatShortCalendarDate(offer.expiresOn!),
                },
              },
            ]
          : [],
        result: first,
      };
    }).catch(nothingToDo);
  });
}
