// What other modules use of bookings: the offer waiting in a conversation's thread, and an artist's invites and
// card payments for the acts page.
export { waitingOfferInThread } from "./thread-offer";
export { cardPaymentsOf } from "./card-commands";
export { listArtistInvites } from "./invite-queries";
