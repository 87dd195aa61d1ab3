// What pages and other modules use of seo's server code.
export {
  SEO_PAGE_SIZE,
  countSeoContent,
  createGuide,
  createSeoEntry,
  curatedListingFor,
  findGuide,
  findSeoEntry,
  listGuides,
  listSeoEntries,
  updateGuide,
  updateSeoEntry,
} from "./seo";
