// What other modules use of discovery: places as an address names them, and the listing pages' categories and places.
export { findPlace, nearestPlaceLabels } from "./places";
export { findCategory, findPlaceBySlug } from "./listings";
export { resolvePlaces } from "./places";
export { listingQuery, listingResults, nearbyCitiesWithCategory } from "./listings";
export type { ListingNarrowing } from "./listings";
export { searchActs } from "./search/search-acts";
export { listShortlist, shortlistedActUrls } from "./shortlists";
export { mapViewOf, usStatesSvg } from "./us-map";
