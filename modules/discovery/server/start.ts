// What discovery hands the platform when the product starts (start/): its routes, the work it runs on
// time, and what the demo data and the database's set-up call. Only start/ (and the tests' harness) imports it.
export { placeRoutes } from "./api/places";
export { searchRoutes } from "./api/search";
export { shortlistRoutes } from "./api/shortlist";
export { compactFacetCounts } from "./search/facet-counts";
export { applySqlFunctions } from "./search/functions/sql-functions";
export { mapRoutes } from "./map-routes";
