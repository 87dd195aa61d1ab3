import { z } from "zod";
import { LIMITS } from "#domain/limits";
import { MESSAGES } from "#domain/messages";
import { MAX_AMOUNT_CENTS } from "#domain/prices";
import { requiredText } from "#domain/schemas/fields";

/**
 * When something goes wrong with a booking (issue 43): either side reports a problem, which
 * opens a case; an admin reads the booking and its conversation, and resolves it with a refund
 * of any part of what was paid and a note that both sides read. A case open holds any release
 * of money (once money is held through us).
 */
/** What either side reports. */
export const REPORT_KINDS = ["no_show", "late", "not_as_agreed", "other"] as const;
/** What a case is about: a side's report, or a chargeback, which Stripe's dispute events open and close. */
export const CASE_KINDS = [...REPORT_KINDS, "dispute"] as const;
export type CaseKind = (typeof CASE_KINDS)[number];
export const CASE_KIND_LABELS: Record<CaseKind, string> = {
  no_show: "The other side did not show up",
  late: "Late",
  not_as_agreed: "Not as agreed",
  other: "Something else",
  dispute: "The planner's bank disputed a card payment",
};
export const CASE_STATUSES = ["open", "resolved"] as const;
/** What can only have gone wrong once the event has started. */
export const KINDS_FROM_THE_START: readonly CaseKind[] = ["no_show", "late"];

export const CASE_MESSAGES = {
  kindRequired: "Choose what went wrong",
  notStarted: "The event has not started",
  detailsRequired: "Details are required",
  noteRequired: "Note is required",
  refundWholeCents: "Enter a refund in whole cents, 0 or more",
  alreadyOpen: "A problem is already reported on this booking: an admin is looking at it",
  cancelled: "This booking is cancelled: there is nothing left to report on",
  /** A card booking whose balance went to the act: the guarantee is over. */
  released: "This booking's balance is already released to the act: there is nothing left to hold",
  notASide: "Only the booking's planner and its act report a problem",
  resolved: "This case is already resolved",
  refundOver: (most: string) => `At most ${most} can be refunded: what was paid and is not yet refunded or owed`,
} as const;

export const reportProblemSchema = z.object({
  kind: z.enum(REPORT_KINDS, { error: CASE_MESSAGES.kindRequired }),
  details: requiredText(LIMITS.cancelReason, CASE_MESSAGES.detailsRequired),
});
export type ReportProblemInput = z.infer<typeof reportProblemSchema>;

export const resolveCaseSchema = z.object({
  refund_cents: z
    .number({ error: CASE_MESSAGES.refundWholeCents })
    .int(CASE_MESSAGES.refundWholeCents)
    .min(0, CASE_MESSAGES.refundWholeCents)
    .max(MAX_AMOUNT_CENTS, MESSAGES.amountTooHigh),
  note: requiredText(LIMITS.cancelReason, CASE_MESSAGES.noteRequired),
});
export type ResolveCaseInput = z.infer<typeof resolveCaseSchema>;
