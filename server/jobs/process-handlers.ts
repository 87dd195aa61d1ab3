import type { Database } from "../db/client";
import { expireOffer, remindOfferExpiring } from "../services/booking/offer-times";
import type { JobHandlers } from "./job-queue";

/** The one-off jobs of the booking process, each a service that checks its subject again when it runs. */
export type ProcessJobKind = "offer_expiring" | "offer_expire";

export function processJobHandlers(db: Database): Pick<JobHandlers, ProcessJobKind> {
  return {
    offer_expiring: (data) => remindOfferExpiring(db, Number(data?.offerId)),
    offer_expire: (data) => expireOffer(db, Number(data?.offerId)),
  };
}
