// What other modules and the pages' frame use of bookings: the offer waiting in a conversation's thread, an
// artist's invites and card payments for the acts page, and the open cases the header counts for admins.
export { waitingOfferInThread } from "./thread-offer";
export { cardPaymentsOf } from "./card-commands";
export { listArtistInvites } from "./invite-queries";
export { countOpenCases } from "./cases";
