// What other modules use of availability: whether an act is free on a day, for invites and offers.
export { dayStatus, isFreeOn } from "./availability";
export { actsNotFreeOn, notFreeOn } from "./not-free-on";
export { actTimeZone, unavailableDays, upcomingBlocks } from "./availability";
export { actFeedAddress } from "./calendar-feed";
export { listCalendars } from "./calendar-subscriptions";
