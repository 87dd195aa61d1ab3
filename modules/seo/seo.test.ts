import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  guideBodyFromText,
  guideBodyToText,
  guideLinksFromText,
  guideLinksToText,
  paragraphsFromText,
  serpCut,
  seoEntryPath,
  seoWarnings,
} from "./seo";

describe("serpCut", () => {
  it("keeps text that fits, and cuts longer text at a word with an ellipsis", () => {
    expect(serpCut("  Jazz   bands in Austin ", 60)).toBe("Jazz bands in Austin");
    expect(serpCut("Wedding bands, DJs and string quartets for every kind of celebration", 40)).toBe(
      "Wedding bands, DJs and string quartets…",
    );
  });

  it("never passes the limit, whatever the text", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.integer({ min: 10, max: 200 }), (text, max) => {
        expect(serpCut(text, max).length).toBeLessThanOrEqual(max);
      }),
    );
  });
});

describe("seoWarnings", () => {
  it("says when engines cut a title or description, or when either is too short to help", () => {
    expect(seoWarnings({ title: "A good title of a sensible length", description: "d".repeat(120) })).toEqual([]);
    expect(seoWarnings({ title: "t".repeat(61), description: "d".repeat(161) })).toEqual([
      "The title has 61 characters; search engines show about 60, so the end is cut.",
      "The description has 161 characters; search engines show about 160, so the end is cut.",
    ]);
    expect(seoWarnings({ title: "Short", description: "Brief." })).toEqual([
      "The title has 5 characters; under 20 it says little about the page.",
      "The description has 6 characters; under 70 engines often write their own.",
    ]);
  });
});

describe("guide text", () => {
  it("reads paragraphs apart by blank lines and sections opened by ## lines", () => {
    expect(paragraphsFromText("One\nline.\n\n\n  Two.  \n")).toEqual(["One line.", "Two."]);
    expect(guideBodyFromText("Intro.\n\n## First\n\nA.\n\nB.\n## Second\nC.")).toEqual({
      paragraphs: ["Intro."],
      sections: [
        { heading: "First", paragraphs: ["A.", "B."] },
        { heading: "Second", paragraphs: ["C."] },
      ],
    });
    expect(guideBodyFromText("## Only a heading").sections).toEqual([{ heading: "Only a heading", paragraphs: [] }]);
  });

  it("writes back what it reads", () => {
    const words = fc.stringMatching(/^[A-Za-z0-9.,']+( [A-Za-z0-9.,']+){0,5}$/);
    fc.assert(
      fc.property(
        fc.array(words, { maxLength: 4 }),
        fc.array(fc.record({ heading: words, paragraphs: fc.array(words, { minLength: 1, maxLength: 3 }) }), {
          maxLength: 3,
        }),
        (paragraphs, sections) => {
          expect(guideBodyFromText(guideBodyToText({ paragraphs, sections }))).toEqual({ paragraphs, sections });
        },
      ),
    );
    const links = [{ label: "DJs in Austin, TX", path: "/hire/dj/austin-tx" }];
    expect(guideLinksFromText(guideLinksToText(links))).toEqual(links);
    expect(guideLinksFromText("No path here\n\n")).toEqual([{ label: "No path here", path: "" }]);
  });

  it("names the page an entry is for", () => {
    expect(seoEntryPath("act", "dj-nova")).toBe("/entertainment/dj-nova");
    expect(seoEntryPath("listing", "/hire/dj/austin-tx")).toBe("/hire/dj/austin-tx");
  });
});
