// What other modules use of acts: whether a viewer may see an act and manage it, the act locked for a write,
// the tags, the application's facts, and the act as a page shows it (the 404 page for one the viewer may not see).
export { applicationFacts } from "./act-application";
export { actAccess, findVisibleAct } from "./act-visibility";
export { lockActById, requireManagedAct, requireManagedActById } from "./managed-act";
export { listTags } from "./tags";
export { visibleActOr404 } from "./visible-act-page";
