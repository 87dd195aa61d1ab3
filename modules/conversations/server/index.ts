// What other modules use of conversations: the event's thread that the booking process writes its steps into,
// and an act's response facts.
export { recordInEventConversation } from "./conversations";
export { responseFacts } from "./response-facts";
export { findReadableConversation, keptPlannerThreadsWithAct, postMessage, unreadMessageCount } from "./conversations";
export { listConversations, readKeptConversation } from "./conversations";
