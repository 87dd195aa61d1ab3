import { z } from "zod";

/**
 * The work the product does later or elsewhere, as durable jobs (server/jobs/): each kind's
 * name in the queue (the API's `kind`), what an admin reads for it, and, for the recurring
 * kinds, how often it runs (a cron line in UTC). The others run once, at a time a change set.
 */
export const JOB_KINDS = {
  offer_expiring: { label: "Remind the planner of an offer's last day", every: null },
  offer_expire: { label: "Close an offer after its last day", every: null },
  event_reminder: { label: "Remind both sides of a booked event", every: null },
  payment_due: { label: "Remind the planner of a payment due", every: null },
  review_request: { label: "Ask the planner for a review, and complete the booking", every: null },
  card_refund: { label: "Refund a card payment through Stripe", every: null },
  card_charge: { label: "Read a card payment's charge and Stripe's fee", every: null },
  card_payout: { label: "Release one held card payment to its act", every: null },
  payment_charge: { label: "Charge the planner's saved card on a payment's day", every: null },
  mail_retry: { label: "Send mail that is due again", every: "* * * * *" },
  calendar_read: { label: "Read subscribed calendars", every: "* * * * *" },
  facet_compact: { label: "Compact search facet counts", every: "* * * * *" },
  upload_sweep: { label: "Remove uploads nothing uses", every: "17 * * * *" },
  response_facts: { label: "Refresh acts' response facts", every: "43 * * * *" },
  card_release: { label: "Release held card payments to acts", every: "*/5 * * * *" },
  pages_ahead: { label: "Store guests' pages before a crawler asks", every: "* * * * *" },
} as const satisfies Record<string, { label: string; every: string | null }>;

export type JobKind = keyof typeof JOB_KINDS;
export const JOB_KIND_NAMES = Object.keys(JOB_KINDS) as JobKind[];

/** What an admin reads a job to be about ("Booking GDQTJ79Y"). */
const subject = z.string().min(1);
const rowId = z.number().int().positive();
const cents = z.number().int().nonnegative();
/** A recurring round carries nothing (an admin's "run now" adds its note, which the round ignores). */
const nothing = z.object({}).nullish();

/**
 * What each kind's job carries, parsed when the job is read: a job written with a wrong or
 * missing field fails (tried again, then shown failed to admins with the field named) instead
 * of running on `NaN` and reading as done. `schedule` takes each kind's own shape.
 */
export const JOB_PAYLOADS = {
  offer_expiring: z.object({ subject, offerId: rowId }),
  offer_expire: z.object({ subject, offerId: rowId }),
  event_reminder: z.object({ subject, bookingId: rowId, days: z.number().int() }),
  payment_due: z.object({ subject, paymentId: rowId, days: z.number().int() }),
  review_request: z.object({ subject, bookingId: rowId }),
  card_refund: z.object({
    subject,
    paymentIntentId: z.string().min(1),
    paymentId: rowId.nullable(),
    cents: cents.positive(),
    key: z.string().min(1),
    takeBackCents: cents.default(0),
    feeBackCents: cents.default(0),
  }),
  /** A booking's payment's charge, or a charge that paid nothing we wanted (it is refunded). */
  card_charge: z.union([
    z.object({ subject, paymentId: rowId }),
    z.object({ subject, bookingId: rowId, paymentIntentId: z.string().min(1) }),
  ]),
  card_payout: z.object({ subject, paymentId: rowId, attempt: z.number().int().nonnegative().default(0) }),
  payment_charge: z.object({ subject, paymentId: rowId }),
  mail_retry: nothing,
  calendar_read: nothing,
  facet_compact: nothing,
  upload_sweep: nothing,
  response_facts: nothing,
  card_release: nothing,
  pages_ahead: nothing,
} as const satisfies Record<JobKind, z.ZodType>;

/** A job of this kind as its handler gets it. */
export type JobPayload<K extends JobKind> = z.output<(typeof JOB_PAYLOADS)[K]>;
/** What a change gives when it schedules a job of this kind. */
export type JobPayloadInput<K extends JobKind> = z.input<(typeof JOB_PAYLOADS)[K]>;

/** A job as an admin reads it: waiting for its time, running, done, or failed after its last try. */
export const JOB_STATES = ["scheduled", "running", "done", "failed"] as const;
export type JobState = (typeof JOB_STATES)[number];

export const JOB_STATE_LABELS: Record<JobState, string> = {
  scheduled: "Scheduled",
  running: "Running",
  done: "Done",
  failed: "Failed",
};
