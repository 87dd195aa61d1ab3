// What pages and other modules use of acts's page components.
export { ActFactFields } from "./act-fact-fields";
export type { SignupFailure } from "./create-account-prompt";
export { ProfilePage } from "./profile-page";
export { TravelSection } from "./travel-dialog";
export { TakesSection } from "./takes-dialog";
