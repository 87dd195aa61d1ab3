// What seo hands the platform when the product starts (start/): its routes, the work it runs on
// time, and what the demo data and the database's set-up call. Only start/ (and the tests' harness) imports it.
export { seoRoutes } from "./api";
export { loadContent } from "./content-load";
export { sitemapRoutes } from "./sitemap-routes";
export { makePagesAhead } from "./pages-ahead";
