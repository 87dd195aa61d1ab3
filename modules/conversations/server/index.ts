// What other modules use of conversations: the event's thread that the booking process writes its steps into.
export { recordInEventConversation } from "./conversations";
