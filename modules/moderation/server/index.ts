// What other modules use of moderation: the act's row locked for a decision, the moderation log and its history,
// an act's pending tag requests, and how much waits for an admin.
export { lockAct } from "./act-moderation";
export { moderationHistory, recordModeration } from "./moderation-log";
export { pendingRequests } from "./act-tags";
export { countWaitingForAdmin } from "./admin-queues";
export {
  QUEUE_PAGE_SIZE,
  QUEUE_STATUSES,
  countActsByStatus,
  listActsByStatus,
  listPendingTagRequests,
} from "./admin-queues";
