// What conversations hands the platform when the product starts (start/): its routes, the work it runs on
// time, and what the demo data and the database's set-up call. Only start/ (and the tests' harness) imports it.
export { conversationRoutes } from "./api";
export { createConversationHub } from "./conversation-hub";
export type { ConversationHub, HubTimes } from "./conversation-hub";
export { refreshAllResponseFacts } from "./response-facts";
