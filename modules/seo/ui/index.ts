// What pages and other modules use of seo's page components.
export { SerpPreview } from "./serp-preview";
