import type { Database } from "#server/db/client";
import type { CardGateway } from "./card-gateway";
import { readCharge, readUnwantedCharge, releaseHeldPayments, releasePayment } from "./card-payouts";
import { refundByCard } from "./card-refunds";
import { remindOfEvent, requestReview } from "./booking-times";
import { expireOffer, remindOfferExpiring } from "./offer-times";
import { remindPaymentDue } from "./payments";
import type { JobHandlers, JobQueue } from "#server/jobs/job-queue";

/** The one-off jobs of the booking process, each a service that checks its subject again when it runs. */
export type ProcessJobKind =
  | "offer_expiring"
  | "offer_expire"
  | "event_reminder"
  | "payment_due"
  | "review_request"
  | "card_refund"
  | "card_charge"
  | "card_payout"
  | "card_release";

export function processJobHandlers(
  db: Database,
  jobs: JobQueue,
  cards?: CardGateway,
): Pick<JobHandlers, ProcessJobKind> {
  return {
    card_refund: (data) =>
      refundByCard(db, jobs, cards, {
        paymentIntentId: String(data?.paymentIntentId),
        paymentId: data?.paymentId == null ? null : Number(data.paymentId),
        cents: Number(data?.cents),
        key: String(data?.key),
        takeBackCents: Number(data?.takeBackCents ?? 0),
        feeBackCents: Number(data?.feeBackCents ?? 0),
      }),
    card_charge: async (data) =>
      data?.paymentId == null
        ? readUnwantedCharge(db, jobs, cards, Number(data?.bookingId), String(data?.paymentIntentId))
        : (await readCharge(db, jobs, cards, Number(data.paymentId))) !== null,
    card_payout: (data) => releasePayment(db, jobs, cards, Number(data?.paymentId), Number(data?.attempt ?? 0)),
    card_release: () => releaseHeldPayments(db, jobs, cards),
    offer_expiring: (data) => remindOfferExpiring(db, jobs, Number(data?.offerId)),
    offer_expire: (data) => expireOffer(db, jobs, Number(data?.offerId)),
    event_reminder: (data) => remindOfEvent(db, jobs, Number(data?.bookingId), Number(data?.days)),
    payment_due: (data) => remindPaymentDue(db, jobs, Number(data?.paymentId), Number(data?.days)),
    review_request: (data) => requestReview(db, jobs, Number(data?.bookingId)),
  };
}
