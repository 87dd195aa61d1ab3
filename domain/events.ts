/** How the product shows an event's start: "Dec 22, 2026, 7:00 PM UTC". Times are UTC until events carry a time zone. */
export function shortStartTime(iso: string | Date): string {
  const date = typeof iso === "string" ? new Date(iso) : iso;
  return `${date.toLocaleString("en-US", { month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit", timeZone: "UTC" })} UTC`;
}

export type InviteState = "invited" | "offered" | "booked";

export function formatPrice(cents: number): string {
  return (cents / 100).toLocaleString("en-US", { style: "currency", currency: "USD" });
}
