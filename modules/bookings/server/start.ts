// What bookings hands the platform when the product starts (start/): its routes, the work it runs on
// time, and what the demo data and the database's set-up call. Only start/ (and the tests' harness) imports it.
export { eventRoutes } from "./api";
export { bookingRoutes } from "./api/bookings";
export { quoteTemplateRoutes } from "./api/quote-templates";
export { newBookingNumber } from "./booking-number";
export { scheduleBooking } from "./booking-schedule";
export { releaseHeldPayments, releasePayment } from "./card-payouts";
export { PDF_PATHS, bookingPdfRoutes } from "./pdf-routes";
export { processJobHandlers } from "./process-jobs";
export type { ProcessJobKind } from "./process-jobs";
