// What other modules' pages use of discovery: saving an act to the planner's shortlist.
export { ShortlistHeart } from "./shortlist-heart";
export { ActTile } from "./act-tile";
export { Pagination, pageHref } from "./pagination";
export { ResultList } from "./result-list";
export { SearchForm } from "./search-form";
export { ResultMap } from "./result-map";
export { ViewSwitch } from "./view-switch";
