import { describe, expect, it } from "vitest";
import { categoryLabel, categorySlug, generatedListingIntro, listingPath, listingTitle } from "./listings";

describe("listing pages", () => {
  it("name categories as titles read: kinds of act in the plural, styles and occasions by who plays them", () => {
    expect(categoryLabel({ name: "Magician", type: "Variety Type" })).toBe("Magicians");
    expect(categoryLabel({ name: "DJ", type: "Band Setup" })).toBe("DJs");
    expect(categoryLabel({ name: "Solo", type: "Band Setup" })).toBe("Solo Performers");
    expect(categoryLabel({ name: "Jazz", type: "Genre" })).toBe("Jazz Musicians");
    expect(categoryLabel({ name: "Wedding", type: "Event Type" })).toBe("Wedding Entertainers");
    expect(listingTitle("Magicians", "Austin, TX")).toBe("Magicians for Events in Austin, TX");
  });

  it("write categories as URL segments", () => {
    expect(categorySlug("7+ Piece Band")).toBe("7-piece-band");
    expect(listingPath("Hip Hop", "austin-tx")).toBe("/hire/hip-hop/austin-tx");
  });

  it("generate an introduction true of the page, its reviews counted by where they came from", () => {
    const base = { category: "DJs", city: "Dallas, TX", total: 6, related: ["Funk", "Dance Music"], appName: "EVA" };
    expect(generatedListingIntro({ ...base, shown: 6, reviews: { averages: [3, 4.5], count: 5, verified: 3 } })).toBe(
      "6 acts listed as DJs within 50 miles of Dallas, TX. Many of them also offer Funk and Dance Music. 2 of the 6 acts on this page have reviews (5 reviews: 3 from verified bookings, 2 added by EVA), rated from 3.0 to 4.5 out of 5.",
    );
    expect(generatedListingIntro({ ...base, shown: 1, reviews: { averages: [4], count: 1, verified: 1 } })).toMatch(
      /The act on this page has reviews \(1 review: 1 from verified bookings\), rated 4\.0 out of 5\.$/,
    );
    expect(generatedListingIntro({ ...base, shown: 2, reviews: { averages: [4, 5], count: 2, verified: 0 } })).toMatch(
      /All 2 acts on this page have reviews \(2 reviews: 2 added by EVA\), rated from 4\.0 to 5\.0 out of 5\.$/,
    );
    expect(
      generatedListingIntro({
        category: "Magicians",
        city: "Omaha, NE",
        total: 1,
        related: [],
        shown: 1,
        reviews: { averages: [], count: 0, verified: 0 },
        appName: "EVA",
      }),
    ).toBe("1 act listed as Magicians within 50 miles of Omaha, NE.");
  });
});
