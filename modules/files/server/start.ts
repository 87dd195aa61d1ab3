// What files hands the platform when the product starts (start/): its routes, the work it runs on
// time, and what the demo data and the database's set-up call. Only start/ (and the tests' harness) imports it.
export { documentRoutes } from "./api/documents";
export { mediaRoutes } from "./api/media";
export { videoRoutes } from "./api/media/videos";
export { fileRoutes } from "./file-routes";
export { removeStaleUploads } from "./uploads";
export { removeStaleVideoUploads } from "./videos";
