import { numberFormat } from "./formatters";

export const INVITE_STATES = ["invited", "offered", "booked"] as const;
export type InviteState = (typeof INVITE_STATES)[number];
export const OFFER_STATUSES = ["pending", "accepted", "withdrawn"] as const;

export function formatPrice(cents: number): string {
  return numberFormat({ style: "currency", currency: "USD" }).format(cents / 100);
}
