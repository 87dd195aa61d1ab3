import { eq } from "drizzle-orm";
import { formatShortCalendarDate } from "#modules/availability/calendar-days";
import { OFFER_MOVES, canMove } from "../booking-process";
import { dayIn, offerEndsAt, offerReminderAt, offerStatusAt } from "../events";
import { formatPrice } from "#domain/prices";
import type { Database, Executor } from "#server/db/client";
import { offers } from "#server/db/schema";
import type { JobQueue } from "#server/jobs/job-queue";
import { notify } from "#modules/notifications/server";
import { lockedOffer } from "./locked-offer";
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

/** The offer was answered: nothing is left to remind of, or to close. */
export async function cancelOfferJobs(tx: Executor, jobs: JobQueue, offerIds: number[]): Promise<void> {
  for (const id of offerIds) {
    await jobs.cancel(tx, "offer_expiring", String(id));
    await jobs.cancel(tx, "offer_expire", String(id));
  }
}

/** The `offer_expire` job: a pending offer whose last day has ended is stored `expired`. Answers whether it was. */
export async function expireOffer(db: Database, offerId: number, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await lockedOffer(tx, offerId);
    // The read-time rule guards the move: only a pending offer whose last day has ended expires.
    if (
      !row ||
      !canMove(OFFER_MOVES.expire, row.offer.status) ||
      offerStatusAt(row.offer.status, row.offer.expiresOn, row.timeZone, now) !== "expired"
    )
      return false;
    await tx.update(offers).set({ status: "expired" }).where(eq(offers.id, offerId));
    return true;
  });
}

/** The `offer_expiring` job: the planner is told of an offer still waiting on the day before its last. Answers whether they were. */
export async function remindOfferExpiring(db: Database, offerId: number, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await lockedOffer(tx, offerId);
    if (!row?.offer.expiresOn || offerStatusAt(row.offer.status, row.offer.expiresOn, row.timeZone, now) !== "pending")
      return false;
    // Once, and only before the offer's last day: on that day "tomorrow" would be wrong.
    if (dayIn(now, row.timeZone) >= row.offer.expiresOn) return false;
    if (!(await claimReminder(tx, "offer_expiring", String(offerId)))) return false;
    await notify(tx, row.event.plannerId, "offer_expiring", {
      actName: row.act.name,
      actUrl: row.act.url,
      eventName: row.event.name,
      price: formatPrice(row.offer.priceCents),
      day: formatShortCalendarDate(row.offer.expiresOn),
    });
    return true;
  });
}
