// What other modules use of notifications: telling someone, in the app and by mail if they want it.
export { notify } from "./notifications";
