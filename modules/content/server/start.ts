// What content hands the platform when the product starts (start/): its routes, the work it runs on
// time, and what the demo data and the database's set-up call. Only start/ (and the tests' harness) imports it.
export { contentRoutes } from "./api/content";
export { reviewRoutes } from "./api/reviews";
