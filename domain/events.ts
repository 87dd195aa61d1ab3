import { numberFormat } from "./formatters";

export type InviteState = "invited" | "offered" | "booked";

export function formatPrice(cents: number): string {
  return numberFormat({ style: "currency", currency: "USD" }).format(cents / 100);
}
