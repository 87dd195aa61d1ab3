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
} as const;
export type ModerationAction = keyof typeof MODERATION_ACTIONS;

export interface ModerationEvent {
  id: number;
  action: ModerationAction;
  label: string;
  actor: string | null;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  created_at: string;
}
