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

  it("generate an introduction true of the page", () => {
    expect(
      generatedListingIntro({
        category: "DJs",
        city: "Dallas, TX",
        total: 6,
        related: ["Funk", "Dance Music"],
        ratings: [3, 4.5],
      }),
    ).toBe(
      "6 acts listed as DJs within 50 miles of Dallas, TX. Many of them also offer Funk and Dance Music. Those with reviews on this page are rated from 3.0 to 4.5 out of 5.",
    );
    expect(
      generatedListingIntro({ category: "Magicians", city: "Omaha, NE", total: 1, related: [], ratings: [] }),
    ).toBe("1 act listed as Magicians within 50 miles of Omaha, NE.");
  });
});
