// What other modules use of accounts: the per-account limits on actions (messages, requests), the admins (told
// of a new case), and the session
// token a request carries.
export { accountActionsLeft, takeAccountAction } from "./account-limits";
export { adminIds } from "./admins";
