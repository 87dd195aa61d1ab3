// What other modules use of discovery: places, as an event's or an act's address names them.
export { findPlace, nearestPlaceLabels } from "./places";
