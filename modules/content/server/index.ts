// What pages and other modules use of content's server code.
export { reviewableEvents, unreviewedBookings } from "./planner-reviews";
export { reviewSourceCounts } from "./reviews";
