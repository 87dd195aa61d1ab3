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
  mail_retry: { label: "Send mail that is due again", every: "* * * * *" },
  calendar_read: { label: "Read subscribed calendars", every: "* * * * *" },
  facet_compact: { label: "Compact search facet counts", every: "* * * * *" },
  upload_sweep: { label: "Remove uploads nothing uses", every: "17 * * * *" },
  response_facts: { label: "Refresh acts' response facts", every: "43 * * * *" },
  card_release: { label: "Release held card payments to acts", every: "*/5 * * * *" },
} as const satisfies Record<string, { label: string; every: string | null }>;

export type JobKind = keyof typeof JOB_KINDS;
export const JOB_KIND_NAMES = Object.keys(JOB_KINDS) as JobKind[];

/** A job as an admin reads it: waiting for its time, running, done, or failed after its last try. */
export const JOB_STATES = ["scheduled", "running", "done", "failed"] as const;
export type JobState = (typeof JOB_STATES)[number];

export const JOB_STATE_LABELS: Record<JobState, string> = {
  scheduled: "Scheduled",
  running: "Running",
  done: "Done",
  failed: "Failed",
};
