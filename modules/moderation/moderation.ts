import { z } from "zod";

/** The moderation actions recorded in an act's history, with how admins read them. */
export const MODERATION_ACTIONS = {
  approve: "Approved",
  decline: "Declined",
  reassign: "Reassigned",
  feature: "Featured",
  unfeature: "Unfeatured",
  nationally_recognized: "Marked Nationally Recognized",
  not_nationally_recognized: "Unmarked Nationally Recognized",
  internal_use_only: "Marked For Internal Use Only",
  not_internal_use_only: "Unmarked For Internal Use Only",
  edit_tags: "Edited tags",
  accept_tag_request: "Accepted tag update request",
  decline_tag_request: "Declined tag update request",
  add_review: "Added a review",
  delete_review: "Deleted a review",
  resubmit: "Submitted again after a decline",
} as const;
export type ModerationAction = keyof typeof MODERATION_ACTIONS;

export const moderationEventSchema = z
  .object({
    id: z.number().int(),
    action: z.enum(Object.keys(MODERATION_ACTIONS) as [ModerationAction, ...ModerationAction[]]),
    label: z.string(),
    actor: z.string().nullable().describe("The admin's name; null when the account is gone"),
    before: z.record(z.string(), z.unknown()),
    after: z.record(z.string(), z.unknown()),
    changes: z
      .array(z.object({ field: z.string(), before: z.string(), after: z.string() }))
      .describe(
        "What the action changed, field by field, in the words the history shows (tags by name, people by name)",
      ),
    created_at: z.iso.datetime(),
  })
  .meta({
    id: "ModerationEvent",
    description: "One entry of an act's moderation history (admins only)",
    example: {
      id: 7,
      action: "approve",
      label: "Approved",
      actor: "Ada Admin",
      before: { active: false, declined: false, application_complete: true },
      after: { active: true, declined: false, application_complete: true },
      changes: [{ field: "Status", before: "Pending Approval", after: "Approved" }],
      created_at: "2026-11-01T09:30:00.000Z",
    },
  });
export type ModerationEvent = z.infer<typeof moderationEventSchema>;
