export const INVITE_STATES = ["invited", "offered", "booked"] as const;
export type InviteState = (typeof INVITE_STATES)[number];
export const OFFER_STATUSES = ["pending", "accepted", "withdrawn"] as const;

