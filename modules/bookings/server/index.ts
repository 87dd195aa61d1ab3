// What other modules use of bookings: the offer waiting in a conversation's thread.
export { waitingOfferInThread } from "./thread-offer";
