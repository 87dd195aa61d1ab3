// What other modules use of notifications: telling someone, in the app and by mail if they want it,
// and what a person chose to be told by mail.
export { notificationSettings, notify, notifyOf } from "./notifications";
export { saveEmailSetting } from "./notifications";
export { listNotifications, unreadCount } from "./notifications";
