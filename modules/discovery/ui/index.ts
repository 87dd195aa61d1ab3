// What other modules' pages use of discovery: saving an act to the planner's shortlist.
export { ShortlistHeart } from "./shortlist-heart";
