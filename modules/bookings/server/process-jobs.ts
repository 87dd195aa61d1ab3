import type { Database } from "#server/db/client";
import type { CardGateway } from "#server/payments/card-gateway";
import { readCharge, readUnwantedCharge, releaseHeldPayments, releasePayment } from "./card-payouts";
import { refundByCard } from "./card-refunds";
import { chargeSavedCard } from "./card-saved";
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
  | "card_release"
  | "payment_charge";

export function processJobHandlers(
  db: Database,
  jobs: JobQueue,
  cards?: CardGateway,
): Pick<JobHandlers, ProcessJobKind> {
  return {
    card_refund: (data) => refundByCard(db, jobs, cards, data),
    card_charge: async (data) =>
      "bookingId" in data
        ? readUnwantedCharge(db, jobs, cards, data.bookingId, data.paymentIntentId)
        : (await readCharge(db, jobs, cards, data.paymentId)) !== null,
    card_payout: (data) => releasePayment(db, jobs, cards, data.paymentId, data.attempt),
    card_release: () => releaseHeldPayments(db, jobs, cards),
    payment_charge: (data) => chargeSavedCard(db, jobs, cards, data.paymentId),
    offer_expiring: (data) => remindOfferExpiring(db, jobs, data.offerId),
    offer_expire: (data) => expireOffer(db, jobs, data.offerId),
    event_reminder: (data) => remindOfEvent(db, jobs, data.bookingId, data.days),
    payment_due: (data) => remindPaymentDue(db, jobs, data.paymentId, data.days),
    review_request: (data) => requestReview(db, jobs, data.bookingId),
  };
}
