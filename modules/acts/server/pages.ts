// What pages use of acts beyond the entry other modules use (index.ts): the whole profile as a page shows it, and
// a new act. Both assemble other modules (content, conversations, moderation, discovery, files), which themselves
// use acts' entry, so other modules may not import this one: that would run an arrow back up.
export { createAct } from "./act-profile-edit";
export { visibleProfileOr404, visibleProfilePageOr404 } from "./visible-act-pages";
