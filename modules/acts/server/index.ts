// What other modules use of acts: whether a viewer may see an act and manage it, the act locked for a write,
// the tags, the application's facts, what its travel costs to a place, the acts an artist manages, and an act's row as a page shows it (the 404 page
// for one the viewer may not see). What assembles other modules (the whole profile, a new act) is in pages.ts.
export { applicationFacts } from "./act-application";
export { actAccess, findVisibleAct } from "./act-visibility";
export { lockActById, requireManagedAct, requireManagedActById } from "./managed-act";
export { listTags } from "./tags";
export { visibleActOr404 } from "./visible-act-page";
export { listOwnActs } from "./act-application";
export { onAct } from "./on-act";
export { placePoint, travelCentsTo } from "./act-travel";
export { eventMisfits, setTakes } from "./act-takes";
