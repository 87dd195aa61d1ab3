// What other modules' pages use of bookings: inviting an act to one of the planner's events.
export { InviteToEventDialog } from "./invite-to-event-dialog";
export { AcceptOfferDialog } from "./accept-offer-dialog";
export { CancelBookingDialog } from "./cancel-booking-dialog";
export { EventDetails } from "./event-details";
export { EMPTY_EVENT, EventFormFields, eventBodyOf } from "./event-form-fields";
export { OfferTerms } from "./offer-terms";
export { PaymentList } from "./payment-list";
export { PaymentMethodSelect } from "./payment-method-select";
export { ReportProblem } from "./report-problem";
export { OfferForm } from "./offer-form";
export { BookingView } from "./booking-view";
export type { BookingActionData, BookingPageData } from "./booking-view";
export { InstantBookingView } from "./instant-booking-view";
export type { InstantBookingActionData, InstantBookingPageData } from "./instant-booking-view";
export { InviteCard } from "./invite-card";
export { QuoteTemplates } from "./quote-templates";
