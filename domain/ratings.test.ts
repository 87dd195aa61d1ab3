import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  averageRating,
  clampRating,
  formatAverage,
  ratingDistribution,
  reviewerShownName,
  reviewSourceLabel,
} from "./ratings";

describe("ratings", () => {
  it("clamps to the 1-to-5 scale", () => {
    expect(clampRating(0)).toBe(1);
    expect(clampRating(7)).toBe(5);
    expect(clampRating(3.5)).toBe(3.5);
    expect(clampRating(Number.NaN)).toBe(1);
    fc.assert(
      fc.property(fc.double(), (value) => {
        const clamped = clampRating(value);
        expect(clamped).toBeGreaterThanOrEqual(1);
        expect(clamped).toBeLessThanOrEqual(5);
      }),
    );
  });

  it("averages to one decimal, null without ratings", () => {
    expect(averageRating([])).toBeNull();
    expect(averageRating([5, 4, 4])).toBe(4.3);
    expect(averageRating([5, 5, 4, 5, 3, 4, 5, 2, 5, 4, 1, 5])).toBe(4);
    expect(formatAverage(4)).toBe("4.0");
    expect(formatAverage(null)).toBeNull();
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1 }), (ratings) => {
        const average = averageRating(ratings)!;
        expect(average).toBeGreaterThanOrEqual(1);
        expect(average).toBeLessThanOrEqual(5);
        expect(Math.round(average * 10)).toBeCloseTo(average * 10, 6);
      }),
    );
  });

  it("counts every rating in the 1-to-5 distribution", () => {
    expect(ratingDistribution([5, 5, 1, 3, 9, 0])).toEqual({ 1: 2, 2: 0, 3: 1, 4: 0, 5: 3 });
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -10, max: 10 })), (ratings) => {
        const distribution = ratingDistribution(ratings);
        expect(Object.values(distribution).reduce((a, b) => a + b, 0)).toBe(ratings.length);
      }),
    );
  });
});

describe("reviewerShownName", () => {
  it("first name and last initial, whoever wrote the review", () => {
    expect(reviewerShownName("Megan Rodriguez")).toBe("Megan R.");
    expect(reviewerShownName("  Pat  van der planner ")).toBe("Pat P.");
    expect(reviewerShownName("Megan R.")).toBe("Megan R.");
    expect(reviewerShownName("Cher")).toBe("Cher");
    expect(reviewerShownName("Chris and Dana")).toBe("Chris and Dana");
  });
});

describe("a review's label", () => {
  it("says a booking, with what and when it was, or that an admin added it", () => {
    expect(reviewSourceLabel({ source: "booking", event_type: "Wedding", event_month: "June 2027" }, "EVA")).toBe(
      "Verified booking · Wedding · June 2027",
    );
    expect(reviewSourceLabel({ source: "booking", event_type: null, event_month: "June 2027" }, "EVA")).toBe(
      "Verified booking · June 2027",
    );
    expect(reviewSourceLabel({ source: "admin" }, "EVA")).toBe("Added by EVA");
  });
});
