// What other modules' pages use of availability: a planner's question whether the act is free on a date.
export { CheckAvailability } from "./check-availability";
export { FeedAddress, Subscriptions } from "./calendar-sources";
export { MonthGrid, StatusLegend } from "./month-grid";
