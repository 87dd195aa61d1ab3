import { numberFormat } from "./formatters";

/** The most an offering may ask: $1,000,000, in US cents. */
export const MAX_PRICE_CENTS = 100_000_000;
/** The most a search's budget may say, in whole dollars. */
export const MAX_BUDGET_DOLLARS = MAX_PRICE_CENTS / 100;

/**
 * The most any amount of money a person enters may be (an offer's price and deposit, a refund,
 * a case's refund): $999,999.99, Stripe's largest charge, so that nothing agreed is more than
 * one card payment could carry. An offering's advertised price and a search's budget keep
 * MAX_PRICE_CENTS: they are never charged.
 */
export const MAX_AMOUNT_CENTS = 99_999_999;
/** Stripe's smallest charge in US dollars: $0.50. */
export const MIN_CARD_CENTS = 50;

/** Whether one card payment may carry this amount (Stripe's bounds); 0 is no payment at all. */
export function fitsOneCardPayment(cents: number): boolean {
  return cents === 0 || (cents >= MIN_CARD_CENTS && cents <= MAX_AMOUNT_CENTS);
}

/** An offer's price to the cent: "$8,500.00". */
export function formatPrice(cents: number): string {
  return numberFormat({ style: "currency", currency: "USD" }).format(cents / 100);
}

/** "$1,500", or "$1,500.50" when there are cents. */
export function formatDollars(cents: number): string {
  const whole = cents % 100 === 0;
  return numberFormat({
    style: "currency",
    currency: "USD",
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(cents / 100);
}

/** "From $1,500": what cards, listings and the profile say of an act's lowest price. */
export function priceFromText(cents: number): string {
  return `From ${formatDollars(cents)}`;
}

/** An offering's price as a planner reads it: "$1,500 – $3,000", "$1,500", or "From $1,500" with no top. */
export function priceRangeText(from: number, to: number | null): string {
  if (to === null) return priceFromText(from);
  return to === from ? formatDollars(from) : `${formatDollars(from)} – ${formatDollars(to)}`;
}

/** An act's "from" price: the lowest of its offerings', or null when none has one. */
export function lowestPrice(offerings: readonly { price_from_cents: number | null }[]): number | null {
  let lowest: number | null = null;
  for (const { price_from_cents: cents } of offerings)
    if (cents !== null && (lowest === null || cents < lowest)) lowest = cents;
  return lowest;
}

/**
 * Dollars as typed into a form ("1,500", "$1500.5", " 800 ") as whole cents; "" is no price
 * (null), and anything else that is not an amount of dollars is NaN, for the schema to refuse.
 */
export function centsOfDollars(typed: string): number | null {
  const plain = typed.trim().replace(/^\$/, "").replace(/,/g, "");
  if (plain === "") return null;
  if (!/^\d+(\.\d{1,2})?$/.test(plain)) return Number.NaN;
  return Math.round(Number(plain) * 100);
}

/** Cents as a form shows them for editing: "1500", "1500.50"; null is "". */
export function dollarsOfCents(cents: number | null): string {
  if (cents === null) return "";
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/**
 * Whether an amount of dollars is a whole number of cents (12.34, not 12.345). Dollars with two
 * decimals are not exact in binary (0.29 * 100 is 28.999…), so "whole" allows that float error.
 */
export function isWholeCents(dollars: number): boolean {
  const cents = dollars * 100;
  return Number.isFinite(cents) && Math.abs(cents - Math.round(cents)) < 1e-6;
}
