// What other modules' pages use of moderation: an admin's actions, history and review tools on an act's page,
// and the tags dialog with an act's pending tag request.
export { AddReviewDialog } from "./add-review-dialog";
export { ModerationActions } from "./moderation-actions";
export { ModerationHistory } from "./moderation-history";
export { PendingTagRequest } from "./pending-tag-request";
export { TagsDialog } from "./tags-dialog";
export { ApproveActDialog } from "./approve-act-dialog";
export { DeclineActDialog } from "./decline-act-dialog";
export { QueueNav } from "./queue-nav";
