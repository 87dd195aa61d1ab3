// What accounts hands the platform when the product starts (start/): its routes, the work it runs on
// time, and what the demo data and the database's set-up call. Only start/ (and the tests' harness) imports it.
export { authRoutes } from "./api/auth";
export { meRoutes } from "./api/me";
export { userRoutes } from "./api/users";
export { SIGN_IN_LIMIT, createAuth, resolveAuthSecret } from "./auth";
export type { Auth } from "./auth";
