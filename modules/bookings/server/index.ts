// What other modules and the pages' frame use of bookings: the offer waiting in a conversation's thread, an
// artist's invites and card payments for the acts page, and the open cases the header counts for admins.
export { waitingOfferInThread } from "./thread-offer";
export { cardPaymentsOf } from "./card-commands";
export { listArtistInvites } from "./invite-queries";
export { keptOpenCaseCount } from "./cases";
export { startCheckout } from "./card-commands";
export { listCases, moneyAlerts, reportProblem, resolveCase } from "./cases";
export { createEvent, updateEvent } from "./event-commands";
export { invitedActUrls, plannerUpcomingEvents } from "./event-queries";
export { inviteActs } from "./invite-commands";
export { recordPayment, recordRefund } from "./payment-commands";
export { acceptTermsOf } from "./accept-terms";
export { keptBookingView, ledgerOf } from "./booking-queries";
export { casesOfBooking } from "./cases";
export { listPlannerEvents, plannersEvent } from "./event-queries";
export { bookInstantly, instantQuote, type InstantQuote } from "./instant-booking";
export { listQuoteTemplates } from "./quote-templates";
