import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  centsOfDollars,
  dollarsOfCents,
  formatDollars,
  isWholeCents,
  lowestPrice,
  priceFromText,
  priceRangeText,
} from "./prices";
import { offeringFormSchema, offeringInputOfForm } from "#modules/content/offering-schemas";

describe("prices", () => {
  it("reads as planners read prices", () => {
    expect(formatDollars(150_000)).toBe("$1,500");
    expect(formatDollars(150_050)).toBe("$1,500.50");
    expect(formatDollars(0)).toBe("$0");
    expect(priceFromText(250_000)).toBe("From $2,500");
    expect(priceRangeText(150_000, 300_000)).toBe("$1,500 – $3,000");
    expect(priceRangeText(150_000, 150_000)).toBe("$1,500");
    expect(priceRangeText(150_000, null)).toBe("From $1,500");
  });

  it("an act's price is its offerings' lowest start", () => {
    expect(lowestPrice([])).toBeNull();
    expect(lowestPrice([{ price_from_cents: null }])).toBeNull();
    expect(lowestPrice([{ price_from_cents: 90_000 }, { price_from_cents: null }, { price_from_cents: 0 }])).toBe(0);
  });

  it("takes dollars as people type them", () => {
    expect(centsOfDollars("1,500")).toBe(150_000);
    expect(centsOfDollars(" $1500.5 ")).toBe(150_050);
    expect(centsOfDollars("")).toBeNull();
    expect(centsOfDollars("1.234")).toBeNaN();
    expect(centsOfDollars("-5")).toBeNaN();
    expect(centsOfDollars("ten")).toBeNaN();
    expect(dollarsOfCents(150_050)).toBe("1500.50");
    expect(dollarsOfCents(150_000)).toBe("1500");
    expect(dollarsOfCents(null)).toBe("");
  });

  it("the form says what the API would say, on the fields in dollars", () => {
    const form = { title: "Set", description: "Music", eventTypes: [1] };
    const byQuote = { instant: false, instant_price: "", instant_deposit: "", instant_policy: "", instant_terms: "" };
    const errors = (price_from: string, price_to: string) =>
      offeringFormSchema
        .safeParse({ ...form, ...byQuote, price_from, price_to })
        .error?.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(errors("", "")).toBeUndefined();
    expect(errors("ten", "")).toEqual([["price_from", "Enter a price from $0 to $1,000,000"]]);
    expect(errors("1000001", "")).toEqual([["price_from", "Enter a price from $0 to $1,000,000"]]);
    expect(errors("", "500")).toEqual([["price_from", "Enter the starting price too"]]);
    expect(errors("500", "499.99")).toEqual([["price_to", "The top of the range can't be below its start"]]);
    expect(offeringInputOfForm({ ...form, ...byQuote, price_from: "1,500", price_to: "" })).toEqual({
      ...form,
      price_from_cents: 150_000,
      price_to_cents: null,
      instant: null,
    });
  });
});

describe("whole cents", () => {
  it("takes dollars with at most two decimals, whatever their float error, and refuses a fraction of a cent", () => {
    for (const dollars of [1, 0.29, 12.34, 1500.5, 99_999.99, 1_000_000])
      expect(isWholeCents(dollars), String(dollars)).toBe(true);
    for (const dollars of [12.345, 0.001, 1500.505, Number.NaN, Number.POSITIVE_INFINITY])
      expect(isWholeCents(dollars), String(dollars)).toBe(false);
  });

  it("agrees with whole cents typed as dollars", () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 100_000_000 }), (cents) => isWholeCents(cents / 100)));
  });
});
